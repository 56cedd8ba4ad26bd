/**
 * The schema of a ParleyRecord (`types.ts`) for data from outside the running program: saved
 * sessions (written by this or an older or newer Parley), share links (anyone can craft one),
 * files of the record itself. `checkRecordShape` walks the value and reports every problem with
 * its exact path (`messages[3].content.blocks[1].calls[0].arguments: expected a string, got
 * number`), so that a damaged value gives a message instead of a crash in some editor later.
 * Unknown fields are allowed and kept: a newer Parley may add some.
 *
 * Hand-written rather than zod: the app runs it at start-up (restoring the last session), and
 * zod would add ~16 KB gzip to the code loaded before the editor (zod comes later, with the
 * file codecs).
 */
import { error, type Diagnostic } from './diagnostic.ts';
import { formatPath, type FieldPath } from './path.ts';
import { BRANCH_NAMES, type ParleyRecord } from './types.ts';

export const RECORD_SCHEMA_CODE = 'record/invalid';

/** One problem: where, and what is wrong there (`expected a string, got number`). */
export interface RecordIssue {
  path: FieldPath;
  problem: string;
}

export type RecordShapeResult = { ok: true; record: ParleyRecord } | { ok: false; issues: RecordIssue[] };

/**
 * A damaged record can have a problem in every message; listing thousands helps nobody and
 * costs time at start-up. The first ones say what is wrong.
 */
export const MAX_RECORD_ISSUES = 50;

const PART_TYPES = ['text', 'image', 'value', 'fim'] as const;
const BLOCK_TYPES = ['thoughts', 'tool_calls', 'tool_outputs', 'response', 'unknown'] as const;
const CONTENT_TYPES = ['text', 'parts', 'blocks'] as const;
const THOUGHT_KINDS = ['reflect', 'introspect', 'reason'] as const;

type Obj = Record<string, unknown>;

class Stop {}

/** Collects issues; stops the walk (by throwing `Stop`) once it has enough. */
class Checker {
  readonly issues: RecordIssue[] = [];

  report(path: FieldPath, problem: string): void {
    this.issues.push({ path, problem });
    if (this.issues.length >= MAX_RECORD_ISSUES) throw new Stop();
  }

  /** The value as an object, or undefined (reported) when it is not one. */
  object(value: unknown, path: FieldPath): Obj | undefined {
    if (isObject(value)) return value;
    this.report(path, expected('an object', value));
    return undefined;
  }

  array(value: unknown, path: FieldPath): unknown[] | undefined {
    if (Array.isArray(value)) return value;
    this.report(path, expected('an array', value));
    return undefined;
  }

  string(obj: Obj, key: string, path: FieldPath): void {
    if (typeof obj[key] !== 'string') this.report([...path, key], expected('a string', obj[key]));
  }

  optional(obj: Obj, key: string, type: 'string' | 'boolean', path: FieldPath): void {
    const value = obj[key];
    if (value !== undefined && typeof value !== type) this.report([...path, key], expected(`${type === 'string' ? 'a string' : 'true or false'} or nothing`, value));
  }

  optionalObject(obj: Obj, key: string, path: FieldPath): void {
    if (obj[key] !== undefined && !isObject(obj[key])) this.report([...path, key], expected('an object or nothing', obj[key]));
  }

  /** The fields every `Extensible` model object may have: `extra` and `extraSource`. */
  extensible(obj: Obj, path: FieldPath): void {
    this.optionalObject(obj, 'extra', path);
    this.optional(obj, 'extraSource', 'string', path);
  }

  /** `obj[key]` is one of `choices`; returns it, or undefined (reported). */
  oneOf<T extends string>(obj: Obj, key: string, choices: readonly T[], path: FieldPath): T | undefined {
    const value = obj[key];
    if (typeof value === 'string' && (choices as readonly string[]).includes(value)) return value as T;
    this.report([...path, key], expected(oneOfText(choices), value));
    return undefined;
  }

  each(value: unknown, path: FieldPath, check: (item: unknown, path: FieldPath) => void): void {
    this.array(value, path)?.forEach((item, i) => check(item, [...path, i]));
  }
}

function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function oneOfText(choices: readonly string[]): string {
  return `one of ${choices.map((c) => JSON.stringify(c)).join(', ')}`;
}

function expected(what: string, value: unknown): string {
  if (value === undefined) return `missing; expected ${what}`;
  const found = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : typeof value === 'string' ? `the string ${JSON.stringify(value.length > 20 ? `${value.slice(0, 20)}…` : value)}` : typeof value;
  return `expected ${what}, got ${found}`;
}

function part(c: Checker, value: unknown, path: FieldPath): void {
  const p = c.object(value, path);
  if (!p) return;
  c.string(p, 'id', path);
  c.extensible(p, path);
  switch (c.oneOf(p, 'type', PART_TYPES, path)) {
    case 'text':
      return c.string(p, 'text', path);
    case 'image':
      c.string(p, 'url', path);
      return c.optional(p, 'mediaType', 'string', path);
    case 'fim':
      for (const key of ['prefix', 'middle', 'suffix']) c.string(p, key, path);
      return;
    default:
      // value parts hold any JSON value
      return;
  }
}

function call(c: Checker, value: unknown, path: FieldPath): void {
  const o = c.object(value, path);
  if (!o) return;
  for (const key of ['id', 'name', 'arguments']) c.string(o, key, path);
  for (const key of ['callId', 'type']) c.optional(o, key, 'string', path);
  for (const key of ['argumentsWasObject', 'typeMissing']) c.optional(o, key, 'boolean', path);
  c.extensible(o, path);
}

function output(c: Checker, value: unknown, path: FieldPath): void {
  const o = c.object(value, path);
  if (!o) return;
  for (const key of ['id', 'output']) c.string(o, key, path);
  for (const key of ['callId', 'name']) c.optional(o, key, 'string', path);
  c.optional(o, 'isError', 'boolean', path);
  c.extensible(o, path);
}

function block(c: Checker, value: unknown, path: FieldPath): void {
  const b = c.object(value, path);
  if (!b) return;
  c.string(b, 'id', path);
  c.extensible(b, path);
  switch (c.oneOf(b, 'type', BLOCK_TYPES, path)) {
    case 'thoughts':
      c.string(b, 'text', path);
      if (b.kind !== undefined) c.oneOf(b, 'kind', THOUGHT_KINDS, path);
      return;
    case 'response':
      return c.string(b, 'text', path);
    case 'tool_calls':
      return c.each(b.calls, [...path, 'calls'], (item, p) => call(c, item, p));
    case 'tool_outputs':
      return c.each(b.outputs, [...path, 'outputs'], (item, p) => output(c, item, p));
    case 'unknown':
      c.string(b, 'sourceType', path);
      c.object(b.raw, [...path, 'raw']);
      return;
    default:
      return;
  }
}

function content(c: Checker, value: unknown, path: FieldPath): void {
  // undefined: the source had no content key; null: it had `content: null`.
  if (value === undefined || value === null) return;
  const o = c.object(value, path);
  if (!o) return;
  c.optionalObject(o, 'extra', path);
  switch (c.oneOf(o, 'type', CONTENT_TYPES, path)) {
    case 'text':
      c.string(o, 'text', path);
      return c.optional(o, 'mapping', 'boolean', path);
    case 'parts':
      return c.each(o.parts, [...path, 'parts'], (item, p) => part(c, item, p));
    case 'blocks':
      return c.each(o.blocks, [...path, 'blocks'], (item, p) => block(c, item, p));
    default:
      return;
  }
}

function message(c: Checker, value: unknown, path: FieldPath): void {
  const m = c.object(value, path);
  if (!m) return;
  for (const key of ['id', 'role']) c.string(m, key, path);
  for (const key of ['name', 'toolCallId']) c.optional(m, key, 'string', path);
  c.optional(m, 'isError', 'boolean', path);
  // Harmony header fields: a string, or null for "the header has none" (types.ts).
  for (const key of ['channel', 'recipient', 'contentType']) if (m[key] !== null) c.optional(m, key, 'string', path);
  c.extensible(m, path);
  if (m.thoughtFlags !== undefined) {
    c.each(m.thoughtFlags, [...path, 'thoughtFlags'], (flag, p) => {
      if (typeof flag !== 'string' || !(THOUGHT_KINDS as readonly string[]).includes(flag)) c.report(p, expected(oneOfText(THOUGHT_KINDS), flag));
    });
  }
  content(c, m.content, [...path, 'content']);
  if (m.toolCalls !== undefined) c.each(m.toolCalls, [...path, 'toolCalls'], (item, p) => call(c, item, p));
}

function tool(c: Checker, value: unknown, path: FieldPath): void {
  const t = c.object(value, path);
  if (!t) return;
  for (const key of ['id', 'name']) c.string(t, key, path);
  for (const key of ['description', 'type']) c.optional(t, key, 'string', path);
  c.optional(t, 'wrapped', 'boolean', path);
  c.extensible(t, path);
  // parameters and returns are JSON Schemas as the source gave them: any JSON value.
}

function file(c: Checker, value: unknown, path: FieldPath): void {
  const f = c.object(value, path);
  if (!f) return;
  c.string(f, 'id', path);
  c.optional(f, 'name', 'string', path);
  c.extensible(f, path);
  c.each(f.parts, [...path, 'parts'], (item, p) => part(c, item, p));
}

function record(c: Checker, value: unknown): void {
  const r = c.object(value, []);
  if (!r) return;
  c.extensible(r, []);
  const kind = c.oneOf(r, 'kind', ['chat', 'document'] as const, []);
  if (kind === 'chat') {
    c.each(r.messages, ['messages'], (item, p) => message(c, item, p));
    c.each(r.tools, ['tools'], (item, p) => tool(c, item, p));
    c.optional(r, 'label', 'boolean', []);
    if (r.branches !== undefined) {
      const branches = c.object(r.branches, ['branches']);
      if (branches) for (const name of Object.keys(branches)) {
        if (!(BRANCH_NAMES as readonly string[]).includes(name)) c.report(['branches', name], expected(oneOfText(BRANCH_NAMES), name));
        else c.each(branches[name], ['branches', name], (item, p) => message(c, item, p));
      }
    }
  } else if (kind === 'document') {
    c.each(r.files, ['files'], (item, p) => file(c, item, p));
  }
}

/** Whether `value` is a ParleyRecord; if not, every problem (up to `MAX_RECORD_ISSUES`) and where. */
export function checkRecordShape(value: unknown): RecordShapeResult {
  const checker = new Checker();
  try {
    record(checker, value);
  } catch (thrown) {
    if (!(thrown instanceof Stop)) throw thrown;
  }
  return checker.issues.length === 0 ? { ok: true, record: value as ParleyRecord } : { ok: false, issues: checker.issues };
}

/** `messages[3].content.blocks[1].calls[0].arguments: expected a string, got number` (`record: …` at the top). */
export function recordIssueText(issue: RecordIssue): string {
  return `${issue.path.length === 0 ? 'record' : formatPath(issue.path)}: ${issue.problem}`;
}

/** An issue as an error diagnostic at its path. */
export function recordIssueDiagnostic(issue: RecordIssue): Diagnostic {
  return error(RECORD_SCHEMA_CODE, recordIssueText(issue), issue.path);
}
