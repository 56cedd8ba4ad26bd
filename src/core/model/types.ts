/**
 * The Conversation model: one in-memory shape for every format Parley renders and every JSON
 * dialect it reads. It is lossless on purpose: what a source record said (string vs mapping
 * content, absent vs null content, raw argument text, unknown fields) is kept so that exporting
 * gives back what was opened. Every editable object carries a stable `id` (React keys,
 * selection, drag and drop); ids are never exported.
 */

/** Unknown fields of the source record, kept and written back on export. */
export type Extra = Record<string, unknown>;

/**
 * A model object that keeps what its source said beyond the fields Parley knows.
 * `extraSource` names the dialect (interchange codec id: `openai-chat`, `anthropic`, …, or
 * `rwkv`) whose reader kept `extra`, because such fields mean something only there: that
 * dialect writes them back as they are; another writes the ones with a documented equivalent
 * (`max_tokens` → `max_output_tokens`, interchange/shared/equivalents.ts) and reports the rest
 * as lost (`Losses.extraOf`). Undefined: of no known dialect (built in the app, or read by a
 * reader that does not say), written as they are.
 */
export interface Extensible {
  extra?: Extra;
  extraSource?: string;
}

export const KNOWN_ROLES = ['system', 'developer', 'user', 'assistant', 'tool'] as const;
export type KnownRole = (typeof KNOWN_ROLES)[number];
/** A known role, or any other string the source used (kept; formats report it). */
export type Role = KnownRole | (string & {});

export interface TextPart extends Extensible {
  id: string;
  type: 'text';
  text: string;
}

export interface ImagePart extends Extensible {
  id: string;
  type: 'image';
  /** A data: URL or a remote URL as the source gave it (never fetched by Parley). */
  url: string;
  mediaType?: string;
}

/** A JSON value carried as content (spec 002 `value` parts). */
export interface ValuePart extends Extensible {
  id: string;
  type: 'value';
  value: unknown;
}

/** A fill-in-the-middle segment: the model sees prefix and suffix and produces the middle. */
export interface FimPart extends Extensible {
  id: string;
  type: 'fim';
  prefix: string;
  middle: string;
  suffix: string;
}

export type Part = TextPart | ImagePart | ValuePart | FimPart;

export interface ToolCall extends Extensible {
  id: string;
  /** The call id of the source (OpenAI `id`, Anthropic `tool_use.id`), if any. */
  callId?: string;
  /** The call's declared type in an OpenAI-style `tool_calls` entry; undefined means "function". */
  type?: string;
  /**
   * The source's OpenAI-style `tool_calls` entry had no `type` key at all. Most dialects read
   * that as "function", but the Apertus template raises on it, so the Apertus format must be
   * able to tell it from an explicit "function" (and Apertus JSON export writes no type back).
   */
  typeMissing?: boolean;
  name: string;
  /** The arguments exactly as written (a JSON object text by convention; validated, never reformatted). */
  arguments: string;
  /** The source gave arguments as a JSON object rather than a string: export writes an object back. */
  argumentsWasObject?: boolean;
}

export interface ToolOutput extends Extensible {
  id: string;
  /** The id of the call this output answers, if the source says. */
  callId?: string;
  name?: string;
  output: string;
  isError?: boolean;
}

/** The three kinds of thought of OpenChatML; Apertus has one kind (undefined). */
export type ThoughtKind = 'reflect' | 'introspect' | 'reason';

export interface ThoughtsBlock extends Extensible {
  id: string;
  type: 'thoughts';
  text: string;
  kind?: ThoughtKind;
}

export interface ToolCallsBlock extends Extensible {
  id: string;
  type: 'tool_calls';
  calls: ToolCall[];
}

export interface ToolOutputsBlock extends Extensible {
  id: string;
  type: 'tool_outputs';
  outputs: ToolOutput[];
}

export interface ResponseBlock extends Extensible {
  id: string;
  type: 'response';
  text: string;
}

/** A block whose type no format knows; kept verbatim so that nothing is dropped. */
export interface UnknownBlock {
  id: string;
  type: 'unknown';
  sourceType: string;
  raw: Extra;
  /** The dialect `raw` was read from (see `Extensible`): only that dialect writes it back. */
  extraSource?: string;
}

export type Block = ThoughtsBlock | ToolCallsBlock | ToolOutputsBlock | ResponseBlock | UnknownBlock;
export type BlockType = Block['type'];

/**
 * Message content.
 * - `text`: a plain string. `mapping: true` records that the source wrote it as `{"text": …}`
 *   (Apertus' system mapping form), so export gives back the same shape.
 * - `parts`: structured parts (Apertus user `{"parts": […]}`, OpenAI content arrays, spec 002 `contents`).
 * - `blocks`: a structured assistant message (Apertus `{"blocks": […]}`).
 *
 * `extra` holds the other keys of a source content mapping, kept and written back: unknown keys,
 * and the forms a template does not read when a mapping has several (an Apertus user message
 * `{"parts": …, "text": …}` renders its parts; the `text` stays here, raw).
 */
export type Content =
  | { type: 'text'; text: string; mapping?: boolean; extra?: Extra }
  | { type: 'parts'; parts: Part[]; extra?: Extra }
  | { type: 'blocks'; blocks: Block[]; extra?: Extra };

export interface Message extends Extensible {
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
  /**
   * Harmony (gpt-oss) message header fields, as openai/harmony's `Message` holds them (see
   * docs/formats.md, 'Harmony: channel and recipient'). Only the harmony format writes them;
   * other formats and dialects report them as lost. `undefined`: the format's default for the
   * role (an assistant text message goes to `final`, a tool result comes `to=assistant` on
   * `commentary`); `null`: the header has none (openai/harmony renders a message without one).
   * - `channel`: `analysis` (chain of thought), `commentary` (tool calls, preambles), `final`.
   * - `recipient`: who the message is for (`functions.get_weather`, `browser.search`,
   *   `python`; `assistant` for a tool result). An assistant message with a recipient is a
   *   tool call: it ends with `<|call|>`.
   * - `contentType`: what follows the recipient, as harmony writes it: `<|constrain|>json`
   *   (the special token, then the type), or a plain word such as `json` or `code`.
   * The thoughts, tool calls and response of an assistant message with blocks need none of
   * these: the format gives each block its channel (thoughts → analysis, tool calls →
   * commentary to=functions.NAME, response → final, or commentary when a call follows: a preamble).
   */
  channel?: string | null;
  recipient?: string | null;
  contentType?: string | null;
}

export interface ToolDefinition extends Extensible {
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
}

/**
 * The completions a training record holds beside its prompt (docs/dialects.md, 'Training-data
 * shapes'): a preference record (trl's `prompt`/`chosen`/`rejected`, LLaMA-Factory's `chosen`/
 * `rejected` turns) has `chosen` and `rejected`; a prompt–completion record (trl's
 * `prompt`/`completion`, Alpaca's `output`, KTO's unpaired example) has `completion`. Each is a
 * list of messages that follows the shared prompt (`Conversation.messages`): `branchRecord`
 * (branches.ts) gives one as an ordinary conversation, so every format, check and tokenizer reads
 * it unchanged.
 */
export const BRANCH_NAMES = ['chosen', 'rejected', 'completion'] as const;
export type BranchName = (typeof BRANCH_NAMES)[number];
export type Branches = Partial<Record<BranchName, Message[]>>;

/** A chat conversation: messages and the tools they may call. */
export interface Conversation extends Extensible {
  kind: 'chat';
  /** The conversation; in a training record with `branches`, the shared prompt they follow. */
  messages: Message[];
  tools: ToolDefinition[];
  /**
   * The dialect (interchange codec id) whose reader made this conversation from JSON; undefined
   * for one built in the app. A conversation read from another dialect than a format's own is a
   * converted one: the format sees it as its own dialect would hold it (Apertus: an assistant's
   * `content: null` beside tool calls as "", OpenAI-nested tools flat; formats/apertus/converted.ts),
   * while the write-back to `readFrom` keeps the source's shapes.
   */
  readFrom?: string;
  /** Set only for a training record whose completions are apart from its prompt (see `BRANCH_NAMES`). */
  branches?: Branches;
  /**
   * KTO's label (trl `label`, LLaMA-Factory `kto_tag`): whether the completion (or the last
   * assistant turn, when the record has no `completion` branch) is desirable.
   */
  label?: boolean;
}

/** One file of a multi-file document: text parts and FIM segments, in order. */
export interface DocumentFile extends Extensible {
  id: string;
  name?: string;
  parts: Part[];
}

/** A record that is a sequence of files with no chat wrapper (OpenChatML multi-file / FIM). */
export interface DocumentRecord extends Extensible {
  kind: 'document';
  files: DocumentFile[];
}

/** Everything Parley edits: a chat conversation or a document. */
export type ParleyRecord = Conversation | DocumentRecord;
