/**
 * Conversation → Llama 3.1 Instruct text, byte-identical to its chat template rendered by
 * `@huggingface/jinja` (test/llama3/). The walk follows the template:
 * 1. `bos_token`; the system turn: "Environment: ipython" when there are tools or built-in
 *    tools, the built-in tool list, the knowledge cutoff and "Today Date:" lines, the tools
 *    (when not in the user turn), then the system message (trimmed), `<|eot_id|>`.
 * 2. With tools in the user turn (the default): the first message after the system message
 *    becomes a user turn of tool instructions, the tools as indented JSON, and its text.
 * 3. Each message: a turn `header + content|trim + <|eot_id|>`; an assistant message with a
 *    call writes only the call (`{"name": …, "parameters": …}`, or `<|python_tag|>name.call(…)`
 *    for a built-in tool, then `<|eom_id|>` in ipython mode); tool messages are ipython turns
 *    whose string content the template writes with `tojson` (quoted).
 * Where the template raises, an error says so and the render goes on as far as it can.
 * Built-in tools (`builtin_tools`) follow Python's jinja2, as transformers renders them:
 * `@huggingface/jinja` 0.5.11 has no `reject` filter and raises on them (docs/formats.md,
 * 'Llama 3.1: built-in tools').
 *
 * Training mask: the assistant's content, call and end token are trainable; headers and the
 * other turns are not.
 */
import { error, warning, type Diagnostic } from '../../model/diagnostic.ts';
import { formatPath, pathStartsWith, type FieldPath } from '../../model/path.ts';
import type { ParleyRecord } from '../../model/types.ts';
import { lostInConversion } from '../../shared/lost-in-conversion.ts';
import { functionTools, type ToolRef } from '../shared/left-out.ts';
import { argumentsJson, quotedArgumentsWarning } from '../shared/arguments-mode.ts';
import { InjectionScan, tokenList } from '../shared/injection.ts';
import { stringToJson, toJson, toolText } from '../shared/jinja-json.ts';
import { reportSourceFields, reportUnwritten } from '../shared/native-reports.ts';
import { joinPieces, templateMessages, trimmedContent, type TemplateMessage, type TextPiece } from '../shared/template-messages.ts';
import { fixedRun, SpanBuilder, turnSpansEstimate, type Run } from '../shared/span-builder.ts';
import type { Rendered, RenderHow } from '../types.ts';
import { builtinList, resolveOptions, type Llama3Options } from './options.ts';
import { CALL_END, CALL_NAME, CALL_PARAMETERS, CODES, CUTOFF, ENVIRONMENT, BUILTIN_PREFIX, INJECTION_STRINGS, SYSTEM_TOOLS_INTRO, TODAY_PREFIX, TOKENS, USER_TOOLS_INTRO } from './tokens.ts';

const SCAN = new InjectionScan(INJECTION_STRINGS);
const LABEL = 'Llama 3.1';
const ROOT: FieldPath = [];

interface Context {
  out: SpanBuilder;
  diagnostics: Diagnostic[];
  options: Llama3Options;
  builtin: string[] | undefined;
}

/** `<|start_header_id|>role<|end_header_id|>\n\n` per role seen, written as one run (span-builder.ts; roles are few, so the map stays small). */
const headers = new Map<string, Run>();
const HEADERS_MAX = 64;

function makeHeader(role: string): Run {
  return fixedRun([[TOKENS.startHeader, 'special', false], [role, 'structure', false], [TOKENS.endHeader, 'special', false], ['\n\n', 'structure', false]]);
}

/** The roles nearly every turn has, without a map lookup (one per turn of every render). */
const USER_HEADER = makeHeader('user');
const ASSISTANT_HEADER = makeHeader('assistant');
const IPYTHON_HEADER = makeHeader('ipython');
const SYSTEM_HEADER = makeHeader('system');

function headerRun(role: string): Run {
  if (role === 'user') return USER_HEADER;
  if (role === 'assistant') return ASSISTANT_HEADER;
  if (role === 'ipython') return IPYTHON_HEADER;
  if (role === 'system') return SYSTEM_HEADER;
  let run = headers.get(role);
  if (run === undefined) {
    run = makeHeader(role);
    if (headers.size < HEADERS_MAX) headers.set(role, run);
  }
  return run;
}

function header(c: Context, role: string, path: FieldPath): void {
  c.out.run(headerRun(role), path);
}

/** `message['content'] | trim`: missing content raises in the template (trim of null or undefined). */
function trimmed(c: Context, message: TemplateMessage, trainable: boolean): void {
  if (message.content === undefined || message.content === null) {
    const what = message.content === undefined ? 'has no content' : 'has content null';
    c.diagnostics.push(error(CODES.templateRaises, `${formatPath(message.path)} (${message.role}) ${what}; the template trims it and raises. Rendered as empty.`, message.contentPath));
    return;
  }
  // One piece (text content, nearly every message): its text trimmed at its path, without the
  // pair that trimmedContent makes for any number of pieces.
  if (message.content.length === 1) {
    const only = message.content[0] as TextPiece;
    c.out.content(only.text.trim(), only.path, trainable);
    return;
  }
  const { text, path } = trimmedContent(message);
  c.out.content(text, path, trainable);
}

const TOOLS_PATH: FieldPath = Object.freeze(['tools']);

function tools(c: Context, list: readonly ToolRef[]): void {
  for (const { tool, path } of list) {
    c.out.content(toolText(tool, 4), path, false);
    c.out.structure('\n\n', TOOLS_PATH, false);
  }
}

/**
 * Where the calls of a message are: the list that holds them all (`toolCalls`, or the `calls` of
 * one block), so that the error names each call left out; the message when they are in several.
 */
function callsPath(message: TemplateMessage): FieldPath {
  const first = message.calls[0]?.path;
  const list = first === undefined ? undefined : first.slice(0, -1);
  return list !== undefined && message.calls.every((call) => pathStartsWith(call.path, list) && call.path.length === list.length + 1) ? list : message.path;
}

function renderCall(c: Context, message: TemplateMessage): void {
  const calls = message.calls;
  if (calls.length !== 1) {
    c.diagnostics.push(error(CODES.templateRaises, `${formatPath(message.path)} has ${calls.length} tool calls; the template raises ("This model only supports single tool-calls at once!"). Only the first is rendered.`, callsPath(message)));
  }
  if (message.content && joinPieces(message.content) !== '') {
    c.diagnostics.push(lostInConversion('the text of a message with a tool call', `${LABEL} writes only the call`, message.contentPath));
  }
  const ref = calls[0] as (typeof calls)[number];
  const { call, path } = ref;
  const args = argumentsJson(call, c.options.arguments);
  header(c, 'assistant', message.path);
  if (c.builtin?.includes(call.name)) {
    c.out.special(TOKENS.pythonTag, path, true);
    c.out.content(call.name, ref.namePath, true);
    c.out.structure('.call(', path, true);
    if (args.value === undefined) {
      c.diagnostics.push(error(CODES.templateRaises, `${formatPath([...path, 'arguments'])}: a built-in tool call's arguments must be a JSON object; the template iterates their items and raises.`, [...path, 'arguments']));
    } else {
      const entries = Object.entries(args.value);
      entries.forEach(([name, value], k) => {
        // `arg_name + '="' + arg_val + '"'`: Python's jinja2 (transformers) raises on a value that is not a string.
        if (typeof value !== 'string') {
          c.diagnostics.push(error(CODES.templateRaises, `${formatPath([...path, 'arguments'])}: the argument ${JSON.stringify(name)} of a built-in tool call is not a string; the template concatenates it and jinja2 raises (TypeError).`, [...path, 'arguments']));
        }
        c.out.content(`${name}="${typeof value === 'string' ? value : toJson(value)}"`, [...path, 'arguments'], true);
        if (k < entries.length - 1) c.out.structure(', ', path, true);
      });
    }
    c.out.structure(')', path, true);
  } else {
    if (args.quoted) {
      c.diagnostics.push(
        quotedArgumentsWarning(CODES.stringArguments, 'Llama 3.1', call, path, c.options.arguments),
      );
    }
    c.out.structure(CALL_NAME, path, true);
    c.out.content(call.name, ref.namePath, true);
    c.out.structure(CALL_PARAMETERS, path, true);
    c.out.content(args.text, ref.argumentsPath, true);
    c.out.structure(CALL_END, path, true);
  }
  c.out.special(c.builtin ? TOKENS.eom : TOKENS.eot, message.path, true);
}

function renderMessage(c: Context, message: TemplateMessage): void {
  const { role, path } = message;
  if (message.calls.length > 0) {
    renderCall(c, message);
  } else if (role === 'tool' || role === 'ipython') {
    header(c, 'ipython', path);
    // A string is iterable: the template writes it with tojson, quoted.
    if (message.content) c.out.content(stringToJson(joinPieces(message.content)), message.contentPath, false);
    c.out.special(TOKENS.eot, path, false);
  } else {
    const trainable = role === 'assistant';
    header(c, role, path);
    trimmed(c, message, trainable);
    c.out.special(TOKENS.eot, path, trainable);
  }
}

export function renderLlama3(record: ParleyRecord, options?: Partial<Llama3Options>, how?: RenderHow): Rendered {
  if (record.kind !== 'chat') {
    return { text: '', spans: [], diagnostics: [error(CODES.recordKind, 'Llama 3.1 renders chat conversations; a multi-file document has no Llama 3.1 form.', ROOT)] };
  }
  const resolved = resolveOptions(options);
  const diagnostics: Diagnostic[] = [];
  // One list for the whole render: the scan remembers what it learnt of the last list it was given.
  const markers = [resolved.bosToken];
  const out = new SpanBuilder((text, path) => {
    const found = SCAN.find(text, markers);
    if (found !== undefined) diagnostics.push(warning(CODES.tokenInjection, `${formatPath(path)} contains ${tokenList(found)}; a tokenizer that reads special tokens in text, and a reader of the render, take it for structure.`, path));
  }, how, turnSpansEstimate(record));
  const c: Context = { out, diagnostics, options: resolved, builtin: builtinList(resolved.builtinTools) };
  const messages = templateMessages(record.messages, { label: LABEL, out: diagnostics, native: { label: LABEL, partsAsText: CODES.partsAsText } });
  reportUnwritten(messages, LABEL, diagnostics);
  reportSourceFields(record, LABEL, CODES.notShown, diagnostics);
  // Empty tools are no tools (the model does not tell `tools: []` from no tools); built-in tools are left out.
  const functions = functionTools(record.tools, LABEL, diagnostics);
  const hasTools = functions.length > 0;

  out.special(resolved.bosToken, ROOT, false);
  // The messages after those written into the system and first user turns (an index, not a copy of the list).
  let next = 0;
  const system = messages[0]?.role === 'system' ? messages[0] : undefined;
  if (system) next = 1;
  const systemPath = system?.path ?? ROOT;
  header(c, 'system', systemPath);
  if (c.builtin || hasTools) out.structure(ENVIRONMENT, ROOT, false);
  if (c.builtin) out.structure(`${BUILTIN_PREFIX}${c.builtin.filter((name) => name !== 'code_interpreter').join(', ')}\n\n`, ROOT, false);
  out.structure(`${CUTOFF}${TODAY_PREFIX}${resolved.dateString}\n\n`, ROOT, false);
  if (hasTools && !resolved.toolsInUserMessage) {
    out.structure(SYSTEM_TOOLS_INTRO, ['tools'], false);
    tools(c, functions);
  }
  if (system) {
    trimmed(c, system, false);
  }
  out.special(TOKENS.eot, systemPath, false);

  if (hasTools && resolved.toolsInUserMessage) {
    const first = messages[next];
    if (first === undefined) {
      diagnostics.push(error(CODES.templateRaises, "Tools go in the first user message (tools_in_user_message), but there is no message after the system message; the template raises (\"Cannot put tools in the first user message when there's no first user message!\").", ['tools']));
    } else {
      next += 1;
      if (first.role !== 'user') diagnostics.push(lostInConversion(`the role ${JSON.stringify(first.role)}`, `${LABEL} writes the tools into the first message after the system message as a user turn`, [...first.path, 'role']));
      if (first.calls.length > 0) diagnostics.push(lostInConversion('the tool calls of the message that carries the tools', `${LABEL} writes only its text`, [...first.path, 'toolCalls']));
      header(c, 'user', first.path);
      out.structure(USER_TOOLS_INTRO, ['tools'], false);
      tools(c, functions);
      trimmed(c, first, false);
      out.special(TOKENS.eot, first.path, false);
    }
  }
  for (let i = next; i < messages.length; i++) renderMessage(c, messages[i] as TemplateMessage);
  if (resolved.addGenerationPrompt) header(c, 'assistant', ROOT);
  const { text, spans } = out.finish();
  return { text, spans, diagnostics };
}
