/**
 * Conversation → Apertus token text, byte-identical to the official `chat_template.jinja`
 * rendered by `@huggingface/jinja` for every conversation the template accepts. The walk
 * below follows the template statement by statement; where the template raises, a
 * diagnostic says so and the renderer writes what it can, so the preview never goes blank.
 */
import { asApertusJson } from '../../shared/apertus/converted.ts';
import { encodeContent } from '../../shared/apertus/encode-content.ts';
import { error } from '../../model/diagnostic.ts';
import { Place, type FieldPath } from '../../model/path.ts';
import type { Content, Conversation, Message, ParleyRecord } from '../../model/types.ts';
import { reportTextNotes, reportThoughtFlags } from '../shared/left-out.ts';
import type { Rendered, RenderHow } from '../types.ts';
import { closeToolList, newTurnState, renderBlocks, type TurnState } from './assistant.ts';
import { renderCalls } from './calls.ts';
import { CODES } from './codes.ts';
import { checkContentKeys } from './content-keys.ts';
import { Emitter } from './emitter.ts';
import { assistantEmptyContentFix, contentToStringFix, developerToSystemFix, toolResultEmptyFix, userContentNullFix } from './fixes.ts';
import { toJson } from './jinja-values.ts';
import { resolveOptions, todayLocal, type ApertusOptions } from './options.ts';
import { toolSignaturePieces } from './signature-memo.ts';
import { TOKENS } from './tokens.ts';

const DEFAULT_SYSTEM_PROMPT = 'You are Apertus, a helpful assistant created by the SwissAI initiative.\nKnowledge cutoff: 2024-04\nCurrent date: ';
const DATE_FORMAT = /^\d{4}-\d{2}-\d{2}$/;
const ROOT: FieldPath = [];
const LABEL = 'Apertus';
/** The messages; a message is `MESSAGES.at(i)` (places: a path is made only for a span or a diagnostic). */
const MESSAGES = new Place().at('messages');

export function render(record: ParleyRecord, options?: Partial<ApertusOptions>, how?: RenderHow): Rendered {
  if (record.kind !== 'chat') {
    return {
      text: '',
      spans: [],
      diagnostics: [error(CODES.recordKind, 'The Apertus format renders chat conversations; this record is a document (files and fill-in-the-middle segments). Choose a format that renders documents.', [])],
    };
  }
  const resolved = resolveOptions(options);
  const e = new Emitter(resolved.bosToken, how, resolved.objectMapArguments);
  // A conversation read from another dialect is rendered as Apertus JSON holds it (converted.ts).
  const conversation = asApertusJson(record);
  reportTextNotes(conversation.messages, LABEL, e.diagnostics);
  reportThoughtFlags(conversation.messages, LABEL, e.diagnostics);
  renderConversation(e, conversation, resolved);
  const { text, spans } = e.builder.finish();
  return { text, spans, diagnostics: e.diagnostics };
}

function renderConversation(e: Emitter, conversation: Conversation, options: ApertusOptions): void {
  e.special(options.bosToken, ROOT, false);
  const { messages } = conversation;
  const head = messages[0];
  let first = 0;
  if (head !== undefined && head.role === 'system') {
    renderSystem(e, head);
    first = 1;
  } else {
    renderDefaultSystem(e, options.date);
  }
  renderDeveloper(e, conversation, options.enableThinking);
  const state = newTurnState(messages);
  for (let i = first; i < messages.length; i++) renderMessage(e, state, messages[i] as Message, i);
  closeToolList(e, state);
  if (options.addGenerationPrompt) e.special(TOKENS.assistantStart, ROOT, false);
}

function renderDefaultSystem(e: Emitter, date: string | null): void {
  if (date !== null && !DATE_FORMAT.test(date)) {
    e.warn(CODES.dateFormat, `The date option is ${JSON.stringify(date)}; the template writes the date as YYYY-MM-DD.`, ROOT);
  }
  e.special(TOKENS.systemStart, ROOT, false);
  e.structure(DEFAULT_SYSTEM_PROMPT + (date ?? todayLocal()), ROOT, false);
  e.special(TOKENS.systemEnd, ROOT, false);
}

function renderSystem(e: Emitter, message: Message): void {
  const place = MESSAGES.at(0);
  const contentPlace = place.at('content');
  const content = message.content;
  warnIgnoredToolCalls(e, message, 0);
  checkContentKeys(e, message, 0);
  e.special(TOKENS.systemStart, place, false);
  if (content === undefined || content === null || content.type !== 'text') {
    if (!reportUnreadable(e, message, 0)) {
      const what = content === undefined ? 'has no content' : content === null ? 'has content null' : `has ${content.type} content`;
      const fix = content?.type === 'parts' ? contentToStringFix([message], 0) : undefined;
      e.error(CODES.systemContent, `Message 1 (system) ${what}; the template needs a string or {"text": …} and raises ("Invalid system message").`, contentPlace, fix);
    }
    renderLoose(e, content, contentPlace);
  } else {
    e.content(content.text, contentPlace, false);
  }
  e.special(TOKENS.systemEnd, place, false);
}

function renderDeveloper(e: Emitter, conversation: Conversation, enableThinking: boolean): void {
  e.special(TOKENS.developerStart, ROOT, false);
  e.structure(enableThinking ? 'Deliberation: enabled\n' : 'Deliberation: disabled\n', ROOT, false);
  const { tools } = conversation;
  if (conversation.extra !== undefined && Object.hasOwn(conversation.extra, 'tools')) {
    e.error(CODES.toolsUnreadable, 'The tools could not be read (they are kept as they were, see the import diagnostics) and are not rendered.', ['tools']);
  }
  if (tools.length === 0) {
    e.structure('Tool Capabilities: disabled', ROOT, false);
  } else {
    e.structure('Tool Capabilities:\n', ROOT, false);
    for (const piece of toolSignaturePieces(tools, e.diagnostics)) {
      if (piece.kind === 'content') e.content(piece.text, piece.path, false);
      else e.builder.push(piece.text, piece.kind, piece.path, false);
    }
  }
  e.special(TOKENS.developerEnd, ROOT, false);
}

function renderMessage(e: Emitter, state: TurnState, message: Message, index: number): void {
  checkContentKeys(e, message, index);
  // The template reads no speaker names (OpenChatML's `name=`): say so rather than drop it quietly.
  if (message.name !== undefined && message.name !== '') {
    e.warn(CODES.nameIgnored, `Message ${index + 1} (${message.role}) has the speaker name ${JSON.stringify(message.name)}; the Apertus template has no speaker names and does not write it.`, ['messages', index, 'name'], undefined, 'content');
  }
  switch (message.role) {
    case 'user':
      renderUser(e, state, message, index);
      return;
    case 'assistant':
      renderAssistant(e, state, message, index);
      return;
    case 'tool':
      renderToolMessage(e, state, message, index);
      return;
    default:
      renderOtherRole(e, message, index);
  }
}

function renderUser(e: Emitter, state: TurnState, message: Message, index: number): void {
  state.inInner = false;
  closeToolList(e, state);
  if (state.inAssistant) {
    e.special(TOKENS.assistantEnd, state.assistantPath, true);
    state.inAssistant = false;
  }
  warnIgnoredToolCalls(e, message, index);
  const content = message.content;
  if (content === undefined) {
    // No content key: the template writes nothing for the message at all.
    reportUnreadable(e, message, index);
    return;
  }
  const place = MESSAGES.at(index);
  const contentPlace = place.at('content');
  const label = `Message ${index + 1} (user)`;
  e.special(TOKENS.userStart, place, false);
  if (content === null) {
    e.error(CODES.userContent, `${label} has content null; the template needs a string or {"parts": […]} and raises ("Invalid user message"). Remove the content key to render nothing.`, contentPlace, userContentNullFix(index, message));
  } else if (content.type === 'text') {
    if (content.mapping) {
      e.error(CODES.userContent, `${label} has {"text": …} content, which only a system message may have; a user message takes a string or {"parts": […]} (the template raises "Invalid user message").`, contentPlace, contentToStringFix(state.messages, index));
    }
    e.content(content.text, contentPlace, false);
  } else if (content.type === 'parts') {
    content.parts.forEach((part, k) => {
      if (part.type === 'text') {
        e.content(part.text, contentPlace.at('parts').at(k).at('text'), false);
      } else {
        e.error(CODES.userPart, `${label}: part ${k + 1} is of type "${part.type}"; Apertus user parts are text only (the template raises "Invalid user part: ${part.type}"). It is not rendered.`, contentPlace.at('parts').at(k).at('type'));
      }
    });
  } else {
    e.error(CODES.userContent, `${label} has blocks, which only an assistant message may have; a user message takes a string or {"parts": […]} (the template raises "Invalid user message").`, contentPlace);
    renderLoose(e, content, contentPlace);
  }
  e.special(TOKENS.userEnd, place, false);
}

function renderAssistant(e: Emitter, state: TurnState, message: Message, index: number): void {
  const place = MESSAGES.at(index);
  const contentPlace = place.at('content');
  const label = `Message ${index + 1} (assistant)`;
  if (!state.inAssistant) {
    e.special(TOKENS.assistantStart, place, false);
    state.inAssistant = true;
  }
  state.assistantPath = place;
  const content = message.content;
  if (content === undefined) {
    if (!reportUnreadable(e, message, index)) {
      e.error(CODES.assistantContentMissing, `${label} has no content; the template raises ("Invalid assistant message"). Use "" (or an empty blocks list, to match the other assistant messages) for a message with only tool calls.`, contentPlace, assistantEmptyContentFix(state.messages, index));
    }
  } else if (content === null) {
    e.error(CODES.assistantContentNull, `${label} has content null; the template raises ("Invalid assistant content"). Use "" (or an empty blocks list, to match the other assistant messages) for a message with only tool calls.`, contentPlace, assistantEmptyContentFix(state.messages, index));
  } else if (content.type === 'text') {
    if (content.mapping) {
      e.error(CODES.assistantContent, `${label} has {"text": …} content; an assistant message takes a string or {"blocks": […]} (the template raises "Invalid assistant content").`, contentPlace, contentToStringFix(state.messages, index));
    } else if (state.format === 'mapping') {
      e.error(CODES.mixedAssistantFormats, `${label} has string content, but an earlier assistant message has blocks; all assistant messages of a conversation must use the same form (the template raises "Invalid assistant content").`, contentPlace);
    } else {
      state.format = 'string';
    }
    closeToolList(e, state);
    e.content(content.text, contentPlace, true);
  } else if (content.type === 'blocks') {
    if (state.format === 'string') {
      e.error(CODES.mixedAssistantFormats, `${label} has blocks, but an earlier assistant message has string content; all assistant messages of a conversation must use the same form (the template raises "Invalid assistant content").`, contentPlace);
    } else {
      state.format = 'mapping';
    }
    renderBlocks(e, state, content.blocks, contentPlace, label);
  } else {
    e.error(CODES.assistantContent, `${label} has parts, which only a user message may have; an assistant message takes a string or {"blocks": […]} (the template raises "Invalid assistant content").`, contentPlace);
    closeToolList(e, state);
    renderLoose(e, content, contentPlace, true);
  }
  if (message.toolCalls !== undefined && message.toolCalls.length > 0) {
    renderCalls(e, message.toolCalls, place, 'toolCalls', label);
  }
}

function renderToolMessage(e: Emitter, state: TurnState, message: Message, index: number): void {
  const place = MESSAGES.at(index);
  const contentPlace = place.at('content');
  const label = `Message ${index + 1} (tool)`;
  if (!state.inAssistant) {
    e.error(CODES.toolOutsideAssistant, `${label} does not follow an assistant message; tool messages belong to an assistant turn (the template raises "Tool message outside of assistant").`, place);
  }
  warnIgnoredToolCalls(e, message, index);
  if (state.inTool) {
    e.structure(', ', place, false);
  } else {
    e.structure('[', place, false);
    state.inTool = true;
  }
  state.toolListPath = place;
  const content = message.content;
  if (content === undefined) {
    if (!reportUnreadable(e, message, index)) {
      e.warn(CODES.toolContentMissing, `${label} has no content; the template writes nothing for it.`, contentPlace, toolResultEmptyFix(index, message));
    }
  } else if (content === null) {
    e.warn(CODES.toolContent, `${label} has content null; a tool message takes a string. @huggingface/jinja writes nothing for it, Python's jinja2 (ApertusFormatter) writes "None".`, contentPlace, toolResultEmptyFix(index, message));
  } else if (content.type === 'text' && !content.mapping && content.extra === undefined) {
    e.content(content.text, contentPlace, false);
  } else {
    // `{{ message.content }}` of a mapping: the reference writes its JSON (Python separators).
    const mapping = encodeContent(content, contentPlace.path, []);
    e.warn(CODES.toolContent, `${label} has mapping content; a tool message takes a string. The template writes the mapping itself: @huggingface/jinja as JSON (shown), Python's jinja2 as a Python dict.`, contentPlace, contentToStringFix(state.messages, index));
    e.derived(toJson(mapping, false), contentPlace, false);
  }
}

function renderOtherRole(e: Emitter, message: Message, index: number): void {
  const place = MESSAGES.at(index);
  const contentPlace = place.at('content');
  const label = `Message ${index + 1} (${message.role})`;
  if (message.role === 'system') {
    e.error(CODES.systemNotFirst, `${label}: a system message must be the first message; the template raises on any later one ("Invalid message role"). Shown here with system tokens.`, ['messages', index, 'role']);
    e.special(TOKENS.systemStart, place, false);
    renderLoose(e, message.content, contentPlace);
    e.special(TOKENS.systemEnd, place, false);
  } else if (message.role === 'developer') {
    e.error(
      CODES.developerRole,
      `${label}: Apertus has no developer role; the template writes the developer section itself (thinking switch and tool signatures) and raises on a developer message ("Invalid message role"). Move this text to the system message. Shown here with developer tokens.`,
      ['messages', index, 'role'],
      developerToSystemFix(index, message),
    );
    e.special(TOKENS.developerStart, place, false);
    renderLoose(e, message.content, contentPlace);
    e.special(TOKENS.developerEnd, place, false);
  }
  // Any other role: not rendered; the structural checks' error says so (roles.ts, core/checks/structure).
}

/** The text of content the template would reject, so that what was typed stays visible. */
function renderLoose(e: Emitter, content: Content | null | undefined, place: Place, trainable = false): void {
  if (content === undefined || content === null) return;
  if (content.type === 'text') {
    e.content(content.text, place, trainable);
  } else if (content.type === 'parts') {
    content.parts.forEach((part, k) => {
      if (part.type === 'text') e.content(part.text, place.at('parts').at(k).at('text'), trainable);
    });
  } else {
    content.blocks.forEach((block, j) => {
      if (block.type === 'thoughts' || block.type === 'response') e.content(block.text, place.at('blocks').at(j).at('text'), trainable);
    });
  }
}

/** Content the importer could not read is kept raw in `extra`; say so instead of "no content". */
function reportUnreadable(e: Emitter, message: Message, index: number): boolean {
  if (message.extra === undefined || !Object.hasOwn(message.extra, 'content')) return false;
  e.error(CODES.contentUnreadable, `Message ${index + 1} (${message.role}): the content could not be read (it is kept as it was, see the import diagnostics) and is not rendered.`, ['messages', index, 'content']);
  return true;
}

function warnIgnoredToolCalls(e: Emitter, message: Message, index: number): void {
  if (message.toolCalls !== undefined && message.toolCalls.length > 0) {
    e.warn(CODES.toolCallsIgnored, `Message ${index + 1} (${message.role}) has tool_calls; the template reads them only on assistant messages and ignores these.`, ['messages', index, 'toolCalls'], undefined, 'content');
  }
}
