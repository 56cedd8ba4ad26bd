/**
 * The Conversation model: one in-memory shape for every format Parley renders and every JSON
 * dialect it reads. It is lossless on purpose: what a source record said (string vs mapping
 * content, absent vs null content, raw argument text, unknown fields) is kept so that exporting
 * gives back what was opened. Every editable object carries a stable `id` (React keys,
 * selection, drag and drop); ids are never exported.
 */

/** Unknown fields of the source record, kept and written back on export. */
export type Extra = Record<string, unknown>;

export const KNOWN_ROLES = ['system', 'developer', 'user', 'assistant', 'tool'] as const;
export type KnownRole = (typeof KNOWN_ROLES)[number];
/** A known role, or any other string the source used (kept; formats report it). */
export type Role = KnownRole | (string & {});

export interface TextPart {
  id: string;
  type: 'text';
  text: string;
  extra?: Extra;
}

export interface ImagePart {
  id: string;
  type: 'image';
  /** A data: URL or a remote URL as the source gave it (never fetched by Parley). */
  url: string;
  mediaType?: string;
  extra?: Extra;
}

/** A JSON value carried as content (spec 002 `value` parts). */
export interface ValuePart {
  id: string;
  type: 'value';
  value: unknown;
  extra?: Extra;
}

/** A fill-in-the-middle segment: the model sees prefix and suffix and produces the middle. */
export interface FimPart {
  id: string;
  type: 'fim';
  prefix: string;
  middle: string;
  suffix: string;
  extra?: Extra;
}

export type Part = TextPart | ImagePart | ValuePart | FimPart;

export interface ToolCall {
  id: string;
  /** The call id of the source (OpenAI `id`, Anthropic `tool_use.id`), if any. */
  callId?: string;
  /** The call's declared type in an OpenAI-style `tool_calls` entry; undefined means "function". */
  type?: string;
  name: string;
  /** The arguments exactly as written (a JSON object text by convention; validated, never reformatted). */
  arguments: string;
  /** The source gave arguments as a JSON object rather than a string: export writes an object back. */
  argumentsWasObject?: boolean;
  extra?: Extra;
}

export interface ToolOutput {
  id: string;
  /** The id of the call this output answers, if the source says. */
  callId?: string;
  name?: string;
  output: string;
  isError?: boolean;
  extra?: Extra;
}

/** The three kinds of thought of OpenChatML; Apertus has one kind (undefined). */
export type ThoughtKind = 'reflect' | 'introspect' | 'reason';

export interface ThoughtsBlock {
  id: string;
  type: 'thoughts';
  text: string;
  kind?: ThoughtKind;
  extra?: Extra;
}

export interface ToolCallsBlock {
  id: string;
  type: 'tool_calls';
  calls: ToolCall[];
  extra?: Extra;
}

export interface ToolOutputsBlock {
  id: string;
  type: 'tool_outputs';
  outputs: ToolOutput[];
  extra?: Extra;
}

export interface ResponseBlock {
  id: string;
  type: 'response';
  text: string;
  extra?: Extra;
}

/** A block whose type no format knows; kept verbatim so that nothing is dropped. */
export interface UnknownBlock {
  id: string;
  type: 'unknown';
  sourceType: string;
  raw: Extra;
}

export type Block = ThoughtsBlock | ToolCallsBlock | ToolOutputsBlock | ResponseBlock | UnknownBlock;
export type BlockType = Block['type'];

/**
 * Message content.
 * - `text`: a plain string. `mapping: true` records that the source wrote it as `{"text": …}`
 *   (Apertus' system mapping form), so export gives back the same shape.
 * - `parts`: structured parts (Apertus user `{"parts": […]}`, OpenAI content arrays, spec 002 `contents`).
 * - `blocks`: a structured assistant message (Apertus `{"blocks": […]}`).
 */
export type Content =
  | { type: 'text'; text: string; mapping?: boolean }
  | { type: 'parts'; parts: Part[] }
  | { type: 'blocks'; blocks: Block[] };

export interface Message {
  id: string;
  role: Role;
  /** Speaker name (OpenChatML `name=`, OpenAI `name`). */
  name?: string;
  /** `undefined`: the source had no content key; `null`: it had `content: null`. */
  content?: Content | null;
  /** OpenAI-style tool calls attached to the message (Apertus' legacy `tool_calls`). */
  toolCalls?: ToolCall[];
  /** For tool messages: the id of the call answered. */
  toolCallId?: string;
  /** For tool messages: the tool reported an error. */
  isError?: boolean;
  /**
   * OpenChatML thought flags of a system message (`<|reflect|>`, `<|introspect|>`, `<|reason|>`
   * after its content): they tell the model which thought blocks to write. A setting of the
   * system prompt, not derived from the thought blocks present (a prompt may ask for thoughts
   * that no assistant message has yet). Only system messages carry flags.
   */
  thoughtFlags?: ThoughtKind[];
  extra?: Extra;
}

export interface ToolDefinition {
  id: string;
  name: string;
  description?: string;
  /** JSON Schema of the arguments, as given (property order is kept: templates iterate it). */
  parameters?: unknown;
  /** JSON Schema of the result (spec 002). */
  returns?: unknown;
  /** The source wrapped it OpenAI-style: `{"type": "function", "function": {…}}`. */
  wrapped?: boolean;
  /**
   * Set only for a tool that is not a function tool: a provider's built-in tool such as OpenAI
   * `web_search_preview` or Anthropic `web_search_20250305`. Such a tool has no function schema;
   * every field of the source but `type` is kept in `extra` (its `name`, when it has one, is
   * copied to `name` for display) and written back as it was.
   */
  type?: string;
  extra?: Extra;
}

/** A chat conversation: messages and the tools they may call. */
export interface Conversation {
  kind: 'chat';
  messages: Message[];
  tools: ToolDefinition[];
  extra?: Extra;
}

/** One file of a multi-file document: text parts and FIM segments, in order. */
export interface DocumentFile {
  id: string;
  name?: string;
  parts: Part[];
  extra?: Extra;
}

/** A record that is a sequence of files with no chat wrapper (OpenChatML multi-file / FIM). */
export interface DocumentRecord {
  kind: 'document';
  files: DocumentFile[];
  extra?: Extra;
}

/** Everything Parley edits: a chat conversation or a document. */
export type ParleyRecord = Conversation | DocumentRecord;
