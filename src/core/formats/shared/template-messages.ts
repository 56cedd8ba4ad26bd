/**
 * The one builder of the OpenAI-style message list that Hub chat templates read, for every
 * format that follows such a template: the Jinja format (any template, via
 * formats/jinja/messages-json.ts), ChatML (Qwen2.5) and Llama 3.1 (their own walk of it). What
 * transformers gives a template, with the model path of every piece:
 * - content as given: a string, `null`, no content, or the list of parts it was (`parts`);
 *   `content` holds its text pieces for the native formats (a text-only template's view);
 * - the speaker or tool name, the call ids (`callId`, `toolCallId`) as given, never made up;
 * - tool calls as the model holds them (their arguments go to the template as objects or as
 *   given: arguments-mode.ts);
 * - the message's unknown keys (`extra`), passed on;
 * - a structured assistant message (blocks) as an OpenAI export makes it: its responses and
 *   calls as an assistant message, each tool output as a tool message where it stands, its
 *   thoughts as `thoughts` (the reasoning key).
 * Only a block of a type no format knows has no place in the list (reported lost). What a
 * native format's own template does not write (thoughts, images, names, ids) is that format's
 * to report (`native` below, and native-reports.ts).
 */
import { warning, type Diagnostic } from '../../model/diagnostic.ts';
import type { FieldPath } from '../../model/path.ts';
import type { Block, Content, Extra, Message, Part, ToolCall } from '../../model/types.ts';
import { lostInConversion } from '../../shared/lost-in-conversion.ts';
import { valuePartWhat } from '../../model/part-words.ts';

export interface TextPiece {
  text: string;
  path: FieldPath;
}

export interface CallRef {
  call: ToolCall;
  path: FieldPath;
  /** `[...path, 'name']` and `[...path, 'arguments']`, the paths of its spans. */
  namePath: FieldPath;
  argumentsPath: FieldPath;
}

function callRef(call: ToolCall, path: FieldPath): CallRef {
  return { call, path, namePath: [...path, 'name'], argumentsPath: [...path, 'arguments'] };
}

export interface PartRef {
  part: Part;
  path: FieldPath;
}

export interface TemplateMessage {
  role: string;
  /** The path of the model message (or tool output) it comes from. */
  path: FieldPath;
  /**
   * The content's text pieces; `undefined`: the message has no content, `null`: content null
   * (templates treat both apart from an empty string).
   */
  content: TextPiece[] | null | undefined;
  /** The content was given as a list of parts: those parts, as given. */
  parts: readonly PartRef[] | undefined;
  /** The path where the content is (for diagnostics about it). */
  contentPath: FieldPath;
  calls: readonly CallRef[];
  /** The thoughts of a structured assistant message (templates read them as `reasoning_content`). */
  thoughts: TextPiece[] | undefined;
  /** The model message these come from (its name, call id, error flag, unknown keys). */
  source: Message;
  /** Made from a tool output block (not a message of its own in the model). */
  fromBlock: boolean;
  /** Not the first message made from its model message (a later turn of a structured message): its name, ids and unknown keys went with the first. */
  continued: boolean;
}

/**
 * Every message of the list has the same fields, set in the same order: the renderers read
 * them for every message, and objects of one shape keep those reads fast.
 */
function made(role: string, path: FieldPath, content: TextPiece[] | null | undefined, contentPath: FieldPath, calls: readonly CallRef[], source: Message): TemplateMessage {
  return { role, path, content, parts: undefined, contentPath, calls, thoughts: undefined, source, fromBlock: false, continued: false };
}

/** What a native format's template does not write, reported as the list is built (in record order). */
export interface NativeReport {
  label: string;
  /** Code of the warning that parts are written as their text one after the other (`<id>/parts-as-text`). */
  partsAsText: string;
}

export interface BuildOptions {
  /** The format's label, in what is reported lost. */
  label: string;
  out: Diagnostic[];
  /** A native format (ChatML, Llama 3.1): thoughts and non-text parts are reported as its template does not write them. */
  native?: NativeReport;
}

export function joinPieces(pieces: readonly TextPiece[] | null | undefined): string {
  if (!pieces) return '';
  if (pieces.length === 1) return (pieces[0] as TextPiece).text;
  let text = '';
  for (const piece of pieces) text += piece.text;
  return text;
}

/** The text of the parts as a text-only template sees them; images and FIM segments have none. */
function partPieces(content: Extract<Content, { type: 'parts' }>, path: FieldPath, options: BuildOptions, refs: PartRef[]): TextPiece[] {
  const { native, out } = options;
  const pieces: TextPiece[] = [];
  const parts = content.parts;
  for (let j = 0; j < parts.length; j++) {
    const part = parts[j] as Part;
    const partPath = [...path, 'parts', j];
    refs.push({ part, path: partPath });
    if (part.type === 'text') pieces.push({ text: part.text, path: [...partPath, 'text'] });
    else if (part.type === 'value') {
      // As the JSON dialects without value parts do: its JSON text, and the loss of its type.
      pieces.push({ text: JSON.stringify(part.value) ?? 'null', path: [...partPath, 'value'] });
      if (native) out.push(lostInConversion(valuePartWhat(part), `${native.label} writes text only; written as its JSON text`, partPath));
    } else if (native) out.push(lostInConversion(part.type === 'image' ? 'an image' : 'a fill-in-the-middle segment', `${native.label} writes text only`, partPath));
  }
  if (native) out.push(warning(native.partsAsText, `The content at ${path.join('.')} is a list of parts; ${native.label} writes the text of its parts one after the other (the reference template takes a string).`, path));
  return pieces;
}

function blockMessages(message: Message, blocks: readonly Block[], path: FieldPath, options: BuildOptions): TemplateMessage[] {
  const { label, native, out } = options;
  const result: TemplateMessage[] = [];
  let current: TemplateMessage | undefined;
  const contentPath = [...path, 'content'];
  const assistant = (): TemplateMessage => {
    if (current === undefined) {
      current = made('assistant', path, [], contentPath, [], message);
      current.continued = result.length > 0;
      result.push(current);
    }
    return current;
  };
  blocks.forEach((block, j) => {
    const blockPath = [...contentPath, 'blocks', j];
    switch (block.type) {
      case 'thoughts':
        if (native) out.push(lostInConversion('the thoughts (reasoning)', `${native.label} has no place for reasoning; they are not rendered`, blockPath));
        else (assistant().thoughts ??= []).push({ text: block.text, path: [...blockPath, 'text'] });
        break;
      case 'response':
        assistant().content?.push({ text: block.text, path: [...blockPath, 'text'] });
        break;
      case 'tool_calls': {
        const target = assistant();
        target.calls = [...target.calls, ...block.calls.map((call, k) => callRef(call, [...blockPath, 'calls', k]))];
        break;
      }
      case 'tool_outputs':
        current = undefined;
        block.outputs.forEach((output, k) => {
          const outputPath = [...blockPath, 'outputs', k];
          const source: Message = { id: output.id, role: 'tool', ...(output.name !== undefined && { name: output.name }), ...(output.callId !== undefined && { toolCallId: output.callId }), ...(output.isError !== undefined && { isError: output.isError }), ...(output.extra !== undefined && { extra: output.extra }) };
          const tool = made('tool', outputPath, [{ text: output.output, path: [...outputPath, 'output'] }], [...outputPath, 'output'], NO_CALLS, source);
          tool.fromBlock = true;
          result.push(tool);
        });
        break;
      case 'unknown':
        out.push(lostInConversion(`a block of type ${JSON.stringify(block.sourceType)}`, `${label} has no such block`, blockPath));
        break;
    }
  });
  if (result.length === 0) result.push(made('assistant', path, [], contentPath, NO_CALLS, message));
  return result;
}

const NO_CALLS: readonly CallRef[] = [];

interface MessagePaths {
  path: FieldPath;
  contentPath: FieldPath;
  textPath: FieldPath;
  /** Of its calls (`toolCalls`), made when first asked. */
  calls: CallPaths[];
}

type CallPaths = Omit<CallRef, 'call'>;

/** Calls of a message whose paths are shared: most messages have one call, a few several. */
const SHARED_CALL_PATHS = 16;

function callPaths(i: number, k: number): CallPaths {
  const shared = messagePaths(i).calls;
  const hit = shared[k];
  if (hit !== undefined) return hit;
  const path = Object.freeze(['messages', i, 'toolCalls', k]);
  const paths: CallPaths = { path, namePath: Object.freeze([...path, 'name']), argumentsPath: Object.freeze([...path, 'arguments']) };
  if (i < SHARED_MESSAGE_PATHS && k < SHARED_CALL_PATHS && k === shared.length) shared.push(paths);
  return paths;
}

/**
 * Paths of the first messages made once and shared by every render (frozen: a path is never
 * changed): making three arrays per message on each render was a large share of building the
 * list and of the collector's work. Beyond this many messages, paths are made per render (a
 * longer conversation is rare, and the cache stays small: three short arrays an index).
 */
const SHARED_MESSAGE_PATHS = 4096;
const messagePathCache: MessagePaths[] = [];

function messagePaths(i: number): MessagePaths {
  const hit = messagePathCache[i];
  if (hit !== undefined) return hit;
  const paths: MessagePaths = { path: Object.freeze(['messages', i]), contentPath: Object.freeze(['messages', i, 'content']), textPath: Object.freeze(['messages', i, 'content', 'text']), calls: [] };
  if (i < SHARED_MESSAGE_PATHS) messagePathCache[i] = paths;
  return paths;
}

function messageCalls(calls: readonly ToolCall[] | undefined, i: number): readonly CallRef[] {
  if (calls === undefined || calls.length === 0) return NO_CALLS;
  if (calls.length === 1) {
    // Most messages with calls have one: its list made at once.
    const paths = callPaths(i, 0);
    return [{ call: calls[0] as ToolCall, path: paths.path, namePath: paths.namePath, argumentsPath: paths.argumentsPath }];
  }
  const refs: CallRef[] = [];
  for (let k = 0; k < calls.length; k++) {
    const paths = callPaths(i, k);
    refs.push({ call: calls[k] as ToolCall, path: paths.path, namePath: paths.namePath, argumentsPath: paths.argumentsPath });
  }
  return refs;
}

/** The messages of a conversation as a template reads them. */
export function templateMessages(messages: readonly Message[], options: BuildOptions): TemplateMessage[] {
  // Made to its usual length (one per message; blocks may make more, and it grows) and cut at the end, not grown push by push.
  const result: TemplateMessage[] = new Array<TemplateMessage>(messages.length);
  let n = 0;
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i] as Message;
    const { path, contentPath, textPath } = messagePaths(i);
    const calls = messageCalls(message.toolCalls, i);
    const content = message.content;
    if (content?.type === 'blocks') {
      const turns = blockMessages(message, content.blocks, path, options);
      // Calls on the message itself (legacy) go with its first assistant part.
      const first = turns.find((m) => m.role === 'assistant');
      if (first) first.calls = [...calls, ...first.calls];
      else if (calls.length > 0) turns.unshift(made('assistant', path, null, contentPath, calls, message));
      for (const m of turns) result[n++] = m;
      continue;
    }
    if (content === undefined || content === null) result[n++] = made(message.role, path, content, contentPath, calls, message);
    else if (content.type === 'text') result[n++] = made(message.role, path, [{ text: content.text, path: textPath }], contentPath, calls, message);
    else {
      const parts: PartRef[] = [];
      const m = made(message.role, path, partPieces(content, contentPath, options, parts), contentPath, calls, message);
      m.parts = parts;
      result[n++] = m;
    }
  }
  result.length = n;
  return result;
}

/** `content | trim` of a message's pieces: the text, and the path it stands for (the piece's, when one piece holds it all). */
export function trimmedContent(message: TemplateMessage): { text: string; path: FieldPath } {
  const pieces = message.content ?? [];
  if (pieces.length === 1) {
    const only = pieces[0] as TextPiece;
    return { text: only.text.trim(), path: only.path };
  }
  const text = joinPieces(pieces).trim();
  const holders = pieces.filter((piece) => piece.text.trim() !== '');
  return { text, path: holders.length === 1 ? (holders[0] as TextPiece).path : message.contentPath };
}

/** The unknown keys a message passes to the template (the first message made from it carries them). */
export function passedExtra(message: TemplateMessage): Extra | undefined {
  return message.continued ? undefined : message.source.extra;
}
