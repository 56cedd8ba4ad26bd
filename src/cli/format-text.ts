/**
 * Text given to `parley parse` must be in the format at all: empty input, or text without a
 * single token of the format (prose, JSON, another format), is bad input (one line, exit 2),
 * not a conversation with parse errors. Text with tokens that is malformed somewhere is still
 * parsed, with diagnostics.
 */
import type { Format, OptionValues } from '../core/index.ts';
import { CliError } from './errors.ts';

/**
 * Every token of a format has a name in it (`<|im_start|>`, `<<SYS>>`, `[BOS]`); a token
 * without a letter (RWKV's `>>`, which only closes a `<<TOOL_CALL …` tag) means nothing alone.
 */
function recognisable(format: Format<OptionValues>): string[] {
  return format.specialTokens.map((t) => t.token).filter((token) => /\p{L}/u.test(token));
}

export function requireFormatText(text: string, format: Format<OptionValues>, name: string, command: string): void {
  if (text === '') throw new CliError(`${command}: ${name} is empty; expected ${format.label} text`);
  const tokens = recognisable(format);
  if (tokens.some((token) => text.includes(token))) return;
  const examples = tokens.slice(0, 2).join(', ');
  throw new CliError(`${command}: ${name} is not ${format.label} text: it has none of the format's tokens (such as ${examples}); is --format right?`);
}
