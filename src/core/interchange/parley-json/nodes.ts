/**
 * Where the model objects with a stable `id` sit in a record (messages, parts, blocks, calls,
 * outputs, tools, files), so that encode can leave ids out and decode can give fresh ones.
 * Only those places are visited: an `id` inside unknown fields, a value part's value, a tool's
 * schema or an unknown block's raw source is data and stays as it is. The walk takes any JSON
 * value (decode runs it before validation), so it skips whatever is not where the model says.
 */
import { isObject, type JsonObject } from '../../shared/json.ts';

/** The prefix `newId` gives each kind of object (`m-…` for messages, …). */
export type NodeKind = 'm' | 'p' | 'b' | 'c' | 'o' | 't' | 'f';

export type Visit = (node: JsonObject, kind: NodeKind) => void;

function each(list: unknown, kind: NodeKind, visit: Visit, inside?: (node: JsonObject) => void): void {
  if (!Array.isArray(list)) return;
  for (const node of list) {
    if (!isObject(node)) continue;
    visit(node, kind);
    inside?.(node);
  }
}

function block(node: JsonObject, visit: Visit): void {
  if (node.type === 'tool_calls') each(node.calls, 'c', visit);
  else if (node.type === 'tool_outputs') each(node.outputs, 'o', visit);
}

function content(value: unknown, visit: Visit): void {
  if (!isObject(value)) return;
  if (value.type === 'parts') each(value.parts, 'p', visit);
  else if (value.type === 'blocks') each(value.blocks, 'b', visit, (b) => block(b, visit));
}

/** Calls `visit` on every model object of `record` (a record, or JSON meant to be one) that has an id. */
export function visitNodes(record: unknown, visit: Visit): void {
  if (!isObject(record)) return;
  const message = (m: JsonObject) => {
    content(m.content, visit);
    each(m.toolCalls, 'c', visit);
  };
  each(record.messages, 'm', visit, message);
  // A training record's branches (chosen, rejected, completion) are lists of messages too.
  if (isObject(record.branches)) for (const branch of Object.values(record.branches)) each(branch, 'm', visit, message);
  each(record.tools, 't', visit);
  each(record.files, 'f', visit, (f) => each(f.parts, 'p', visit));
}
