/**
 * The lengths of one record: characters of its render in a format, messages, turns (user
 * messages) and, with a tokenizer, tokens and trained tokens of that render (core/tokens
 * measureTokens). What the app's lengths pass and `parley stats` count per record; the
 * training view reuses it.
 */
import type { Format, RenderHow, Rendered } from '../../formats/types.ts';
import type { ParleyRecord } from '../../model/types.ts';
import type { OptionValues } from '../../shared/options.ts';
import { TokenizerEncodeError } from '../../tokens/check.ts';
import { measureTokens } from '../../tokens/measure.ts';
import type { MaskOptions, Tokenizer, TokenMeasure } from '../../tokens/types.ts';

export interface RecordLengths {
  /** Characters of the render (Unicode code points: an emoji is one, as a person counts). */
  chars: number;
  /** Messages of any role (0 for a document). */
  messages: number;
  /** User messages: one per exchange (as the record list's summary counts them). */
  turns: number;
  /** Tokens of the render, with the tokenizer given. */
  tokens?: number;
  /** Of those, the tokens trained after the mask options. */
  trained?: number;
}

export interface MeasureTokens {
  tokenizer: Pick<Tokenizer, 'encode'>;
  mask?: MaskOptions;
}

export interface MeasuredRecord {
  lengths: RecordLengths;
  /** The token figures (for the token lint rules), when a tokenizer was given and could read the render. */
  tokens?: TokenMeasure;
  /** Why the render has no token count: the tokenizer has no id for a piece of it (TokenizerEncodeError). */
  tokenError?: string;
  /** The render itself, for a caller that checks the record too (no second render). */
  rendered: Rendered;
}

/** Code points of `text`: UTF-16 units less the second half of each surrogate pair. */
export function countCharacters(text: string): number {
  let low = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xdc00 && unit <= 0xdfff && i > 0) {
      const before = text.charCodeAt(i - 1);
      if (before >= 0xd800 && before <= 0xdbff) low++;
    }
  }
  return text.length - low;
}

/** Messages and user messages of a record (a document has neither). */
export function messageCounts(record: ParleyRecord): { messages: number; turns: number } {
  if (record.kind === 'document') return { messages: 0, turns: 0 };
  let turns = 0;
  for (const message of record.messages) if (message.role === 'user') turns++;
  return { messages: record.messages.length, turns };
}

/**
 * Renders `record` in `format` and measures it. Spans are built only for the token mask (with
 * a tokenizer); without one the render is text only.
 */
export function measureRecord(record: ParleyRecord, format: Format<OptionValues>, options: Partial<OptionValues> | undefined, withTokens?: MeasureTokens): MeasuredRecord {
  const how: RenderHow = withTokens ? {} : { spans: false };
  const rendered = format.render(record, options, how);
  const lengths: RecordLengths = { chars: countCharacters(rendered.text), ...messageCounts(record) };
  if (!withTokens) return { lengths, rendered };
  try {
    const tokens = measureTokens(withTokens.tokenizer, record, rendered, withTokens.mask);
    lengths.tokens = tokens.tokens;
    lengths.trained = tokens.trained;
    return { lengths, tokens, rendered };
  } catch (error) {
    if (!(error instanceof TokenizerEncodeError)) throw error;
    return { lengths, tokenError: error.message, rendered };
  }
}
