/**
 * Conversation → OpenChatML text (see docs/formats.md, 'OpenChatML: turn layout, BOS and EOS'):
 * `BOS` + turns joined by `\n` + `EOS`, a turn being
 * `<|im_start|>{role}[ name={name}]\n{body}[\n]<|im_end|>`.
 *
 * Training mask: what the assistant writes (its body, the line break and `<|im_end|>` after
 * it) and every FIM middle are trainable; headers, BOS and EOS are not (the EOS ends the
 * sample; a model that learnt to write it after the last turn only would get mixed signals).
 */
import type { FieldPath } from '../../model/path.ts';
import type { Conversation, Content, Message, ThoughtKind, ToolOutputsBlock } from '../../model/types.ts';
import { contentText } from '../../model/text.ts';
import type { Fix } from '../../model/fix.ts';
import { CODES } from './codes.ts';
import { reportLost } from './content.ts';
import type { Emitter } from './emitter.ts';
import { CallLedger, listableTools, renderFunctionList, renderOutput } from './functions.ts';
import { layoutMessage, renderItems, type Item, type Segment } from './items.ts';
import { THOUGHT_KINDS, TOKENS, flagToken } from './tokens.ts';

export { OPENCHATML_ROLES } from './roles.ts';

const ROOT: FieldPath = [];

interface Header {
  role: string;
  name: string | undefined;
  /** The field that produced the turn (a message, or a tool output of an assistant's blocks). */
  path: FieldPath;
  rolePath: FieldPath;
  namePath: FieldPath;
}

class ChatRenderer {
  private readonly ledger = new CallLedger();
  private readonly enabled = new Set<ThoughtKind>();
  private readonly functionNames: ReadonlySet<string> | undefined;
  private readonly tools: { tool: Conversation['tools'][number]; index: number }[];
  private readonly systemIndex: number;
  private turns = 0;

  constructor(private readonly e: Emitter, private readonly chat: Conversation) {
    for (const message of chat.messages) if (message.role === 'system') for (const kind of message.thoughtFlags ?? []) this.enabled.add(kind);
    this.tools = listableTools(e, chat.tools);
    // Without definitions there is nothing to check calls against: data often omits them.
    this.functionNames = this.tools.length > 0 ? new Set(this.tools.map(({ tool }) => tool.name)) : undefined;
    this.systemIndex = chat.messages.findIndex((m) => m.role === 'system');
    if (chat.extra !== undefined && Object.hasOwn(chat.extra, 'tools')) {
      e.warn(CODES.lost, 'lost in conversion: the tools could not be read (they are kept as they were, see the import diagnostics) and are not listed.', ['tools']);
    }
  }

  run(): void {
    const { e } = this;
    e.special(e.options.bosText, ROOT, false);
    if (this.tools.length > 0 && this.systemIndex === -1) {
      e.info(CODES.toolsWithoutSystem, 'There is no system message: the function list is written in a system turn of its own (the spec puts it in the system message, §8.1).', ['tools']);
      this.open({ role: 'system', name: undefined, path: ['tools'], rolePath: ['tools'], namePath: ['tools'] });
      renderFunctionList(e, this.tools);
      this.close(['tools'], false);
    }
    this.chat.messages.forEach((message, index) => this.message(message, index));
    e.special(e.options.eosText, ROOT, false);
  }

  /** The header is the prompt the model continues from: never trainable. */
  private open(header: Header): void {
    const { e } = this;
    if (this.turns++ > 0) e.structure('\n', ROOT, false);
    e.special(TOKENS.imStart, header.path, false);
    e.structure(header.role, header.rolePath, false);
    // A tool message's name is the function's: it goes in the output JSON, not the header (§8.5).
    if (header.role !== 'tool' && header.name !== undefined && header.name !== '') {
      e.structure(' name=', header.namePath, false);
      e.content(header.name, header.namePath, false);
    }
    e.structure('\n', header.path, false);
  }

  private close(path: FieldPath, trainable: boolean): void {
    if (this.e.options.newlineBeforeImEnd) this.e.structure('\n', path, trainable);
    this.e.special(TOKENS.imEnd, path, trainable);
  }

  private message(message: Message, index: number): void {
    const { e } = this;
    const path: FieldPath = ['messages', index];
    const label = `Message ${index + 1} (${message.role})`;
    checkHeader(e, message, index, label);
    if (message.role === 'user' || message.role === 'system') this.ledger.reportUnanswered(e, `message ${index + 1} (${message.role})`);
    if (message.role !== 'system' && message.thoughtFlags !== undefined && message.thoughtFlags.length > 0) {
      e.warn(CODES.flagsNotSystem, `${label} has thought flags; they belong at the end of the system prompt (§4) and are not rendered here.`, [...path, 'thoughtFlags'], undefined, 'content');
    }
    const lost: string[] = [];
    const ids: string[] = [];
    if (message.role === 'tool') this.toolMessage(message, index, label, lost, ids);
    else this.turnMessage(message, index, label, lost, ids);
    reportLost(e, lost, path);
    reportLost(e, ids, path, 'info');
  }

  private turnMessage(message: Message, index: number, label: string, lost: string[], ids: string[]): void {
    const { e } = this;
    const path: FieldPath = ['messages', index];
    const assistant = message.role === 'assistant';
    if (!assistant && message.content?.type === 'blocks') {
      e.warn(CODES.blocksNotAssistant, `${label} has blocks (thoughts, tool calls, responses), which are assistant content; they are written as an assistant's would be.`, [...path, 'content']);
    }
    if (!assistant && message.toolCalls !== undefined && message.toolCalls.length > 0) {
      e.warn(CODES.callsNotAssistant, `${label} has tool calls; only the assistant calls functions. They are written, but no output is expected for them.`, [...path, 'toolCalls']);
    }
    const segments = layoutMessage(message, index, lost);
    // A system turn carries the flags and the function list even when its blocks are all outputs.
    if (message.role === 'system' && !segments.some((segment) => segment.kind === 'turn')) segments.push({ kind: 'turn', items: [] });
    this.checkItems(segments, label, lost, ids);
    const header: Header = { role: message.role, name: message.name, path, rolePath: [...path, 'role'], namePath: [...path, 'name'] };
    let extrasWritten = message.role !== 'system';
    for (const segment of segments) {
      if (segment.kind === 'outputs') {
        this.outputsBlock(segment.block, segment.path);
        continue;
      }
      this.open(header);
      renderItems(e, segment.items, path, assistant, lost);
      // Calls wait for outputs in the order written (an outputs block may come before a call).
      if (assistant) for (const item of segment.items) if (item.kind === 'call') this.ledger.add(item.call, item.path);
      if (!extrasWritten) {
        this.systemExtras(message, index);
        extrasWritten = true;
      }
      this.close(path, assistant);
    }
  }

  /** Thought flags (in the spec's order) and, in the first system message, the function list. */
  private systemExtras(message: Message, index: number): void {
    const flags = message.thoughtFlags ?? [];
    for (const kind of THOUGHT_KINDS) {
      const at = flags.indexOf(kind);
      if (at !== -1) this.e.special(flagToken(kind), ['messages', index, 'thoughtFlags', at], false);
    }
    if (index === this.systemIndex && this.tools.length > 0) renderFunctionList(this.e, this.tools);
  }

  private checkItems(segments: readonly Segment[], label: string, lost: string[], ids: string[]): void {
    const { e } = this;
    let answered = false;
    let rank = -1;
    for (const segment of segments) {
      if (segment.kind === 'outputs') continue;
      for (const item of segment.items) {
        if (item.kind === 'thought') {
          this.checkThought(item, label, answered, rank);
          rank = Math.max(rank, THOUGHT_KINDS.indexOf(item.block.kind ?? 'reason'));
          continue;
        }
        answered = true;
        if (item.kind !== 'call') continue;
        const { call } = item;
        if (this.functionNames !== undefined && !this.functionNames.has(call.name)) {
          e.warn(CODES.undefinedFunction, `${label} calls ${JSON.stringify(call.name)}, which is not in the function list (${[...this.functionNames].map((n) => JSON.stringify(n)).join(', ')}).`, [...item.path, 'name']);
        }
        if (call.type !== undefined && call.type !== 'function') lost.push(`the type ${JSON.stringify(call.type)} of the call to ${JSON.stringify(call.name)} (OpenChatML calls are functions)`);
        if (call.callId !== undefined) ids.push(idLoss(call.callId));
      }
    }
  }

  private checkThought(item: Extract<Item, { kind: 'thought' }>, label: string, answered: boolean, rank: number): void {
    const { e } = this;
    const { kind } = item.block;
    const written = kind ?? 'reason';
    if (kind === undefined) {
      e.warn(CODES.thoughtWithoutKind, `${label}: this thoughts block has no kind (reflect, introspect or reason); it is written as a reason block (chain of thought). Choose its kind.`, [...item.path, 'kind']);
    }
    if (!this.enabled.has(written)) {
      e.warn(CODES.thoughtWithoutFlag, `${label} has ${written === 'introspect' ? 'an' : 'a'} ${written} block, but no system message has the ${flagToken(written)} flag that asks for it (§4).`, item.path, kind === undefined ? undefined : thoughtFlagFix(this.chat.messages, kind));
    }
    if (answered) {
      e.warn(CODES.thoughtOrder, `${label}: the ${written} block comes after the answer or a function call; thought blocks come first (§4).`, item.path);
    } else if (THOUGHT_KINDS.indexOf(written) < rank) {
      e.warn(CODES.thoughtOrder, `${label}: the ${written} block comes after a later kind; the spec writes reflect, then introspect, then reason (§4).`, item.path);
    }
  }

  private toolMessage(message: Message, index: number, label: string, lost: string[], ids: string[]): void {
    const { e } = this;
    const path: FieldPath = ['messages', index];
    const contentPath: FieldPath = [...path, 'content'];
    if (message.toolCalls !== undefined && message.toolCalls.length > 0) {
      e.warn(CODES.callsNotAssistant, `${label} has tool calls; a tool message carries a function output only, so they are not rendered.`, [...path, 'toolCalls'], undefined, 'content');
    }
    const content = toolContent(e, message.content, label, contentPath);
    this.open({ role: message.role, name: message.name, path, rolePath: [...path, 'role'], namePath: [...path, 'name'] });
    const answered = this.ledger.answer(e, message.name, message.toolCallId, path, label);
    renderOutput(e, { name: message.name, namePath: [...path, 'name'], content, contentPath }, answered, contentPath);
    this.close(path, false);
    if (message.isError === true) lost.push('the error flag (an OpenChatML output has a name and a content only)');
    if (message.toolCallId !== undefined) ids.push(idLoss(message.toolCallId));
  }

  private outputsBlock(block: ToolOutputsBlock, blockPath: FieldPath): void {
    const { e } = this;
    if (block.outputs.length === 0) return;
    e.info(CODES.outputsSplit, 'OpenChatML has no tool outputs inside an assistant message: each output is written as a tool turn, and the assistant message goes on in a new turn after them.', blockPath);
    block.outputs.forEach((output, k) => {
      const path: FieldPath = [...blockPath, 'outputs', k];
      const label = `Output ${k} of this tool_outputs block`;
      this.open({ role: 'tool', name: output.name, path, rolePath: path, namePath: [...path, 'name'] });
      const answered = this.ledger.answer(e, output.name, output.callId, path, label);
      renderOutput(e, { name: output.name, namePath: [...path, 'name'], content: output.output, contentPath: [...path, 'output'] }, answered, path);
      this.close(path, false);
      if (output.isError === true) reportLost(e, ['the error flag (an OpenChatML output has a name and a content only)'], path);
      if (output.callId !== undefined) reportLost(e, [idLoss(output.callId)], path, 'info');
    });
  }
}

/** Call ids: an info, since outputs pair with calls by order (a wrong order has its own warning). */
function idLoss(id: string): string {
  return `call id ${JSON.stringify(id)} (OpenChatML pairs outputs with calls in order)`;
}

/** The text of a tool message's output; undefined (written as null) when it has none. */
function toolContent(e: Emitter, content: Content | null | undefined, label: string, path: FieldPath): string | undefined {
  if (content === undefined || content === null) return undefined;
  if (content.type === 'text') return content.text;
  if (content.type === 'parts') {
    if (content.parts.some((part) => part.type !== 'text')) {
      e.warn(CODES.toolContent, `${label}: a function output is one text or JSON value; its non-text parts are written as their plain text.`, path);
    }
    return contentText(content);
  }
  e.warn(CODES.toolContent, `${label} has blocks; a tool message carries one function output (text or JSON), so the blocks are not rendered (written as null).`, path);
  return undefined;
}

function checkHeader(e: Emitter, message: Message, index: number, label: string): void {
  const { role, name } = message;
  const rolePath: FieldPath = ['messages', index, 'role'];
  if (role === '' || /\s/.test(role)) {
    e.error(CODES.roleMalformed, `${label}: a role is one word with no spaces or line breaks (the header is "<|im_start|>role name=…" on one line).`, rolePath);
  } else if (role === 'developer') {
    e.error(
      CODES.developerRole,
      `${label}: OpenChatML has no developer role (system, user, assistant, tool; §3). It is written as "developer", which a reader following §10 rejects; make it a system message (developer messages are system instructions).`,
      rolePath,
      developerToSystemFix(index, message),
    );
  }
  // Any other role that is not one of OpenChatML's is the structural checks' error (roles.ts).
  if (name === undefined || name === '' || role === 'tool') return;
  const namePath: FieldPath = ['messages', index, 'name'];
  if (name.includes('\n')) {
    e.error(CODES.nameLineBreak, `${label}: the name ${JSON.stringify(name)} has a line break, which ends the header early: the text no longer reads back as this message.`, namePath);
  } else if (/\s/.test(name)) {
    e.warn(CODES.nameWhitespace, `${label}: the name ${JSON.stringify(name)} contains whitespace; OpenChatML names cannot (§3).`, namePath);
  }
}

export function renderChat(e: Emitter, chat: Conversation): void {
  new ChatRenderer(e, chat).run();
}

/** The message says it: a developer message is a system instruction, and OpenChatML writes those as system messages. */
function developerToSystemFix(index: number, message: Message): Fix {
  return {
    id: 'openchatml/developer-to-system',
    label: 'Make it a system message',
    edit: [
      { op: 'test', path: ['messages', index, 'id'], value: message.id },
      { op: 'test', path: ['messages', index, 'role'], value: 'developer' },
      { op: 'set', path: ['messages', index, 'role'], value: 'system' },
    ],
  };
}

/**
 * The flag a thought block of this kind needs, on the system message, when there is exactly one
 * (with several, which one should ask is a choice). Flags are written in the spec's order (§4).
 * A block without a kind has none: its kind is to be chosen first.
 */
function thoughtFlagFix(messages: readonly Message[], kind: ThoughtKind): Fix | undefined {
  const systems = messages.flatMap((m, i) => (m.role === 'system' ? [i] : []));
  const index = systems[0];
  if (systems.length !== 1 || index === undefined) return undefined;
  const system = messages[index] as Message;
  const flags = THOUGHT_KINDS.filter((k) => k === kind || (system.thoughtFlags ?? []).includes(k));
  const path: FieldPath = ['messages', index, 'thoughtFlags'];
  return {
    id: 'openchatml/add-thought-flag',
    label: 'Add the flag to the system message',
    edit: [
      { op: 'test', path: ['messages', index, 'id'], value: system.id },
      system.thoughtFlags === undefined ? { op: 'absent', path } : { op: 'test', path, value: system.thoughtFlags },
      { op: 'set', path, value: flags },
    ],
  };
}
