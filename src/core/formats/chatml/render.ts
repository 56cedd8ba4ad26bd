/**
 * Conversation → ChatML as Qwen2.5-Instruct's chat template writes it, byte-identical to that
 * template rendered by `@huggingface/jinja` (test/chatml/). The walk follows the template:
 * 1. The system turn: the first message's content when it is a system message, else the
 *    default system message; with tools, the tool instructions and one JSON line per tool.
 * 2. Each message: user, later system and assistant turns without calls as
 *    `<|im_start|>role\ncontent<|im_end|>\n`; an assistant turn with calls writes its content
 *    only when not empty, then one `<tool_call>` per call; consecutive tool messages share one
 *    user turn of `<tool_response>` blocks. Other roles write nothing (the
 *    structural checks report them: core/checks/structure).
 * Where the template raises (content missing where it concatenates it), an error says so and
 * the turn is written with empty content, so that the preview never goes blank.
 *
 * Training mask: the assistant's content, calls and `<|im_end|>` are trainable; its
 * `<|im_start|>assistant\n` header (the generation prompt it continues from, also where the
 * template writes the line break with the content or the first call) and everything else are
 * not: the labels of the template mask under Qwen2.5's own template (jinja/mask/).
 */
import { error, warning, type Diagnostic } from '../../model/diagnostic.ts';
import { formatPath, type FieldPath } from '../../model/path.ts';
import type { ParleyRecord } from '../../model/types.ts';
import { lostInConversion } from '../../shared/lost-in-conversion.ts';
import { argumentsJson, quotedArgumentsWarning, type ArgumentsMode } from '../shared/arguments-mode.ts';
import { InjectionScan, tokenList } from '../shared/injection.ts';
import { toolText } from '../shared/jinja-json.ts';
import { functionTools, reportTextNotes, reportThoughtFlags, type ToolRef } from '../shared/left-out.ts';
import { reportNotShown, reportUnwritten } from '../shared/native-reports.ts';
import { templateMessages, type CallRef, type TemplateMessage, type TextPiece } from '../shared/template-messages.ts';
import { SpanBuilder } from '../shared/span-builder.ts';
import type { Rendered, RenderHow } from '../types.ts';
import { resolveOptions, type ChatMlOptions } from './options.ts';
import { CALL_ARGUMENTS, CALL_END, CALL_NAME, CODES, DEFAULT_SYSTEM, INJECTION_STRINGS, TOKENS, TOOLS_HEAD, TOOLS_TAIL } from './tokens.ts';

const SCAN = new InjectionScan(INJECTION_STRINGS);
const LABEL = 'ChatML (Qwen2.5)';
const ROOT: FieldPath = [];

/** `role + '\n'` of the roles seen, made once (a header per message; roles are few, so the map stays small). */
const roleLines = new Map<string, string>();
const ROLE_LINES_MAX = 64;

function roleLine(role: string): string {
  let line = roleLines.get(role);
  if (line === undefined) {
    line = `${role}\n`;
    if (roleLines.size < ROLE_LINES_MAX) roleLines.set(role, line);
  }
  return line;
}

class Writer {
  readonly out: SpanBuilder;
  constructor(
    readonly diagnostics: Diagnostic[],
    readonly mode: ArgumentsMode,
    how: RenderHow | undefined,
  ) {
    this.out = new SpanBuilder((text, path) => this.checkInjection(text, path), how);
  }

  private checkInjection(text: string, path: FieldPath): void {
    const found = SCAN.find(text);
    if (found === undefined) return;
    this.diagnostics.push(warning(CODES.tokenInjection, `${formatPath(path)} contains ${tokenList(found)}; a tokenizer that reads special tokens in text, and a reader of the render, take it for structure.`, path));
  }

  /** `message.content` where the template concatenates it (`'…' + content + '…'`): missing content raises. */
  content(message: TemplateMessage, trainable: boolean, raises: boolean): void {
    if (message.content === undefined || message.content === null) {
      if (raises) {
        const what = message.content === undefined ? 'has no content' : 'has content null';
        this.diagnostics.push(error(CODES.templateRaises, `${formatPath(message.path)} (${message.role}) ${what}; the template concatenates it and raises. Rendered as empty.`, message.contentPath));
      }
      return;
    }
    this.pieces(message.content, trainable);
  }

  pieces(pieces: readonly TextPiece[], trainable: boolean): void {
    for (const piece of pieces) this.out.content(piece.text, piece.path, trainable);
  }

  header(role: string, path: FieldPath): void {
    this.out.special(TOKENS.imStart, path, false);
    this.out.structure(roleLine(role), path, false);
  }

  end(path: FieldPath, trainable: boolean): void {
    this.out.special(TOKENS.imEnd, path, trainable);
    this.out.structure('\n', path, false);
  }

  /** `first`: the turn's first piece after `<|im_start|>assistant`, whose line break is the generation prompt's (not trained). */
  call(ref: CallRef, first: boolean): void {
    const { call, path } = ref;
    const args = argumentsJson(call, this.mode);
    if (args.quoted) {
      this.diagnostics.push(
        quotedArgumentsWarning(CODES.stringArguments, 'Qwen2.5', call, path, this.mode),
      );
    }
    this.out.structure('\n', path, !first);
    this.out.special(TOKENS.toolCall, path, true);
    this.out.structure(CALL_NAME, path, true);
    this.out.content(call.name, ref.namePath, true);
    this.out.structure(CALL_ARGUMENTS, path, true);
    this.out.content(args.text, ref.argumentsPath, true);
    this.out.structure(CALL_END, path, true);
    this.out.special(TOKENS.toolCallEnd, path, true);
  }
}

/** `tools`: the function tools only (built-in tools are left out, see shared/left-out.ts). */
function renderSystem(w: Writer, first: TemplateMessage | undefined, tools: readonly ToolRef[]): void {
  const system = first?.role === 'system' ? first : undefined;
  const path = system?.path ?? ROOT;
  w.header('system', path);
  if (system) w.content(system, false, tools.length === 0);
  else w.out.structure(DEFAULT_SYSTEM, ROOT, false);
  if (tools.length > 0) {
    w.out.structure(TOOLS_HEAD, ['tools'], false);
    tools.forEach(({ tool, path: toolPath }) => {
      w.out.structure('\n', ['tools'], false);
      w.out.content(toolText(tool), toolPath, false);
    });
    w.out.structure(TOOLS_TAIL, ['tools'], false);
  }
  w.end(path, false);
}

/** Whether any piece has text (a loop, not `some` with a callback: this runs for every assistant turn of every render). */
function hasText(pieces: readonly TextPiece[] | null | undefined): boolean {
  if (!pieces) return false;
  for (let i = 0; i < pieces.length; i++) if ((pieces[i] as TextPiece).text !== '') return true;
  return false;
}

function renderMessage(w: Writer, messages: readonly TemplateMessage[], i: number): void {
  const message = messages[i] as TemplateMessage;
  const { role, path } = message;
  if (message.calls.length > 0 && role !== 'assistant') {
    w.diagnostics.push(lostInConversion(`the tool calls of a ${role} message`, `${LABEL} writes calls in assistant turns only`, [...path, 'toolCalls']));
  }
  if (role === 'user' || (role === 'system' && i > 0) || (role === 'assistant' && message.calls.length === 0)) {
    const trainable = role === 'assistant';
    w.header(role, path);
    w.content(message, trainable, true);
    w.end(path, trainable);
  } else if (role === 'assistant') {
    w.out.special(TOKENS.imStart, path, false);
    w.out.structure('assistant', path, false);
    // The generation prompt is `<|im_start|>assistant\n`: the line break that opens the turn's
    // text (before its content, or its first call) is the prompt's, as in a turn without calls.
    const content = hasText(message.content);
    if (content) {
      w.out.structure('\n', path, false);
      w.pieces(message.content ?? [], true);
    }
    for (let c = 0; c < message.calls.length; c++) w.call(message.calls[c] as CallRef, c === 0 && !content);
    w.end(path, true);
  } else if (role === 'tool') {
    if (i === 0 || messages[i - 1]?.role !== 'tool') {
      w.out.special(TOKENS.imStart, path, false);
      w.out.structure('user', path, false);
    }
    w.out.structure('\n', path, false);
    w.out.push(TOKENS.toolResponse, 'structure', path, false);
    w.out.structure('\n', path, false);
    if (message.content) w.pieces(message.content, false);
    w.out.structure('\n', path, false);
    w.out.push(TOKENS.toolResponseEnd, 'structure', path, false);
    if (i === messages.length - 1 || messages[i + 1]?.role !== 'tool') w.end(path, false);
  }
  // Any other role writes nothing (the first system message is the system turn); the
  // structural checks' error says so (roles.ts, core/checks/structure).
}

export function renderChatMl(record: ParleyRecord, options?: Partial<ChatMlOptions>, how?: RenderHow): Rendered {
  if (record.kind !== 'chat') {
    return { text: '', spans: [], diagnostics: [error(CODES.recordKind, 'ChatML (Qwen2.5) renders chat conversations; a multi-file document has no ChatML form.', ROOT)] };
  }
  const resolved = resolveOptions(options);
  const diagnostics: Diagnostic[] = [];
  const w = new Writer(diagnostics, resolved.arguments, how);
  const messages = templateMessages(record.messages, { label: LABEL, out: diagnostics, native: { label: LABEL, partsAsText: CODES.partsAsText } });
  reportUnwritten(messages, LABEL, diagnostics);
  reportNotShown(record, record.messages, LABEL, CODES.notShown, diagnostics);
  reportTextNotes(record.messages, LABEL, diagnostics);
  reportThoughtFlags(record.messages, LABEL, diagnostics);
  renderSystem(w, messages[0], functionTools(record.tools, LABEL, diagnostics));
  for (let i = 0; i < messages.length; i++) renderMessage(w, messages, i);
  if (resolved.addGenerationPrompt) w.header('assistant', ROOT);
  const { text, spans } = w.out.finish();
  return { text, spans, diagnostics };
}
