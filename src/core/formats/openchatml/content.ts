/**
 * Message content and document files as text: text as written, parts one after another with no
 * separator (text parts and FIM segments; images and values have no OpenChatML form).
 */
import type { FieldPath } from '../../model/path.ts';
import type { Part } from '../../model/types.ts';
import { CODES } from './codes.ts';
import type { Emitter } from './emitter.ts';
import { renderFim } from './fim.ts';
import { nodeOf, withOrigin } from './json-node.ts';

/**
 * Writes `parts` (at `path`, the `parts` field). Parts OpenChatML cannot express are named in
 * `lost` (the caller reports them once per message or file).
 */
export function renderParts(e: Emitter, parts: readonly Part[], path: FieldPath, trainable: boolean, lost: string[]): void {
  parts.forEach((part, k) => {
    const partPath: FieldPath = [...path, k];
    switch (part.type) {
      case 'text':
        e.content(part.text, [...partPath, 'text'], trainable);
        return;
      case 'fim':
        renderFim(e, part, partPath, trainable);
        return;
      case 'image':
        lost.push(`image part ${k + 1} (OpenChatML is text only; it is not rendered)`);
        return;
      case 'value':
        // A value is content; its JSON text is the closest text form (spec 002 value parts).
        lost.push(`value part ${k + 1} is written as its JSON text`);
        e.json(withOrigin(nodeOf(part.value), { path: [...partPath, 'value'], author: true }), { indent: undefined, style: e.options.jsonStyle, ensureAscii: e.options.ensureAscii }, trainable);
        return;
    }
  });
}

/**
 * One "lost in conversion" diagnostic listing what the field at `path` loses: a warning (content
 * lost), or an info for what OpenChatML replaces by other means (call ids: outputs pair with
 * calls by order; a harmless difference).
 */
export function reportLost(e: Emitter, lost: readonly string[], path: FieldPath, severity: 'warning' | 'info' = 'warning'): void {
  if (lost.length === 0) return;
  const message = `lost in conversion: ${lost.join('; ')}.`;
  if (severity === 'info') e.info(CODES.lost, message, path, 'harmless');
  else e.warn(CODES.lost, message, path);
}
