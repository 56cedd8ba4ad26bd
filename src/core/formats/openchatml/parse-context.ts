/** State shared by the parts of one parse: diagnostics, the FIM order in use, calls awaiting outputs. */
import { warning, type Diagnostic } from '../../model/diagnostic.ts';
import type { FieldPath } from '../../model/path.ts';
import type { Content, Part } from '../../model/types.ts';
import { PARSE_CODES } from './codes.ts';
import type { FimOrder } from './options.ts';
import { detectFimOrder, hasFimToken, parseFimParts } from './parse-fim.ts';

export class ParseContext {
  readonly diagnostics: Diagnostic[] = [];
  /** Names of the calls waiting for outputs, in order (as the renderer pairs them). */
  readonly pendingCalls: string[] = [];

  /** `fimOrder`: the caller's option; undefined means "read it from the first segment". */
  constructor(public fimOrder: FimOrder | undefined) {}

  /** Text as parts when it holds FIM segments (undefined: plain text). `path` names the field for diagnostics. */
  parts(text: string, path: FieldPath): Part[] | undefined {
    if (!hasFimToken(text)) return undefined;
    this.fimOrder ??= detectFimOrder(text);
    const parts = this.fimOrder === undefined ? undefined : parseFimParts(text, this.fimOrder);
    const leftover = parts === undefined ? [text] : parts.flatMap((part) => (part.type === 'text' ? [part.text] : []));
    if (leftover.some(hasFimToken)) {
      const seen = detectFimOrder(text);
      const hint = seen !== undefined && seen !== this.fimOrder ? ` (they are in the ${seen} order: parse with that fimOrder)` : '';
      this.diagnostics.push(warning(PARSE_CODES.fimOrder, `FIM tokens here do not form a complete segment in the ${this.fimOrder ?? 'spec'} order${hint}; they are kept as text.`, path));
    }
    return parts;
  }

  content(text: string, path: FieldPath): Content {
    const parts = this.parts(text, path);
    return parts === undefined ? { type: 'text', text } : { type: 'parts', parts };
  }
}
