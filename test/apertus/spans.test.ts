/**
 * Span properties of the native Apertus renderer on generated conversations (valid or not):
 * spans cover every character, sorted and contiguous, merged when alike; content spans hold
 * exactly the text of the field their path names; special spans hold special tokens; the
 * training mask follows the rules (assistant text, inner/outer/tools tokens and
 * `<|assistant_end|>` are trainable; `<|assistant_start|>`, tool outputs and tool messages are not).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { render } from '../../src/core/formats/apertus/render.ts';
import { toJson } from '../../src/core/formats/apertus/jinja-values.ts';
import { TOKEN_STRINGS } from '../../src/core/formats/apertus/tokens.ts';
import type { Span } from '../../src/core/formats/types.ts';
import type { FieldPath } from '../../src/core/model/path.ts';
import type { Conversation } from '../../src/core/model/types.ts';
import { apertusJsonCodec } from '../../src/core/interchange/apertus-json/index.ts';
import { conversationCase } from './arbitraries.ts';

/** The model value a path names (paths mirror model field names). */
function valueAt(record: Conversation, path: FieldPath): unknown {
  let value: unknown = record;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[segment];
  }
  return value;
}

/** The text a content span must hold, or undefined when the path names no text field. */
function expectedText(record: Conversation, path: FieldPath): string | undefined {
  const value = valueAt(record, path);
  const last = path[path.length - 1];
  if (path[0] === 'tools' && path.length > 3) {
    // Inside a schema: a property name (path ends at the property), a description or a default.
    if (last === 'default') return undefined; // written with tojson or +, checked by the differential test
    if (path[path.length - 2] === 'properties') return String(last);
    return typeof value === 'string' ? value : undefined;
  }
  if (typeof value === 'string') return value;
  if (value !== null && typeof value === 'object' && (value as { type?: unknown }).type === 'text') return (value as { text: string }).text;
  return undefined;
}

function isTrainableExpected(record: Conversation, span: Span, text: string): boolean | undefined {
  if (text === '<|assistant_start|>') return false;
  if (text === '<|assistant_end|>') return true;
  if (span.path.includes('outputs')) return false;
  const blocksAt = span.path.indexOf('blocks');
  if (blocksAt >= 0 && (valueAt(record, span.path.slice(0, blocksAt + 2)) as { type?: string } | undefined)?.type === 'tool_outputs') return false;
  const [head, index] = span.path;
  if (head !== 'messages' || typeof index !== 'number') return span.path.length === 0 || head === 'tools' ? false : undefined;
  const role = record.messages[index]?.role;
  if (role === 'tool' || role === 'user' || role === 'system' || role === 'developer') return false;
  return role === 'assistant' ? true : undefined;
}

describe('Apertus spans', () => {
  it('cover the text exactly and point at the fields that produced it', () => {
    fc.assert(
      fc.property(conversationCase, ({ json, options }) => {
        const decoded = apertusJsonCodec.decode(json);
        if (decoded.record?.kind !== 'chat') return;
        const record = decoded.record;
        const { text, spans } = render(record, options);
        const specials = [...TOKEN_STRINGS, options.bosToken].filter((t) => t !== '');
        // Plain checks with one expect on failure: per-span expects would dominate the run time.
        const problems: string[] = [];
        let at = 0;
        spans.forEach((span, i) => {
          if (span.start !== at || span.end <= span.start) problems.push(`span ${i} [${span.start}, ${span.end}) after ${at}`);
          at = span.end;
          const previous = spans[i - 1];
          if (previous && previous.kind === span.kind && previous.trainable === span.trainable && JSON.stringify(previous.path) === JSON.stringify(span.path)) {
            problems.push(`spans ${i - 1} and ${i} should have been merged`);
          }
          const slice = text.slice(span.start, span.end);
          if (span.kind === 'content') {
            const expected = expectedText(record, span.path);
            if (expected !== undefined && slice !== expected) problems.push(`content ${JSON.stringify(slice)} at ${JSON.stringify(span.path)} is not the field's ${JSON.stringify(expected)}`);
            if (expected === undefined && span.path.at(-1) !== 'default' && span.path.at(-1) !== 'description') problems.push(`content at ${JSON.stringify(span.path)} names no text field`);
          } else if (span.kind === 'special') {
            // Adjacent special tokens of one path merge: the slice is one or more tokens.
            let rest = slice;
            while (rest.length > 0) {
              const token = specials.find((t) => rest.startsWith(t));
              if (token === undefined) {
                problems.push(`special span ${JSON.stringify(slice)} is not made of special tokens`);
                break;
              }
              rest = rest.slice(token.length);
            }
          }
          const trainable = isTrainableExpected(record, span, span.kind === 'special' ? slice : '');
          if (trainable !== undefined && span.trainable !== trainable) problems.push(`${JSON.stringify(slice)} at ${JSON.stringify(span.path)} should have trainable ${trainable}`);
        });
        expect(problems).toEqual([]);
        expect(at).toBe(text.length);
      }),
      { numRuns: 2000 },
    );
  });

  it('use tojson text for tojson defaults', () => {
    expect(toJson({ a: [1, 'x'] })).toBe('{"a": [1, "x"]}');
  });
});
