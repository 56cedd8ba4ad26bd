/**
 * RWKV transcript text → Conversation (the inverse of `render.ts`):
 * SYS → system message, USER → user message, ASSISTANT → assistant message with text content,
 * TOOL_CALL → a call appended to the assistant message just before it (or to a new assistant
 * message with `content: null` when none is), TOOL_RESULT → a tool message (`name`,
 * `toolCallId`, `status="ok"`/`"error"` → `isError`, another status kept in `extra.status`).
 * A block ends at the first `\n` + end tag that is followed by a blank line or the end of the
 * text, so payloads may hold blank lines; or by a single line break and the next block's start
 * tag (a missing blank line, a warning where the next block starts: the text is still read as
 * the blocks it plainly is, rather than swallowing the rest into one payload).
 * `render(parse(t)) === t` for every `t` that `render` produces (with the same `streaming`
 * option).
 *
 * Problems are errors at the line where they are (the app keeps the previous conversation
 * until the text parses); what could be read is still returned.
 */
import { error, warning, type Diagnostic } from '../../model/diagnostic.ts';
import { newId } from '../../model/ids.ts';
import type { FieldPath } from '../../model/path.ts';
import type { Conversation, Message, ToolCall } from '../../model/types.ts';
import { lineColumnAt } from '../../validate/json-syntax.ts';
import type { ParseResult } from '../types.ts';
import { parseAttributes, type ParsedAttribute } from './attributes.ts';
import { resolveOptions, type RwkvOptions } from './options.ts';
import { CODES, END_TAG, RWKV_SOURCE, SEPARATOR, START_TAGS, TAGS, type BlockKind } from './tokens.ts';

const SIMPLE_TAGS: readonly [string, BlockKind][] = [
  [TAGS.sys, 'sys'],
  [TAGS.user, 'user'],
  [TAGS.assistant, 'assistant'],
];

const ALLOWED: Record<'toolCall' | 'toolResult', readonly string[]> = { toolCall: ['name', 'id'], toolResult: ['name', 'id', 'status'] };

interface RawBlock {
  kind: BlockKind;
  attributes: ParsedAttribute[];
  payload: string;
  /** Offset of the start tag. */
  at: number;
  /** Offset of the payload. */
  payloadAt: number;
}

const SPACE_TO_END = /\s*$/y;

function onlySpaceFrom(text: string, offset: number): boolean {
  SPACE_TO_END.lastIndex = offset;
  return SPACE_TO_END.test(text);
}

class Reader {
  readonly diagnostics: Diagnostic[] = [];
  constructor(readonly text: string) {}

  where(offset: number): string {
    const { line, column } = lineColumnAt(this.text, offset);
    return `line ${line}, column ${column}`;
  }

  fail(offset: number, message: string, path?: FieldPath): void {
    this.diagnostics.push(error(CODES.syntax, `${this.where(offset)}: ${message}`, path));
  }

  /** The start tag at `pos`: its kind, attributes and the offset after `>>`; undefined (reported) when there is none. */
  startTag(pos: number): { kind: BlockKind; attributes: ParsedAttribute[]; end: number } | undefined {
    const { text } = this;
    for (const [tag, kind] of SIMPLE_TAGS) if (text.startsWith(tag, pos)) return { kind, attributes: [], end: pos + tag.length };
    const kind = text.startsWith(TAGS.toolCall, pos) ? 'toolCall' : text.startsWith(TAGS.toolResult, pos) ? 'toolResult' : undefined;
    if (kind === undefined) {
      const shown = text.slice(pos, pos + 20).split('\n')[0] ?? '';
      this.fail(pos, `expected a block start tag (<<SYS>>, <<USER>>, <<ASSISTANT>>, <<TOOL_CALL …>> or <<TOOL_RESULT …>>), found ${JSON.stringify(shown)}`);
      return undefined;
    }
    const result = parseAttributes(text, pos + (kind === 'toolCall' ? TAGS.toolCall : TAGS.toolResult).length);
    if (!result.ok) {
      this.fail(result.offset, result.message);
      return undefined;
    }
    for (const problem of result.problems) this.fail(problem.offset, problem.message);
    const seen = new Set<string>();
    for (const attribute of result.attributes) {
      if (!ALLOWED[kind].includes(attribute.key)) this.fail(attribute.at, `unknown attribute ${attribute.key} (a ${kind === 'toolCall' ? 'TOOL_CALL' : 'TOOL_RESULT'} tag has ${ALLOWED[kind].join(', ')})`);
      else if (seen.has(attribute.key)) this.fail(attribute.at, `the attribute ${attribute.key} is given twice`);
      seen.add(attribute.key);
    }
    return { kind, attributes: result.attributes, end: result.end };
  }

  /**
   * Where the payload starting at `from` ends: the `\n` before an end tag followed by a blank
   * line, the end, or (warned) one line break and a start tag. `next`: where the next block's
   * start tag is (the end of the text when none).
   */
  payloadEnd(from: number, endTag: string): { end: number; next: number } | undefined {
    const { text } = this;
    const needle = `\n${endTag}`;
    for (let at = text.indexOf(needle, from); at !== -1; at = text.indexOf(needle, at + 1)) {
      const after = at + needle.length;
      // A trailing line break after the last block (a saved file) is accepted.
      if (after === text.length || onlySpaceFrom(text, after)) return { end: at, next: text.length };
      if (text.startsWith(SEPARATOR, after)) return { end: at, next: after + SEPARATOR.length };
      if (text[after] === '\n' && START_TAGS.some((tag) => text.startsWith(tag, after + 1))) {
        this.diagnostics.push(warning(CODES.missingBlankLine, `${this.where(after + 1)}: expected a blank line before this block (spec 004 separates blocks with one); read as the next block.`));
        return { end: at, next: after + 1 };
      }
    }
    return undefined;
  }

  blocks(streaming: boolean): RawBlock[] {
    const { text } = this;
    const blocks: RawBlock[] = [];
    let pos = 0;
    while (pos < text.length) {
      const tag = this.startTag(pos);
      if (!tag) break;
      if (text[tag.end] !== '\n') {
        this.fail(tag.end, 'expected a line break after the start tag');
        break;
      }
      const payloadAt = tag.end + 1;
      const found = this.payloadEnd(payloadAt, END_TAG[tag.kind]);
      if (!found) {
        if (!(streaming && tag.kind === 'assistant')) {
          const hint = tag.kind === 'assistant' ? ' (turn on streaming to read an open final assistant block)' : '';
          this.fail(pos, `no ${END_TAG[tag.kind]} closes this block (it must stand on its own line, followed by a blank line or the end of the text)${hint}`);
        }
        blocks.push({ kind: tag.kind, attributes: tag.attributes, payload: text.slice(payloadAt), at: pos, payloadAt });
        break;
      }
      blocks.push({ kind: tag.kind, attributes: tag.attributes, payload: text.slice(payloadAt, found.end), at: pos, payloadAt });
      pos = found.next;
    }
    return blocks;
  }
}

function attribute(block: RawBlock, key: string): string | undefined {
  return block.attributes.find((a) => a.key === key)?.value;
}

function isJsonObjectText(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

export function parseRwkv(text: string, options?: Partial<RwkvOptions>): ParseResult {
  const { streaming } = resolveOptions(options);
  const reader = new Reader(text);
  const messages: Message[] = [];
  const out = reader.diagnostics;
  for (const block of reader.blocks(streaming)) {
    const index = messages.length;
    switch (block.kind) {
      case 'sys':
      case 'user':
      case 'assistant':
        messages.push({ id: newId('m'), role: block.kind === 'sys' ? 'system' : block.kind, content: { type: 'text', text: block.payload } });
        break;
      case 'toolCall': {
        const name = attribute(block, 'name');
        const call: ToolCall = { id: newId('c'), name: name ?? '', arguments: block.payload };
        const id = attribute(block, 'id');
        if (id !== undefined) call.callId = id;
        const previous = messages[messages.length - 1];
        let path: FieldPath;
        if (previous?.role === 'assistant') {
          previous.toolCalls ??= [];
          path = ['messages', messages.length - 1, 'toolCalls', previous.toolCalls.length];
          previous.toolCalls.push(call);
        } else {
          messages.push({ id: newId('m'), role: 'assistant', content: null, toolCalls: [call] });
          path = ['messages', index, 'toolCalls', 0];
        }
        if (name === undefined) out.push(error(CODES.missingName, `${reader.where(block.at)}: a TOOL_CALL tag needs name="…" (spec 004).`, [...path, 'name']));
        if (!isJsonObjectText(block.payload)) out.push(warning(CODES.payloadNotObject, `${reader.where(block.payloadAt)}: RWKV TOOL_CALL payloads must be JSON objects (spec 004).`, [...path, 'arguments']));
        break;
      }
      case 'toolResult': {
        const message: Message = { id: newId('m'), role: 'tool', content: { type: 'text', text: block.payload } };
        const name = attribute(block, 'name');
        const id = attribute(block, 'id');
        const status = attribute(block, 'status');
        if (name !== undefined) message.name = name;
        if (id !== undefined) message.toolCallId = id;
        if (status === 'ok' || status === 'error') message.isError = status === 'error';
        else if (status !== undefined) {
          // Another status is RWKV's own: dialects report it rather than write it (see Extensible).
          message.extra = { status };
          message.extraSource = RWKV_SOURCE;
        }
        messages.push(message);
        if (!isJsonObjectText(block.payload)) out.push(warning(CODES.payloadNotObject, `${reader.where(block.payloadAt)}: RWKV TOOL_RESULT payloads must be JSON objects (spec 004).`, ['messages', index, 'content']));
        break;
      }
    }
  }
  const record: Conversation = { kind: 'chat', messages, tools: [] };
  return { record, diagnostics: out };
}
