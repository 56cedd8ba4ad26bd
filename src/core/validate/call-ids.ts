/**
 * Tool results and the calls they answer, within an assistant turn (the assistant, tool,
 * legacy function and Llama 3.1 ipython messages since the last user, system or developer
 * message). A result
 * answers a call by id; one without an id answers the first unanswered call in order (as
 * spec 003 §8.4 pairs them, as Parley's encoders do when they must write ids, and as formats
 * without ids, ChatML, Llama 3.1 and harmony, write results: by position). A harmony tool call
 * is an assistant message with a recipient (`functions.get_weather`): a call without an id.
 * Reported:
 * - errors (issue 21: a bad record for training):
 *   - a call that no result answers while the conversation goes on after it (the assistant
 *     speaks again in its turn, or another turn follows): the transcript moves on without the
 *     tool's answer, and the APIs refuse such a request ("each tool_call_id must be answered").
 *     A call followed by nothing but results up to the end of the record is fine: the
 *     transcript may stop where the tools are still running;
 *   - a result that answers no call: an id that matches no call of the turn, or no id and no
 *     call of the turn left to answer;
 * - warnings:
 *   - a result with no id while the turn's calls have ids: dialects that require ids (OpenAI,
 *     Anthropic) cannot tell which call it answers;
 *   - two results answering the same id.
 */
import { error, warning, type Diagnostic } from '../model/diagnostic.ts';
import type { Fix } from '../model/fix.ts';
import { formatPath, Place, type FieldPath } from '../model/path.ts';
import type { Message, ToolCall } from '../model/types.ts';

export const CALL_ID_CODES = {
  unknownCallId: 'tool-output/unknown-call-id',
  missingCallId: 'tool-output/missing-call-id',
  duplicateCallId: 'tool-output/duplicate-call-id',
  unanswered: 'tool-call/unanswered',
  /** A result with no id and no call of its turn left to answer (one with an id is `unknownCallId`). */
  resultWithoutCall: 'structure/result-without-call',
  /** A tool message answering a call of an earlier turn (a user message between them): fix moves it next to the call. */
  separatedResult: 'tool-output/separated-from-call',
} as const;

export const MOVE_RESULT_FIX = 'tool-output/move-next-to-call';

const TURN_ROLES = new Set(['assistant', 'tool', 'function', 'ipython']);
/** The roles of a tool result: `tool`, OpenAI's legacy `function` (answers by name), Llama 3.1's `ipython`. */
const RESULT_ROLES = new Set(['tool', 'function', 'ipython']);

/** The tool calls of a message: OpenAI-style `toolCalls`, then those of its tool-call blocks. */
export function callsOf(message: Message): ToolCall[] {
  const calls: ToolCall[] = [...(message.toolCalls ?? [])];
  if (message.content?.type === 'blocks') {
    for (const block of message.content.blocks) if (block.type === 'tool_calls') calls.push(...block.calls);
  }
  return calls;
}

function unknownIdMessage(callId: string, known: ReadonlySet<string>): string {
  const list = [...known];
  return `No tool call of this turn has the id "${callId}"${list.length > 0 ? ` (call ids: ${list.join(', ')})` : ' (its calls have no ids)'}.`;
}

interface PendingCall {
  id: string | undefined;
  place: Place;
  /** The name of the tool called, for the message. */
  name: string;
  /** The index of the call's message. */
  message: number;
}

/**
 * What the turns of a record share: the tool messages by the id they name (to tell a call whose
 * result comes after another turn from one that has none), and the calls waiting for such a result.
 */
interface RecordScan {
  messages: readonly Message[];
  /** The index of every tool message that names an id, by that id. */
  resultsById: Map<string, number[]>;
  /** Calls of ended turns whose result is a tool message of a later turn: reported at that result. */
  waiting: Map<string, PendingCall>;
}

function scanRecord(messages: readonly Message[]): RecordScan {
  const resultsById = new Map<string, number[]>();
  messages.forEach((message, index) => {
    if (message.role !== 'tool' || !message.toolCallId) return;
    const list = resultsById.get(message.toolCallId);
    if (list) list.push(index);
    else resultsById.set(message.toolCallId, [index]);
  });
  return { messages, resultsById, waiting: new Map() };
}

/**
 * Moves the tool message `result` to just after the message of its call (`call`) and the
 * results already there: where every dialect and the APIs expect it. Guarded by the ids of
 * both messages, so it is skipped once the record has changed under it.
 */
function moveResultFix(messages: readonly Message[], result: number, call: number): Fix {
  let to = call + 1;
  while (to < result && RESULT_ROLES.has((messages[to] as Message).role)) to += 1;
  return {
    id: MOVE_RESULT_FIX,
    label: 'Move the result next to its call',
    edit: [
      { op: 'test', path: ['messages', result, 'id'], value: (messages[result] as Message).id },
      { op: 'test', path: ['messages', call, 'id'], value: (messages[call] as Message).id },
      { op: 'move', from: ['messages', result], path: ['messages', to] },
    ],
  };
}

/** One turn's bookkeeping; `end` reports the calls left unanswered. */
class Turn {
  readonly ids = new Set<string>();
  private readonly pending: PendingCall[] = [];
  /** The result (tool message or output) that answered each id. */
  private readonly answeredBy = new Map<string, Place>();
  /** The index of the turn's last assistant message so far. */
  private lastAssistant = -1;

  constructor(
    private readonly out: Diagnostic[],
    private readonly scan: RecordScan,
  ) {}

  /** An assistant message of the turn (it goes on after the calls before it). */
  assistant(index: number): void {
    this.lastAssistant = index;
  }

  /** The ids of a message's calls count from the start of the message (its outputs may come first). */
  known(calls: readonly ToolCall[]): void {
    for (const call of calls) if (call.callId) this.ids.add(call.callId);
  }

  call(call: Pick<ToolCall, 'callId' | 'name'>, place: Place, message: number): void {
    if (call.callId && this.answeredBy.has(call.callId)) return;
    this.pending.push({ id: call.callId || undefined, place, name: call.name, message });
  }

  /** A result with `id` (undefined: none) whose id field is `idKey` of `result`, of the model object `ownerId`; `legacy`: a function message, which answers by name. */
  result(id: string | undefined, result: Place, idKey: string, ownerId: string, legacy = false): void {
    if (!id) {
      if (this.pending.length === 0) {
        this.out.push(error(CALL_ID_CODES.resultWithoutCall, 'This tool result answers no call: no tool call of its turn is left unanswered before it (a result follows the assistant message that calls the tool).', result.path));
        return;
      }
      if (!legacy && this.ids.size > 0) {
        const idPath = result.at(idKey).path;
        const fix = answerFix(id, idPath, ownerId, this.pending[0]?.id);
        this.out.push(warning(CALL_ID_CODES.missingCallId, `This tool result names no call, while the calls of its turn have ids (${[...this.ids].join(', ')}); it is taken to answer the first unanswered call.`, idPath, fix));
      }
      this.pending.shift();
      return;
    }
    const waiting = this.scan.waiting.get(id);
    if (!this.ids.has(id) && waiting && !legacy && idKey === 'toolCallId') {
      this.scan.waiting.delete(id);
      const index = result.path[1] as number;
      const fix = moveResultFix(this.scan.messages, index, waiting.message);
      this.out.push(error(CALL_ID_CODES.separatedResult, `This tool result answers the call "${id}" at ${formatPath(waiting.place.path)}, but another turn comes between them; OpenAI and Anthropic refuse a result that does not follow its call, and a model trained on it learns the wrong order.`, result.at(idKey).path, fix));
      return;
    }
    if (!this.ids.has(id)) {
      this.out.push(error(CALL_ID_CODES.unknownCallId, unknownIdMessage(id, this.ids), result.at(idKey).path));
      return;
    }
    const earlier = this.answeredBy.get(id);
    if (earlier) {
      this.out.push(warning(CALL_ID_CODES.duplicateCallId, `The call "${id}" is already answered by the result at ${formatPath(earlier.path)}; a call has one result.`, result.at(idKey).path));
      return;
    }
    this.answeredBy.set(id, result);
    const index = this.pending.findIndex((p) => p.id === id);
    if (index >= 0) this.pending.splice(index, 1);
  }

  /** The turn ends; `followed`: another message follows it (the record does not end here). */
  end(followed: boolean): void {
    for (const call of this.pending) {
      if (!followed && this.lastAssistant <= call.message) continue;
      // Its result comes after another turn: reported there, once, with the fix.
      if (call.id !== undefined && followed && (this.scan.resultsById.get(call.id) ?? []).some((index) => index > call.message)) {
        this.scan.waiting.set(call.id, call);
        continue;
      }
      this.unanswered(call);
    }
  }

  /** A call no result answers, while the conversation goes on after it. */
  unanswered(call: PendingCall): void {
    const what = call.id === undefined ? `this call to "${call.name}"` : `the call "${call.id}"`;
    const path = call.id === undefined ? call.place.path : call.place.at('callId').path;
    this.out.push(error(CALL_ID_CODES.unanswered, `No result answers ${what}, though the conversation goes on after it; a model trained on it learns to go on without the tool's answer, and OpenAI and Anthropic refuse a request whose results do not answer every call.`, path));
  }
}

/**
 * The id of the call a result without one is read as answering (the first unanswered call, as
 * the message says and as every encoder pairs them), written in. None when that call has no id.
 */
function answerFix(current: string | undefined, idPath: FieldPath, ownerId: string, callId: string | undefined): Fix | undefined {
  if (callId === undefined) return undefined;
  return {
    id: 'tool-output/answer-first-unanswered',
    label: 'Name the call it answers',
    edit: [
      { op: 'test', path: [...idPath.slice(0, -1), 'id'], value: ownerId },
      current === undefined ? { op: 'absent', path: idPath } : { op: 'test', path: idPath, value: current },
      { op: 'set', path: idPath, value: callId },
    ],
  };
}

/** Places, not paths, for the calls and results: a path is made only for a problem. */
const MESSAGES = new Place().at('messages');

/**
 * The recipient of a harmony tool call: an assistant message addressed to a tool
 * (`functions.get_weather`, `browser.search`, `python`), not to the assistant itself.
 */
function harmonyRecipient(message: Message): string | undefined {
  const { recipient } = message;
  return message.role === 'assistant' && typeof recipient === 'string' && recipient !== '' && recipient !== 'assistant' ? recipient : undefined;
}

export function checkCallIds(messages: readonly Message[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const scan = scanRecord(messages);
  let turn = new Turn(diagnostics, scan);
  messages.forEach((message, index) => {
    const place = MESSAGES.at(index);
    if (!TURN_ROLES.has(message.role)) {
      turn.end(true);
      turn = new Turn(diagnostics, scan);
      return;
    }
    if (message.role === 'assistant') turn.assistant(index);
    turn.known(callsOf(message));
    message.toolCalls?.forEach((call, c) => turn.call(call, place.at('toolCalls').at(c), index));
    if (message.content?.type === 'blocks') {
      message.content.blocks.forEach((block, b) => {
        const blockPlace = place.at('content').at('blocks').at(b);
        if (block.type === 'tool_calls') block.calls.forEach((call, c) => turn.call(call, blockPlace.at('calls').at(c), index));
        if (block.type === 'tool_outputs') block.outputs.forEach((output, o) => turn.result(output.callId, blockPlace.at('outputs').at(o), 'callId', output.id));
      });
    }
    const recipient = harmonyRecipient(message);
    if (recipient !== undefined) turn.call({ name: recipient }, place.at('recipient'), index);
    if (RESULT_ROLES.has(message.role)) turn.result(message.toolCallId, place, 'toolCallId', message.id, message.role === 'function');
  });
  turn.end(false);
  // A waiting call whose later result turned out to answer a call of its own turn: still unanswered.
  for (const call of scan.waiting.values()) turn.unanswered(call);
  return diagnostics;
}

/** The messages of the turn of `messages[index]` (the assistant, tool and function messages since the last other message, as the checks above see a turn), up to it; empty when it is not in one. */
export function turnMessages(messages: readonly Message[], index: number): readonly Message[] {
  const own = messages[index];
  if (!own || !TURN_ROLES.has(own.role)) return [];
  let start = index;
  while (start > 0) {
    const previous = messages[start - 1];
    if (!previous || !TURN_ROLES.has(previous.role)) break;
    start -= 1;
  }
  return messages.slice(start, index + 1);
}

