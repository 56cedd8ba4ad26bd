/**
 * The conversation columns a person may choose among in a Parquet file (the app's column
 * chooser): every list-of-structs column (a `messages`-like list, ShareGPT's `conversations`),
 * every JSON-typed column, the columns named as chats usually are, and the preference columns
 * together. The detected choice (parquet-columns.ts) comes first when there is one.
 */
import type { SchemaTree } from 'hyparquet';
import { detectConversationColumns, listElementOf } from './parquet-columns.ts';

const CHAT_NAMES = new Set(['messages', 'conversations', 'conversation', 'chat', 'dialog']);
const PREFERENCE = ['prompt', 'chosen', 'rejected'];

function offered(node: SchemaTree): boolean {
  const { element } = node;
  if (CHAT_NAMES.has(element.name)) return true;
  if (element.converted_type === 'JSON' || element.logical_type?.type === 'JSON') return true;
  const item = listElementOf(node);
  return item !== undefined && item.children.length > 0;
}

/** Each choice is the list of columns that make a record, in the record's key order. */
export function conversationCandidates(schema: SchemaTree): string[][] {
  const choices: string[][] = [];
  const add = (names: string[]): void => {
    if (names.length > 0 && !choices.some((choice) => choice.join('\n') === names.join('\n'))) choices.push(names);
  };
  const detected = detectConversationColumns(schema);
  if (detected) add(detected.names);
  for (const node of schema.children) if (offered(node)) add([node.element.name]);
  const present = new Set(schema.children.map((node) => node.element.name));
  add(PREFERENCE.filter((name) => present.has(name)).length >= 2 ? PREFERENCE.filter((name) => present.has(name)) : []);
  return choices;
}
