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
import { functionTools, type ToolRef } from '../shared/left-out.ts';
import { reportSourceFields, reportUnwritten } from '../shared/native-reports.ts';
import { templateMessages, type CallRef, type TemplateMessage, type TextPiece } from '../shared/template-messages.ts';
import { fixedRun, SpanBuilder, turnSpansEstimate, type Run } from '../shared/span-builder.ts';
import type { Rendered, RenderHow } from '../types.ts';
import { resolveOptions, type ChatMlOptions } from './options.ts';
import { CALL_ARGUMENTS, CALL_END, CALL_NAME, CODES, DEFAULT_SYSTEM, INJECTION_STRINGS, TOKENS, TOOLS_HEAD, TOOLS_TAIL } from './tokens.ts';

const SCAN = new InjectionScan(INJECTION_STRINGS);
const LABEL = 'ChatML (Qwen2.5)';
const ROOT: FieldPath = [];

/**
 * The fixed pieces the template writes together, each written as one run (span-builder.ts):
 * `<|im_start|>role\n` per role seen (roles are few, so the map stays small), a turn's end, a
 * call's opening and closing, a tool result's wrapping.
 */
const headers = new Map<string, Run>();
const HEADERS_MAX = 64;

function makeHeader(role: string): Run {
  return fixedRun([[TOKENS.imStart, 'special', false], [`${role}\n`, 'structure', false]]);
}

/** The roles nearly every turn has, without a map lookup (one per turn of every render). */
const USER_HEADER = makeHeader('user');
const ASSISTANT_HEADER = makeHeader('assistant');
const SYSTEM_HEADER = makeHeader('system');

function headerRun(role: string): Run {
  if (role === 'user') return USER_HEADER;
  if (role === 'assistant') return ASSISTANT_HEADER;
  if (role === 'system') return SYSTEM_HEADER;
  let run = headers.get(role);
  if (run === undefined) {
    run = makeHeader(role);
    if (headers.size < HEADERS_MAX) headers.set(role, run);
  }
  return run;
}

/** `<|im_end|>\n`: the end token trained in the assistant's turns, the line break never. */
const END_TRAINED = fixedRun([[TOKENS.imEnd, 'special', true], ['\n', 'structure', false]]);
const END_UNTRAINED = fixedRun([[TOKENS.imEnd, 'special', false], ['\n', 'structure', false]]);
/** `<|im_start|>assistant` of a turn with calls (its line break goes with the content or the first call). */
const ASSISTANT_OPEN = fixedRun([[TOKENS.imStart, 'special', false], ['assistant', 'structure', false]]);
/** `\n<tool_call>\n{"name": "`; the line break of the turn's first piece is the generation prompt's. */
const CALL_OPEN = fixedRun([['\n', 'structure', true], [TOKENS.toolCall, 'special', true], [CALL_NAME, 'structure', true]]);
const FIRST_CALL_OPEN = fixedRun([['\n', 'structure', false], [TOKENS.toolCall, 'special', true], [CALL_NAME, 'structure', true]]);
const CALL_CLOSE = fixedRun([[CALL_END, 'structure', true], [TOKENS.toolCallEnd, 'special', true]]);
/** A tool result: the first of consecutive ones opens the user turn, the last ends it. */
const RESULT_OPEN = fixedRun([['\n', 'structure', false], [TOKENS.toolResponse, 'structure', false], ['\n', 'structure', false]]);
const FIRST_RESULT_OPEN = fixedRun([[TOKENS.imStart, 'special', false], ['user', 'structure', false], ['\n', 'structure', false], [TOKENS.toolResponse, 'structure', false], ['\n', 'structure', false]]);
const RESULT_CLOSE = fixedRun([['\n', 'structure', false], [TOKENS.toolResponseEnd, 'structure', false]]);
const LAST_RESULT_CLOSE = fixedRun([['\n', 'structure', false], [TOKENS.toolResponseEnd, 'structure', false], [TOKENS.imEnd, 'special', false], ['\n', 'structure', false]]);

class Writer {
  readonly out: SpanBuilder;
  constructor(
    readonly diagnostics: Diagnostic[],
    readonly mode: ArgumentsMode,
    how: RenderHow | undefined,
    expected: number,
  ) {
    this.out = new SpanBuilder((text, path) => this.checkInjection(text, path), how, expected);
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
    this.out.run(headerRun(role), path);
  }

  end(path: FieldPath, trainable: boolean): void {
    this.out.run(trainable ? END_TRAINED : END_UNTRAINED, path);
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
    this.out.run(first ? FIRST_CALL_OPEN : CALL_OPEN, path);
    this.out.content(call.name, ref.namePath, true);
    this.out.structure(CALL_ARGUMENTS, path, true);
    this.out.content(args.text, ref.argumentsPath, true);
    this.out.run(CALL_CLOSE, path);
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
    // The generation prompt is `<|im_start|>assistant\n`: the line break that opens the turn's
    // text (before its content, or its first call) is the prompt's, as in a turn without calls.
    const content = hasText(message.content);
    if (content) {
      w.header('assistant', path);
      w.pieces(message.content ?? [], true);
    } else w.out.run(ASSISTANT_OPEN, path);
    for (let c = 0; c < message.calls.length; c++) w.call(message.calls[c] as CallRef, c === 0 && !content);
    w.end(path, true);
  } else if (role === 'tool') {
    w.out.run(i === 0 || messages[i - 1]?.role !== 'tool' ? FIRST_RESULT_OPEN : RESULT_OPEN, path);
    if (message.content) w.pieces(message.content, false);
    w.out.run(i === messages.length - 1 || messages[i + 1]?.role !== 'tool' ? LAST_RESULT_CLOSE : RESULT_CLOSE, path);
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
  const w = new Writer(diagnostics, resolved.arguments, how, turnSpansEstimate(record));
  const messages = templateMessages(record.messages, { label: LABEL, out: diagnostics, native: { label: LABEL, partsAsText: CODES.partsAsText } });
  reportUnwritten(messages, LABEL, diagnostics);
  reportSourceFields(record, LABEL, CODES.notShown, diagnostics);
  renderSystem(w, messages[0], functionTools(record.tools, LABEL, diagnostics));
  for (let i = 0; i < messages.length; i++) renderMessage(w, messages, i);
  if (resolved.addGenerationPrompt) w.header('assistant', ROOT);
  const { text, spans } = w.out.finish();
  return { text, spans, diagnostics };
}
