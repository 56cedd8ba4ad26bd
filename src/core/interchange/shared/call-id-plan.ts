/**
 * Call ids for the dialects that require them: OpenAI Chat Completions (`tool_calls[].id`,
 * `tool_call_id`), Anthropic (`tool_use.id`, `tool_use_id`) and OpenAI Responses (`call_id`).
 * Apertus, ShareGPT and RWKV calls may have none. A call without an id is written with
 * `call_1`, `call_2`, … in the order of the record (skipping ids the record uses), and a result
 * without one with the id of the call it answers; results are paired with the unanswered calls
 * of their turn in order, as OpenChatML does (spec 003 §8.4) and as the RWKV spec writes a
 * TOOL_RESULT after its TOOL_CALL. Every id written that the record does not have is an info
 * diagnostic at the field, so a reader knows it was made up; a result left with no id to write
 * in a dialect that requires one is a warning (`requiredResultId`).
 */
import { info, warning, type Diagnostic } from '../../model/diagnostic.ts';
import { formatPath, pathAt, type FieldPath, type Where } from '../../model/path.ts';
import type { Conversation, Message, ToolCall, ToolOutput } from '../../model/types.ts';
import { pathLabel } from './issues.ts';

export const GENERATED_CALL_ID = 'generated-call-id';

export type Result = Message | ToolOutput;

export interface CallIdPlan {
  /** The id to write for a call: its own, or a generated one. */
  callId(call: ToolCall): string | undefined;
  /** The id to write for a tool message or tool output: its own, or that of the call it answers. */
  resultId(result: Result): string | undefined;
  /** The call a result answers (by its id, else in order), if any. */
  callOf(result: Result): ToolCall | undefined;
  /**
   * `resultId` for a dialect that requires the id (`PlanOptions.required`): when there is none
   * to write, a warning at the result's id field, unless the source lacked it on purpose
   * (`keepsMissing`). `resultPath`: the tool message's or the tool output's path.
   */
  requiredResultId(result: Result, resultPath: Where): string | undefined;
}

/** How a dialect that requires result ids words the warning for a result left without one. */
export interface RequiredResultId {
  code: string;
  /** The end of the warning: "Anthropic requires tool_use_id". */
  requires: string;
  /**
   * Kept as each dialect has always worded it (the messages are unchanged): OpenAI Chat starts
   * the message with the id field's path instead of the result's, and Responses calls a tool
   * output of a structured message a "tool output".
   */
  labelAtIdField?: boolean;
  outputNoun?: string;
}

export interface PlanOptions {
  /** False: only pair results with calls (for a target without ids, e.g. the legacy function_call). */
  generate: boolean;
  target: string;
  out: Diagnostic[];
  /** True for a call or result whose id the source lacked in this same dialect: it is written without (the same document back). */
  keepsMissing?: (node: ToolCall | Result) => boolean;
  /** Set by the dialects whose results must name their call (for `requiredResultId`). */
  required?: RequiredResultId;
  /** `EncodeHow.wants`: when it says no, a made-up id's note is not made (the caller counts it). */
  wants?: (code: string) => boolean;
}

function missingResultId(required: RequiredResultId, result: Result, where: Where): Diagnostic {
  const resultPath = pathAt(where);
  const idPath = [...resultPath, 'role' in result ? 'toolCallId' : 'callId'];
  const noun = 'role' in result ? 'tool result' : (required.outputNoun ?? 'tool result');
  const label = pathLabel(required.labelAtIdField ? idPath : resultPath);
  return warning(required.code, `${label}: the ${noun} names no call, and no call of its turn is left to pair it with; ${required.requires}.`, idPath);
}

/** Roles of a turn's messages after the user's: the assistant's calls and the results. */
const TURN_ROLES = new Set(['assistant', 'tool', 'function']);

/** Every id the record uses: of calls (`toolCalls` and call blocks), outputs and tool messages (the calls and outputs `segmentsOf` lists, without building its paths). */
export function usedIds(record: Conversation): Set<string> {
  const used = new Set<string>();
  const add = (id: string | undefined) => {
    if (id !== undefined) used.add(id);
  };
  for (const message of record.messages) {
    add(message.toolCallId);
    if (message.content?.type === 'blocks') {
      for (const block of message.content.blocks) {
        if (block.type === 'tool_calls') for (const call of block.calls) add(call.callId);
        else if (block.type === 'tool_outputs') for (const output of block.outputs) add(output.callId);
      }
    }
    if (message.toolCalls) for (const call of message.toolCalls) add(call.callId);
  }
  return used;
}

/**
 * A call not yet answered: its id (own or made up) and where it is (for the note of a result
 * paired with it): message `message`, block `block` (−1: the message's `toolCalls`), entry
 * `index`. Numbers, not a path: the path is made only for a note (most calls have none).
 */
interface Pending {
  call: ToolCall;
  id: string | undefined;
  message: number;
  block: number;
  index: number;
  /** The label of its path, when the note of its made-up id made it already. */
  label: string | undefined;
}

function callPath({ message, block, index }: Pending): FieldPath {
  return block === -1 ? ['messages', message, 'toolCalls', index] : ['messages', message, 'content', 'blocks', block, 'calls', index];
}

export function planCallIds(record: Conversation, options: PlanOptions): CallIdPlan {
  const { generate, target, out, wants } = options;
  const keepsMissing = options.keepsMissing ?? (() => false);
  const used = usedIds(record);
  let counter = 0;
  // The counter only goes up, so a made-up id never meets another: only the record's own are skipped.
  const nextId = (): string => {
    let id: string;
    do {
      counter += 1;
      id = `call_${counter}`;
    } while (used.size > 0 && used.has(id));
    return id;
  };
  const callIds = new Map<ToolCall, string>();
  const resultIds = new Map<Result, string>();
  const callOf = new Map<Result, ToolCall>();
  let pending: Pending[] = [];

  const call = (node: ToolCall, message: number, block: number, index: number): void => {
    const entry: Pending = { call: node, id: node.callId, message, block, index, label: undefined };
    if (entry.id === undefined && generate && !keepsMissing(node)) {
      const id = nextId();
      entry.id = id;
      callIds.set(node, id);
      if (wants === undefined || wants(GENERATED_CALL_ID)) {
        // The label of the id's path is the call's (kept for the note of its result) and the key.
        const path = callPath(entry);
        entry.label = formatPath(path);
        out.push(info(GENERATED_CALL_ID, `${entry.label}.callId: the call has no id and ${target} requires one; written as "${id}" (results are paired with calls in order).`, [...path, 'callId'], undefined, 'harmless'));
      }
    }
    pending.push(entry);
  };

  /** Pairs a result with a call; returns that call when the result is written with its id, which the record does not have (a note is due). */
  const answer = (result: Result, own: string | undefined): Pending | undefined => {
    if (own !== undefined) {
      for (let index = 0; index < pending.length; index++) {
        const found = pending[index] as Pending;
        if (found.id !== own) continue;
        callOf.set(result, found.call);
        pending.splice(index, 1);
        break;
      }
      return undefined;
    }
    const first = pending.shift();
    if (!first) return undefined;
    callOf.set(result, first.call);
    if (first.id === undefined || !generate || keepsMissing(result)) return undefined;
    resultIds.set(result, first.id);
    return first;
  };

  /** `message`, `block`, `index`: where the result is, as in `Pending` (block −1: a tool message). */
  const noteAnswer = (paired: Pending, message: number, block: number, index: number): void => {
    if (wants !== undefined && !wants(GENERATED_CALL_ID)) return;
    const idPath: FieldPath = block === -1 ? ['messages', message, 'toolCallId'] : ['messages', message, 'content', 'blocks', block, 'outputs', index, 'callId'];
    out.push(info(GENERATED_CALL_ID, `${pathLabel(idPath)}: the result names no call; written with "${String(paired.id)}", the id of the call it answers in order (${paired.label ?? formatPath(callPath(paired))}).`, idPath, undefined, 'harmless'));
  };

  // The calls and outputs in the order `segmentsOf` lists them (blocks, then `toolCalls`),
  // without building the segments: only calls and results matter here, and a path is made
  // for a call (it may be named in a note) and for a result only when a note names it.
  const messages = record.messages;
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i] as Message;
    if (!TURN_ROLES.has(message.role)) {
      pending = [];
      continue;
    }
    const content = message.content;
    if (content?.type === 'blocks') {
      const blocks = content.blocks;
      for (let b = 0; b < blocks.length; b++) {
        const block = blocks[b] as (typeof blocks)[number];
        if (block.type === 'tool_calls') {
          for (let c = 0; c < block.calls.length; c++) call(block.calls[c] as ToolCall, i, b, c);
        } else if (block.type === 'tool_outputs') {
          for (let o = 0; o < block.outputs.length; o++) {
            const output = block.outputs[o] as ToolOutput;
            const paired = answer(output, output.callId);
            if (paired) noteAnswer(paired, i, b, o);
          }
        }
      }
    }
    const toolCalls = message.toolCalls;
    if (toolCalls) for (let c = 0; c < toolCalls.length; c++) call(toolCalls[c] as ToolCall, i, -1, c);
    if (message.role === 'tool' || message.role === 'function') {
      const paired = answer(message, message.toolCallId);
      if (paired) noteAnswer(paired, i, -1, 0);
    }
  }

  const resultId = (result: Result): string | undefined => ('role' in result ? result.toolCallId : result.callId) ?? resultIds.get(result);
  return {
    callId: (node) => node.callId ?? callIds.get(node),
    resultId,
    callOf: (result) => callOf.get(result),
    requiredResultId: (result, resultPath) => {
      const id = resultId(result);
      if (id === undefined && options.required !== undefined && !keepsMissing(result)) out.push(missingResultId(options.required, result, resultPath));
      return id;
    },
  };
}
