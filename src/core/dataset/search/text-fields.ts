/**
 * The text a search looks in and a replace may change, field by field: message content (text,
 * text parts, fill-in-the-middle segments), thoughts, response blocks, tool-call arguments, tool
 * results, and the parts of document records. Not searched as text: keys, roles, ids, names (of
 * speakers, tools and files), tool definitions, images, JSON value parts and blocks of unknown
 * type; these are structure, not text a person wrote, and a replace must never touch them. Each
 * field says where it is (its area, its message's role, the tool called) for the qualifiers
 * `in:`, `role:` and `tool:` (search-syntax.ts), which pick fields without changing them.
 */
import type { FieldPath } from '../../model/path.ts';
import type { Content, Message, ParleyRecord, Part, ToolCall } from '../../model/types.ts';
import type { FieldArea } from './search-syntax.ts';

/** `arguments` is JSON text whose keys are structure (replace.ts changes only its string values). */
export type TextFieldKind = 'text' | 'arguments';

export interface TextField {
  path: FieldPath;
  kind: TextFieldKind;
  text: string;
  /** What the field is, for `in:` (search-syntax.ts): the content of a `tool` message is a result. */
  area: FieldArea;
  /** The role of the message it is in (undefined in a document record). */
  role?: string;
  /** For arguments: the name of the tool called. */
  tool?: string;
  /** Writes a new text into the record the field was read from (callers work on a copy). */
  set(text: string): void;
}

/** The text fields of `record`, in document order. */
export function textFields(record: ParleyRecord): TextField[] {
  const out: TextField[] = [];
  if (record.kind === 'document') {
    record.files.forEach((file, f) => file.parts.forEach((part, p) => partFields(part, ['files', f, 'parts', p], { area: 'text' }, out)));
    return out;
  }
  record.messages.forEach((message, m) => messageFields(message, ['messages', m], out));
  return out;
}

/** What every field of one message shares. */
interface Where {
  area: FieldArea;
  role?: string;
}

function messageFields(message: Message, path: FieldPath, out: TextField[]): void {
  const { role } = message;
  if (message.content) contentFields(message.content, [...path, 'content'], { role, area: role === 'tool' ? 'results' : 'text' }, out);
  message.toolCalls?.forEach((call, c) => out.push(argumentsField(call, [...path, 'toolCalls', c, 'arguments'], role)));
}

function contentFields(content: Content, path: FieldPath, where: Where, out: TextField[]): void {
  const { role } = where;
  if (content.type === 'text') {
    out.push({ path, kind: 'text', area: where.area, role, tool: undefined, text: content.text, set: (text) => (content.text = text) });
    return;
  }
  if (content.type === 'parts') {
    content.parts.forEach((part, p) => partFields(part, [...path, 'parts', p], where, out));
    return;
  }
  content.blocks.forEach((block, b) => {
    const at = [...path, 'blocks', b];
    switch (block.type) {
      case 'thoughts':
      case 'response':
        out.push({ path: [...at, 'text'], kind: 'text', area: block.type === 'thoughts' ? 'thoughts' : where.area, role, tool: undefined, text: block.text, set: (text) => (block.text = text) });
        return;
      case 'tool_calls':
        block.calls.forEach((call, c) => out.push(argumentsField(call, [...at, 'calls', c, 'arguments'], role)));
        return;
      case 'tool_outputs':
        block.outputs.forEach((output, o) => out.push({ path: [...at, 'outputs', o, 'output'], kind: 'text', area: 'results', role, tool: undefined, text: output.output, set: (text) => (output.output = text) }));
        return;
      case 'unknown':
        return;
    }
  });
}

// Every field is written with the same keys in the same order (tool: undefined included): one
// object shape, which keeps the search's loop over fields fast in V8.
function partFields(part: Part, path: FieldPath, where: Where, out: TextField[]): void {
  if (part.type === 'text') out.push({ path: [...path, 'text'], kind: 'text', area: where.area, role: where.role, tool: undefined, text: part.text, set: (text) => (part.text = text) });
  if (part.type === 'fim') {
    out.push({ path: [...path, 'prefix'], kind: 'text', area: where.area, role: where.role, tool: undefined, text: part.prefix, set: (text) => (part.prefix = text) });
    out.push({ path: [...path, 'middle'], kind: 'text', area: where.area, role: where.role, tool: undefined, text: part.middle, set: (text) => (part.middle = text) });
    out.push({ path: [...path, 'suffix'], kind: 'text', area: where.area, role: where.role, tool: undefined, text: part.suffix, set: (text) => (part.suffix = text) });
  }
}

function argumentsField(call: ToolCall, path: FieldPath, role: string | undefined): TextField {
  return { path, kind: 'arguments', area: 'args', role, tool: call.name, text: call.arguments, set: (text) => (call.arguments = text) };
}
