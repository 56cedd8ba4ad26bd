/**
 * Which columns of a Parquet file hold the conversation: a `messages`-like list column (a list
 * of structs with a `role` or ShareGPT's `from`), `conversations`, or the `prompt` / `chosen` /
 * `rejected` columns of preference data. The person can name them instead (`--column`, the
 * app's column choice); the detected choice is only a default.
 */
import type { SchemaTree } from 'hyparquet';

export interface ConversationColumns {
  /** The top-level columns whose values make the record, in the record's key order. */
  names: string[];
  /** How they were chosen, for the message that says so. */
  how: 'named' | 'messages-list' | 'preference' | 'chat-list';
}

/** Names the data sets on the Hub use for the message list, most common first. */
const LIST_NAMES = ['messages', 'conversations', 'conversation', 'chat', 'dialog'];
const PREFERENCE_NAMES = ['prompt', 'chosen', 'rejected'];

/** The element of a list column (`LIST` annotated, 3-level or legacy 2-level), or undefined. */
export function listElementOf(node: SchemaTree): SchemaTree | undefined {
  const { element } = node;
  const annotated = element.converted_type === 'LIST' || element.logical_type?.type === 'LIST';
  if (annotated && node.children.length === 1) {
    const repeated = node.children[0] as SchemaTree;
    // 3-level: <list> repeated group with one child (the element); else the repeated node is it.
    if (repeated.children.length === 1 && repeated.element.num_children === 1 && !isMessageStruct(repeated)) return repeated.children[0];
    return repeated;
  }
  if (element.repetition_type === 'REPEATED') return node;
  return undefined;
}

/** A struct whose fields say it is a message. */
function isMessageStruct(node: SchemaTree): boolean {
  const fields = new Set(node.children.map((child) => child.element.name));
  return fields.has('role') || fields.has('from');
}

/** A top-level column that reads as a list of messages (native list of structs, or JSON text). */
function isMessageList(node: SchemaTree): boolean {
  const item = listElementOf(node);
  return item !== undefined && isMessageStruct(item);
}

/** A JSON-typed column (what `parley convert --output x.parquet` writes for nested values). */
function isJsonColumn(node: SchemaTree): boolean {
  return node.element.converted_type === 'JSON' || node.element.logical_type?.type === 'JSON';
}

/**
 * The conversation columns of a file with this schema; undefined when none is found (the
 * caller says so and lists the columns, so the person can name one).
 */
export function detectConversationColumns(schema: SchemaTree): ConversationColumns | undefined {
  const columns = schema.children;
  const byName = new Map(columns.map((node) => [node.element.name, node]));
  for (const name of LIST_NAMES) {
    const node = byName.get(name);
    if (node && (isMessageList(node) || isJsonColumn(node))) return { names: [name], how: 'messages-list' };
  }
  if (PREFERENCE_NAMES.every((name) => byName.has(name))) return { names: PREFERENCE_NAMES.slice(), how: 'preference' };
  if (byName.has('chosen') && byName.has('rejected')) return { names: ['chosen', 'rejected'], how: 'preference' };
  const list = columns.find(isMessageList);
  if (list) return { names: [list.element.name], how: 'chat-list' };
  return undefined;
}

/** The columns a person named, checked against the file: the unknown ones, if any. */
export function unknownColumns(schema: SchemaTree, names: readonly string[]): string[] {
  const known = new Set(schema.children.map((node) => node.element.name));
  return names.filter((name) => !known.has(name));
}

/** The file's top-level column names, for messages. */
export function columnNames(schema: SchemaTree): string[] {
  return schema.children.map((node) => node.element.name);
}
