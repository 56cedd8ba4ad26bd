/**
 * A quick proof that an Apertus JSON record is clean: that reading it (the Apertus JSON
 * decoder), `validateRecord`, the structural checks and the Apertus render (all of core/checks'
 * `checkRecord`) would give no diagnostic at all, proved on the parsed JSON without building
 * the model. `parley validate --jsonl` writes such a record's
 * result at once; a data set is mostly clean records, and reading each one into the model and
 * checking it three ways took about four times as long as `JSON.parse` of the line.
 *
 * It only ever answers "clean" or "not sure": anything it does not accept below (a field
 * beside the plain ones, a call id, a role out of place, a null content, …) is "not sure",
 * and the caller runs the full checks, which say what is wrong. So it may be stricter than the
 * checks, never looser; `apertus.test.ts` compares it with them on generated records. A new
 * rule in the reader, the renderer, `validateRecord` or the structural checks that can speak of a shape accepted
 * below must be followed here too: the test finds the gap only if its generator makes that
 * shape, so extend the generator with the rule.
 *
 * What it accepts, following the reader (interchange/apertus-json/decode*.ts), the renderer
 * (formats/apertus/render.ts, assistant.ts, calls.ts) and `validateRecord`:
 * - `{"messages": […]}` with an optional `"tools"` array, or a bare messages array;
 * - messages `{"role", "content"}`: a system message first, with a string or `{"text"}`; user
 *   messages with a string or `{"parts"}` of text parts; assistant messages with a string or
 *   `{"blocks"}` (one form for all of them); tool messages with a string, inside an assistant
 *   turn;
 * - blocks `thoughts` and `response` `{type, text}`, `tool_calls` `{type, calls}` with calls
 *   `{name, arguments}` whose arguments are a string that `checkToolCall` (the real check)
 *   finds clean (`isCleanToolCall`: its verdict), and `tool_outputs` `{type, outputs}` with outputs `{output}`, not after tool
 *   messages of the same turn;
 * - no author text containing a special token or the BOS text (the token-injection warning);
 * - the structural checks (core/checks/structure, validate/call-ids.ts): no assistant message
 *   without anything in it (no non-blank text or thoughts, no call, no output); every result
 *   answering a call of its turn, pairing them in order as call-ids.ts does without ids, and
 *   every call answered before the assistant speaks again or the turn ends (only results may
 *   follow a call that waits at the end of the record); one system message (a later one is an
 *   Apertus error already);
 * - beside those, keys the reader does not know (a record's `"id"`, a message's `"meta"`): it
 *   keeps them silently, but they may change which dialect reads the record, so the answer
 *   says there were some (`clean-keeps-unknown`). A key the reader knows but that is not
 *   listed above (`name`, `tool_call_id`, a call's `id`, a thought's `kind`, …) is "not sure".
 * The tools are checked by the real code: the full checks run on `{"messages": [], "tools"}`
 * once per distinct tools array (a data set usually has one or a few), and the answer is kept.
 */
import { resolveOptions, type ApertusOptions } from '../formats/apertus/options.ts';
import { render } from '../formats/apertus/render.ts';
import { TOKEN_STRINGS } from '../formats/apertus/tokens.ts';
import { InjectionScan } from '../formats/shared/injection.ts';
import { decodeApertusJson } from '../interchange/apertus-json/decode.ts';
import { keepsUnknown } from '../interchange/choose-dialect.ts';
import { withoutIds } from '../model/ids.ts';
import type { ToolDefinition } from '../model/types.ts';
import { matches, snapshotOf, type Snapshot } from '../shared/data-snapshot.ts';
import { isObject, type JsonObject } from '../shared/json.ts';
import { findJsonTooDeep, MAX_JSON_DEPTH } from '../validate/json-depth.ts';
import { validateRecord } from '../validate/index.ts';
import { isCleanToolCall } from '../validate/tool-arguments.ts';
import type { CleanVerdict } from './types.ts';

const SCAN = new InjectionScan(TOKEN_STRINGS);
/** Distinct tools arrays remembered per check; past this, the memo starts again (a data set with ever new tools). */
const TOOLS_MEMO_SIZE = 64;
/** A record without a `tools` key, for the tools memo. */
const NO_TOOLS: JsonObject = {};

/**
 * Per kind of node: the keys accepted (`plain`) and the others the reader knows (`known`, each
 * with a meaning the check does not follow: "not sure"). Any other key is one the reader keeps
 * as an unknown field. The lists follow the reader's (decode*.ts).
 */
interface Keys {
  plain: readonly string[];
  known: readonly string[];
}
const keys = (plain: string[], others: string[] = []): Keys => ({ plain, known: others });
const TOP = keys(['messages', 'tools']);
const MESSAGE = keys(['role', 'content'], ['name', 'tool_calls', 'tool_call_id', 'is_error', 'channel', 'recipient', 'content_type']);
const TEXT_FORM = keys(['text'], ['parts', 'blocks']);
const PARTS_FORM = keys(['parts'], ['text', 'blocks']);
const BLOCKS_FORM = keys(['blocks'], ['text', 'parts']);
const TEXT_PART = keys(['type', 'text']);
const TEXT_BLOCK = keys(['type', 'text'], ['kind']);
const CALLS_BLOCK = keys(['type', 'calls']);
const OUTPUTS_BLOCK = keys(['type', 'outputs']);
const CALL = keys(['name', 'arguments'], ['id', 'type']);
const OUTPUT = keys(['output'], ['tool_call_id', 'name', 'is_error']);

/** Per message of a record: the renderer's turn state, as far as it decides a diagnostic. */
interface Walk {
  tools: readonly ToolDefinition[];
  markers: readonly string[];
  inAssistant: boolean;
  inTool: boolean;
  /** The form of the first assistant content: every other must be the same. */
  assistantForm: 'string' | 'blocks' | undefined;
  /** A key the reader does not know was seen (kept as an unknown field). */
  keepsUnknown: boolean;
  /** Calls of the turn not answered yet (results answer them in order). */
  pending: number;
  /** The assistant message being walked has something in it (non-blank text or thoughts, a call, an output). */
  something: boolean;
}

/**
 * The check for these options: `clean` or `clean-keeps-unknown` when the record is clean for
 * certain, else `false`. Made once per run (it remembers the verdict on each distinct tools array).
 */
export function apertusCleanCheck(options?: Partial<ApertusOptions>): (json: unknown) => CleanVerdict {
  const resolved = resolveOptions(options);
  const markers = resolved.bosToken === '' ? [] : [resolved.bosToken];
  /** Verdicts by the tools' JSON text: a data set may alternate between a few tools lists. */
  const toolsMemo = new Map<string, readonly ToolDefinition[] | undefined>();
  /** The tools of the last record (a snapshot of them, undefined for none) and their verdict. */
  let last: { snapshot: Snapshot | undefined; tools: readonly ToolDefinition[] | undefined } | undefined;

  /**
   * The decoded tools when the full checks find nothing with these tools and no message (nor
   * with no tools and no message: the options alone, a bad date, may give a diagnostic); else
   * undefined.
   */
  function cleanTools(top: JsonObject): readonly ToolDefinition[] | undefined {
    // Most records of a data set have the tools of the record before: compared in place, no text made.
    if (last !== undefined && ('tools' in top ? last.snapshot !== undefined && matches(top.tools, last.snapshot) : last.snapshot === undefined)) return last.tools;
    // Tools nested past the limit are "not sure" before any recursive code sees them (the JSON text
    // of the memo's key, the reader): a `clean` verdict then proves the record's depth (types.ts).
    // Tools equal to the last ones (above) have their depth, checked when they were new.
    if ('tools' in top && findJsonTooDeep(top.tools, MAX_JSON_DEPTH - 1) !== undefined) return undefined;
    const key = 'tools' in top ? JSON.stringify(top.tools) : '';
    const tools = toolsMemo.has(key) ? toolsMemo.get(key) : cleanToolsOnce(top, key);
    if ('tools' in top) {
      // Data too deep for a snapshot is looked up by its text each time.
      const snapshot = snapshotOf(top.tools);
      last = snapshot === undefined ? undefined : { snapshot, tools };
    } else {
      last = { snapshot: undefined, tools };
    }
    return tools;
  }

  function cleanToolsOnce(top: JsonObject, key: string): readonly ToolDefinition[] | undefined {
    const alone = 'tools' in top ? { messages: [], tools: top.tools } : { messages: [] };
    const decoded = withoutIds(() => decodeApertusJson(alone));
    const record = decoded.record;
    const clean =
      record?.kind === 'chat' &&
      decoded.diagnostics.length === 0 &&
      !keepsUnknown(record) &&
      validateRecord(record, { once: true }).length === 0 &&
      render(record, resolved, { spans: false, text: false }).diagnostics.length === 0;
    if (toolsMemo.size >= TOOLS_MEMO_SIZE) toolsMemo.clear();
    const tools = clean ? record.tools : undefined;
    toolsMemo.set(key, tools);
    return tools;
  }

  return (json) => {
    const walk: Walk = { tools: [], markers, inAssistant: false, inTool: false, assistantForm: undefined, keepsUnknown: false, pending: 0, something: false };
    let messages: unknown[];
    let tools: readonly ToolDefinition[] | undefined;
    if (Array.isArray(json)) {
      // A bare messages array: the reader takes it as the messages, with no tools.
      messages = json;
      tools = cleanTools(NO_TOOLS);
    } else {
      if (!isObject(json) || !Array.isArray(json.messages) || !keysOk(json, TOP, walk)) return false;
      messages = json.messages;
      tools = cleanTools(json);
    }
    if (tools === undefined) return false;
    walk.tools = tools;
    for (let index = 0; index < messages.length; index++) {
      if (!cleanMessage(messages[index], index, walk)) return false;
    }
    // Calls still unanswered at the end wait for their results: clean.
    return walk.keepsUnknown ? 'clean-keeps-unknown' : 'clean';
  };
}

function cleanMessage(message: unknown, index: number, walk: Walk): boolean {
  if (!isObject(message) || !keysOk(message, MESSAGE, walk) || !('content' in message)) return false;
  const content = message.content;
  switch (message.role) {
    case 'system':
      // Only first: a later system message is an error.
      if (index !== 0) return false;
      return typeof content === 'string' ? clean(content, walk) : isObject(content) && keysOk(content, TEXT_FORM, walk) && typeof content.text === 'string' && clean(content.text, walk);
    case 'user':
      // The turn ends: a call left unanswered is an error (the conversation goes on).
      if (walk.pending > 0) return false;
      walk.inAssistant = false;
      walk.inTool = false;
      if (typeof content === 'string') return clean(content, walk);
      return isObject(content) && keysOk(content, PARTS_FORM, walk) && Array.isArray(content.parts) && all(content.parts, cleanTextPart, walk);
    case 'assistant':
      // The assistant speaks again while calls wait: not sure (call-ids.ts pairs a later result with them).
      if (walk.pending > 0) return false;
      walk.inAssistant = true;
      if (typeof content === 'string') {
        if (walk.assistantForm === 'blocks') return false;
        walk.assistantForm = 'string';
        walk.inTool = false;
        // An empty assistant turn (structure/empty-assistant).
        return !blank(content) && clean(content, walk);
      }
      if (walk.assistantForm === 'string' || !isObject(content) || !keysOk(content, BLOCKS_FORM, walk) || !Array.isArray(content.blocks)) return false;
      walk.assistantForm = 'blocks';
      walk.something = false;
      return all(content.blocks, cleanBlock, walk) && walk.something;
    case 'tool':
      // Outside an assistant turn a tool message is an error; its content must be a string.
      if (!walk.inAssistant || typeof content !== 'string') return false;
      walk.inTool = true;
      return answer(walk) && clean(content, walk);
    default:
      return false;
  }
}

function cleanTextPart(part: unknown, walk: Walk): boolean {
  return isObject(part) && part.type === 'text' && keysOk(part, TEXT_PART, walk) && typeof part.text === 'string' && clean(part.text, walk);
}

function cleanBlock(block: unknown, walk: Walk): boolean {
  if (!isObject(block)) return false;
  switch (block.type) {
    case 'thoughts':
    case 'response':
      walk.inTool = false;
      if (!keysOk(block, TEXT_BLOCK, walk) || typeof block.text !== 'string') return false;
      if (!blank(block.text)) walk.something = true;
      return clean(block.text, walk);
    case 'tool_calls':
      walk.inTool = false;
      return keysOk(block, CALLS_BLOCK, walk) && Array.isArray(block.calls) && all(block.calls, cleanCall, walk);
    case 'tool_outputs':
      // After tool messages of the same turn, the template raises.
      return !walk.inTool && keysOk(block, OUTPUTS_BLOCK, walk) && Array.isArray(block.outputs) && all(block.outputs, cleanOutput, walk);
    default:
      return false;
  }
}

function cleanOutput(output: unknown, walk: Walk): boolean {
  walk.something = true;
  return isObject(output) && keysOk(output, OUTPUT, walk) && typeof output.output === 'string' && answer(walk) && clean(output.output, walk);
}

/** A result answers the oldest call of its turn not answered yet; with none left, it answers no call (an error). */
function answer(walk: Walk): boolean {
  if (walk.pending === 0) return false;
  walk.pending -= 1;
  return true;
}

function cleanCall(call: unknown, walk: Walk): boolean {
  if (!isObject(call) || !keysOk(call, CALL, walk)) return false;
  const { name, arguments: args } = call;
  // Empty arguments: the render warns that the template writes nothing for them (apertus/calls.ts).
  if (typeof name !== 'string' || typeof args !== 'string' || args.trim() === '' || !clean(name, walk) || !clean(args, walk)) return false;
  walk.something = true;
  walk.pending += 1;
  return isCleanToolCall(name, args, walk.tools);
}

/** Whether `check` accepts every item (a loop, not `every` with a closure made per list). */
function all(items: readonly unknown[], check: (item: unknown, walk: Walk) => boolean, walk: Walk): boolean {
  for (const item of items) if (!check(item, walk)) return false;
  return true;
}

/** Text with nothing but white space in it (the structural checks' "empty"). */
function blank(text: string): boolean {
  return text.trim() === '';
}

/** Author text without a special token or the BOS text. */
function clean(text: string, walk: Walk): boolean {
  return SCAN.find(text, walk.markers) === undefined;
}

/**
 * Whether the keys of `node` are plain ones or unknown to the reader (noted in the walk); false
 * at a key the reader gives a meaning the check does not follow, or `__proto__` (which the
 * check does not try to follow through the reader's copies).
 */
function keysOk(node: JsonObject, { plain, known }: Keys, walk: Walk): boolean {
  for (const key in node) {
    if (listed(plain, key)) continue;
    if (listed(known, key) || key === '__proto__') return false;
    walk.keepsUnknown = true;
  }
  return true;
}

/**
 * Whether `key` is in `list`: a loop over one to seven keys, not a Set (every object of every
 * record is asked: a hash lookup per key cost more than these comparisons, which JSON.parse's
 * interned keys mostly settle by identity).
 */
function listed(list: readonly string[], key: string): boolean {
  for (let i = 0; i < list.length; i++) if (list[i] === key) return true;
  return false;
}
