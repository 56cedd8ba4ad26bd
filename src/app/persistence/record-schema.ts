/**
 * The shape of a ParleyRecord (src/core/model/types.ts) as data from outside the running app:
 * IndexedDB (written by this or an older/newer tab) and share links (anyone can craft one).
 * Checked before anything reaches the store, so a damaged value gives a message instead of a
 * crash in some editor later. Unknown fields are allowed (and kept): a newer Parley may add some.
 *
 * Hand-written rather than zod: it runs at start-up, and zod would add ~16 KB gzip to the
 * JavaScript loaded before the editor (zod is loaded later, with the file codecs).
 */
import type { ParleyRecord } from '../../core/index.ts';

type Path = (string | number)[];

class ShapeError {
  constructor(readonly path: Path, readonly message: string) {}
}

type Obj = Record<string, unknown>;

function fail(path: Path, message: string): never {
  throw new ShapeError(path, message);
}

function object(value: unknown, path: Path): Obj {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'expected an object');
  return value as Obj;
}

function array(value: unknown, path: Path): unknown[] {
  if (!Array.isArray(value)) fail(path, 'expected an array');
  return value;
}

function string(obj: Obj, key: string, path: Path): void {
  if (typeof obj[key] !== 'string') fail([...path, key], 'expected a string');
}

function optional(obj: Obj, key: string, type: 'string' | 'boolean', path: Path): void {
  if (obj[key] !== undefined && typeof obj[key] !== type) fail([...path, key], `expected a ${type} or nothing`);
}

function optionalExtra(obj: Obj, path: Path): void {
  if (obj.extra !== undefined) object(obj.extra, [...path, 'extra']);
}

function oneOf(obj: Obj, key: string, choices: readonly string[], path: Path): string {
  const value = obj[key];
  if (typeof value !== 'string' || !choices.includes(value)) fail([...path, key], `expected one of ${choices.join(', ')}`);
  return value;
}

function part(value: unknown, path: Path): void {
  const p = object(value, path);
  string(p, 'id', path);
  optionalExtra(p, path);
  switch (oneOf(p, 'type', ['text', 'image', 'value', 'fim'], path)) {
    case 'text':
      return string(p, 'text', path);
    case 'image':
      string(p, 'url', path);
      return optional(p, 'mediaType', 'string', path);
    case 'fim':
      for (const key of ['prefix', 'middle', 'suffix']) string(p, key, path);
      return;
  }
}

function call(value: unknown, path: Path): void {
  const c = object(value, path);
  for (const key of ['id', 'name', 'arguments']) string(c, key, path);
  for (const key of ['callId', 'type']) optional(c, key, 'string', path);
  optional(c, 'argumentsWasObject', 'boolean', path);
  optionalExtra(c, path);
}

function output(value: unknown, path: Path): void {
  const o = object(value, path);
  for (const key of ['id', 'output']) string(o, key, path);
  for (const key of ['callId', 'name']) optional(o, key, 'string', path);
  optional(o, 'isError', 'boolean', path);
  optionalExtra(o, path);
}

function block(value: unknown, path: Path): void {
  const b = object(value, path);
  string(b, 'id', path);
  optionalExtra(b, path);
  switch (oneOf(b, 'type', ['thoughts', 'tool_calls', 'tool_outputs', 'response', 'unknown'], path)) {
    case 'thoughts':
      string(b, 'text', path);
      if (b.kind !== undefined) oneOf(b, 'kind', ['reflect', 'introspect', 'reason'], path);
      return;
    case 'response':
      return string(b, 'text', path);
    case 'tool_calls':
      return array(b.calls, [...path, 'calls']).forEach((c, i) => call(c, [...path, 'calls', i]));
    case 'tool_outputs':
      return array(b.outputs, [...path, 'outputs']).forEach((o, i) => output(o, [...path, 'outputs', i]));
    case 'unknown':
      string(b, 'sourceType', path);
      object(b.raw, [...path, 'raw']);
      return;
  }
}

function content(value: unknown, path: Path): void {
  if (value === undefined || value === null) return;
  const c = object(value, path);
  switch (oneOf(c, 'type', ['text', 'parts', 'blocks'], path)) {
    case 'text':
      string(c, 'text', path);
      return optional(c, 'mapping', 'boolean', path);
    case 'parts':
      return array(c.parts, [...path, 'parts']).forEach((p, i) => part(p, [...path, 'parts', i]));
    case 'blocks':
      return array(c.blocks, [...path, 'blocks']).forEach((b, i) => block(b, [...path, 'blocks', i]));
  }
}

function message(value: unknown, path: Path): void {
  const m = object(value, path);
  for (const key of ['id', 'role']) string(m, key, path);
  for (const key of ['name', 'toolCallId']) optional(m, key, 'string', path);
  optional(m, 'isError', 'boolean', path);
  optionalExtra(m, path);
  content(m.content, [...path, 'content']);
  if (m.toolCalls !== undefined) array(m.toolCalls, [...path, 'toolCalls']).forEach((c, i) => call(c, [...path, 'toolCalls', i]));
}

function tool(value: unknown, path: Path): void {
  const t = object(value, path);
  for (const key of ['id', 'name']) string(t, key, path);
  optional(t, 'description', 'string', path);
  optional(t, 'wrapped', 'boolean', path);
  optionalExtra(t, path);
}

function file(value: unknown, path: Path): void {
  const f = object(value, path);
  string(f, 'id', path);
  optional(f, 'name', 'string', path);
  optionalExtra(f, path);
  array(f.parts, [...path, 'parts']).forEach((p, i) => part(p, [...path, 'parts', i]));
}

function record(value: unknown): void {
  const r = object(value, []);
  optionalExtra(r, []);
  if (oneOf(r, 'kind', ['chat', 'document'], []) === 'chat') {
    array(r.messages, ['messages']).forEach((m, i) => message(m, ['messages', i]));
    array(r.tools, ['tools']).forEach((t, i) => tool(t, ['tools', i]));
  } else {
    array(r.files, ['files']).forEach((f, i) => file(f, ['files', i]));
  }
}

export type RecordCheck = { ok: true; record: ParleyRecord } | { ok: false; message: string };

/** Whether `value` is a ParleyRecord; if not, the first problem and where it is. */
export function checkRecord(value: unknown): RecordCheck {
  try {
    record(value);
    return { ok: true, record: value as ParleyRecord };
  } catch (thrown) {
    if (!(thrown instanceof ShapeError)) throw thrown;
    const where = thrown.path.length > 0 ? ` at ${thrown.path.map(String).join('.')}` : '';
    return { ok: false, message: `not a Parley record${where}: ${thrown.message}` };
  }
}
