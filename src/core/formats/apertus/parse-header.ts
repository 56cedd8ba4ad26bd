/**
 * The fixed start of rendered Apertus text: BOS, the system message (or the default prompt
 * with its date) and the developer section (deliberation, tool capabilities and the tools'
 * signatures, read back into tool definitions).
 */
import type { Diagnostic } from '../../model/diagnostic.ts';
import { error, warning } from '../../model/diagnostic.ts';
import type { ToolDefinition } from '../../model/types.ts';
import { APERTUS_DEFAULTS, type ApertusOptions } from './options.ts';
import { PARSE_CODES } from './parse-codes.ts';
import { parseToolSignatures } from './parse-signatures.ts';
import { fieldText, position, sourceOf, type Piece, type TokenName } from './parse-text.ts';
import { TOKENS } from './tokens.ts';

export const DEFAULT_SYSTEM_PREFIX = 'You are Apertus, a helpful assistant created by the SwissAI initiative.\nKnowledge cutoff: 2024-04\nCurrent date: ';
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DELIBERATION = /^Deliberation: (enabled|disabled)\n/;
const TOOLS_DISABLED = 'Tool Capabilities: disabled';
const TOOLS_LISTED = 'Tool Capabilities:\n';

export interface Header {
  options: Partial<ApertusOptions>;
  /** The system message's text; undefined for the default prompt. */
  system: string | undefined;
  /** The tools read from their signatures (none when the section says "disabled" or cannot be read). */
  tools: ToolDefinition[];
  /** Index of the first piece after the developer section. */
  next: number;
}

function info(message: string): Diagnostic {
  return { severity: 'info', code: PARSE_CODES.option, message };
}

function tokenAt(pieces: readonly Piece[], index: number, name: TokenName): boolean {
  const piece = pieces[index];
  return piece?.kind === 'token' && piece.name === name;
}

/** Index of the first `name` token at or after `from`, or -1. */
function indexOfToken(pieces: readonly Piece[], from: number, name: TokenName): number {
  return pieces.findIndex((p, i) => i >= from && p.kind === 'token' && p.name === name);
}

export function readHeader(text: string, pieces: readonly Piece[], hints: Partial<ApertusOptions>, out: Diagnostic[]): Header {
  const options: Partial<ApertusOptions> = {};
  let system: string | undefined;
  let next = 0;

  // BOS: whatever precedes <|system_start|>.
  const expectedBos = hints.bosToken ?? APERTUS_DEFAULTS.bosToken;
  const first = pieces[0];
  if (first?.kind === 'text' && tokenAt(pieces, 1, 'systemStart')) {
    options.bosToken = first.text;
    next = 1;
  } else if (tokenAt(pieces, 0, 'systemStart')) {
    options.bosToken = '';
  } else {
    out.push(error(PARSE_CODES.malformed, `${position(text, 0)}: expected the BOS text followed by ${TOKENS.systemStart}.`));
    options.bosToken = expectedBos;
    next = -1;
  }
  if (options.bosToken !== expectedBos) out.push(info(`The text starts with BOS ${JSON.stringify(options.bosToken)} (render with bosToken ${JSON.stringify(options.bosToken)}).`));

  if (next !== -1) {
    const close = indexOfToken(pieces, next + 1, 'systemEnd');
    if (close === -1) {
      out.push(error(PARSE_CODES.malformed, `${position(text, (pieces[next] as Piece).end)}: the system message is not closed by ${TOKENS.systemEnd}.`));
      next = indexOfToken(pieces, next + 1, 'developerStart');
    } else {
      const content = fieldText(text, pieces, next + 1, close, 'the system message', out);
      const date = content.startsWith(DEFAULT_SYSTEM_PREFIX) ? content.slice(DEFAULT_SYSTEM_PREFIX.length) : undefined;
      // The default prompt stands for "no system message" unless its date contradicts the hint.
      if (date !== undefined && DATE.test(date) && (hints.date == null || hints.date === date)) {
        options.date = date;
        out.push(info(`The system message is the default Apertus prompt dated ${date} (render without a system message, with date ${date}).`));
      } else {
        system = content;
      }
      next = close + 1;
    }
  } else {
    next = indexOfToken(pieces, 0, 'developerStart');
  }

  if (next === -1 || !tokenAt(pieces, next, 'developerStart')) {
    const at = next === -1 ? 0 : (pieces[next]?.start ?? text.length);
    out.push(error(PARSE_CODES.malformed, `${position(text, at)}: expected ${TOKENS.developerStart} after the system message.`));
    const firstMessage = pieces.findIndex((p) => p.kind === 'token' && (p.name === 'userStart' || p.name === 'assistantStart'));
    return { options, system, tools: [], next: firstMessage === -1 ? pieces.length : firstMessage };
  }
  const close = indexOfToken(pieces, next + 1, 'developerEnd');
  if (close === -1) {
    out.push(error(PARSE_CODES.malformed, `${position(text, (pieces[next] as Piece).end)}: the developer section is not closed by ${TOKENS.developerEnd}.`));
    const firstMessage = pieces.findIndex((p, i) => i > next && p.kind === 'token' && (p.name === 'userStart' || p.name === 'assistantStart'));
    return { options, system, tools: [], next: firstMessage === -1 ? pieces.length : firstMessage };
  }
  const tools = readDeveloper(text, (pieces[next] as Piece).end, sourceOf(text, pieces, next + 1, close), options, out);
  return { options, system, tools, next: close + 1 };
}

/** Reads the developer section into `options`; returns the tools its signatures define. */
function readDeveloper(text: string, offset: number, content: string, options: Partial<ApertusOptions>, out: Diagnostic[]): ToolDefinition[] {
  const deliberation = DELIBERATION.exec(content);
  if (!deliberation) {
    out.push(error(PARSE_CODES.malformed, `${position(text, offset)}: expected "Deliberation: enabled" or "Deliberation: disabled" and a newline.`));
    return [];
  }
  options.enableThinking = deliberation[1] === 'enabled';
  out.push(info(`Deliberation: ${deliberation[1]} (render with enableThinking ${String(options.enableThinking)}).`));
  const rest = content.slice(deliberation[0].length);
  const restOffset = offset + deliberation[0].length;
  if (rest === TOOLS_DISABLED) return [];
  if (rest.startsWith(TOOLS_LISTED)) {
    const tools = parseToolSignatures(rest.slice(TOOLS_LISTED.length));
    if (tools !== undefined) return tools;
    const count = rest.match(/^type [^\n]* = /gm)?.length ?? 0;
    out.push(
      warning(
        PARSE_CODES.toolsNotRecovered,
        `${position(text, restOffset + TOOLS_LISTED.length)}: the developer section lists ${count} tool signature${count === 1 ? '' : 's'} that could not be read back into tool definitions the template writes this way; the tools are left out (add them as JSON to render them again).`,
      ),
    );
    return [];
  }
  out.push(error(PARSE_CODES.malformed, `${position(text, restOffset)}: expected "${TOOLS_DISABLED}" or "Tool Capabilities:" and the tool signatures.`));
  return [];
}
