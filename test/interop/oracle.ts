/**
 * The oracle of issue 22 (docs/testing.md, 'The interop oracle'): nothing changes without a diagnostic
 * that names it. Three checks of one record read from a document:
 * - round trip: read back what its own dialect writes; every model field (path → value) that
 *   differs must be named by a diagnostic of the write or of the reading back;
 * - conversion: write it in another dialect and read that back; every piece of content of the
 *   source (text, thought, call, result, part, tool definition, and what each says: name,
 *   arguments, call id, error flag) must come back, or a diagnostic must name its path in the
 *   source;
 * - render: every text leaf of the record (message text, thoughts, call names and arguments,
 *   results, tool names and descriptions) appears in the rendered text or a diagnostic names it.
 * "Names" means: the diagnostic's path is the leaf's path or one of its ancestors. Ids Parley
 * makes for editing (`id`) and shape notes (how a dialect spelled something: `openaiChatShape`)
 * are not content; nor are empty texts and results (nothing to lose).
 */
import type { Diagnostic } from '../../src/core/model/diagnostic.ts';
import { formatPath, pathStartsWith, type FieldPath } from '../../src/core/model/path.ts';
import { BRANCH_NAMES, type Block, type Extra, type Message, type ParleyRecord, type Part, type ToolCall, type ToolDefinition, type ToolOutput } from '../../src/core/model/types.ts';
import { translateExtra, type ExtraLevel } from '../../src/core/interchange/shared/equivalents.ts';
import { flatToolExtra } from '../../src/core/interchange/shared/tools.ts';

/** One thing the oracle found: where (a path in the source record) and what. */
export interface Finding {
  path: FieldPath;
  what: string;
}

export function describeFindings(findings: readonly Finding[]): string[] {
  return findings.map((f) => `${formatPath(f.path) || '(record)'}: ${f.what}`);
}

/**
 * Whether a diagnostic names `path`: its path is `path` or an ancestor. A warning about the
 * whole record names nothing in particular; an error about it (a template that failed, a
 * record the target cannot hold) stops the step loudly, and so names everything.
 */
export function isNamed(path: FieldPath, diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => (d.path === undefined || d.path.length === 0 ? d.severity === 'error' : pathStartsWith(path, namedObject(d))));
}

/**
 * What a diagnostic names: its path, but for an error on a message's role, which is about the
 * whole message (a role the format cannot write: "the message is left out").
 */
function namedObject(d: Diagnostic): FieldPath {
  const path = d.path ?? [];
  return d.severity === 'error' && path.length === 3 && path[0] === 'messages' && path[2] === 'role' ? path.slice(0, 2) : path;
}

/** Keys of a model object that are not content: editing ids and shape notes. */
function isBookkeeping(key: string): boolean {
  return key === 'id' || key.endsWith('Shape') || key.endsWith('-shape');
}

/** Objects whose keys are the source's own (unknown fields, raw blocks, JSON values, schemas): every key of them is content. */
const OPAQUE = new Set(['extra', 'raw', 'value', 'parameters', 'returns']);

/**
 * Every leaf of a record, by model path: `messages[0].content.text → "Hi"`. An empty array or
 * object is a leaf of its own (`tools → []`), so that its presence counts.
 */
export function modelLeaves(record: ParleyRecord): Map<string, { path: FieldPath; value: unknown }> {
  const leaves = new Map<string, { path: FieldPath; value: unknown }>();
  const walk = (value: unknown, path: (string | number)[], opaque: boolean): void => {
    if (Array.isArray(value)) {
      if (value.length === 0) leaves.set(JSON.stringify(path), { path, value: '[]' });
      value.forEach((item, i) => walk(item, [...path, i], opaque));
      return;
    }
    if (typeof value === 'object' && value !== null) {
      const keys = Object.keys(value).filter((key) => opaque || !isBookkeeping(key));
      if (keys.length === 0) leaves.set(JSON.stringify(path), { path, value: '{}' });
      for (const key of keys) walk((value as Record<string, unknown>)[key], [...path, key], opaque || OPAQUE.has(key));
      return;
    }
    if (value !== undefined) leaves.set(JSON.stringify(path), { path, value });
  };
  walk(record, [], false);
  return leaves;
}

/**
 * The model paths whose values differ between two readings of the same dialect (a path on
 * one side only counts), each reported at its path: what the round trip must name.
 */
export function leafDifferences(before: ParleyRecord, after: ParleyRecord): Finding[] {
  const a = modelLeaves(before);
  const b = modelLeaves(after);
  const findings: Finding[] = [];
  for (const [key, { path, value }] of a) {
    const other = b.get(key);
    if (other === undefined) findings.push({ path, what: `${JSON.stringify(value)} is gone` });
    else if (other.value !== value) findings.push({ path, what: `${JSON.stringify(value)} became ${JSON.stringify(other.value)}` });
  }
  for (const [key, { path, value }] of b) if (!a.has(key)) findings.push({ path, what: `${JSON.stringify(value)} appeared` });
  return findings;
}

/** The round trip's findings: differences no diagnostic names. */
export function unnamedDifferences(before: ParleyRecord, after: ParleyRecord, diagnostics: readonly Diagnostic[]): Finding[] {
  return leafDifferences(before, after).filter((finding) => !isNamed(finding.path, diagnostics));
}

// ---------------------------------------------------------------------------------------------
// Content items: what a record says, whatever the dialect's structure (a text content, a text
// part and a response block are the same text; an OpenAI tool message and an Anthropic
// tool_result block are the same result). Conversions compare these, each at its source path.

export type ItemKind = 'text' | 'thought' | 'call' | 'result' | 'image' | 'value' | 'fim' | 'unknown' | 'tool' | 'label';

export interface ContentItem {
  kind: ItemKind;
  /** What identifies the item: its text, the call's name and arguments, the tool's name. */
  value: string;
  path: FieldPath;
  /** What else it says, each at its own path: compared once the item is matched. */
  fields: Record<string, { path: FieldPath; value: unknown }>;
  /** The role of the message it is in (text only: a system text and a user text are not the same item). */
  role?: string;
}

function field(path: FieldPath, key: string, value: unknown): Record<string, { path: FieldPath; value: unknown }> {
  return value === undefined ? {} : { [key]: { path: [...path, key], value } };
}

function callItem(call: ToolCall, path: FieldPath): ContentItem {
  return { kind: 'call', value: call.name, path, fields: { ...field(path, 'arguments', normalJson(call.arguments)), ...field(path, 'callId', call.callId) } };
}

function resultItem(output: ToolOutput, path: FieldPath): ContentItem {
  return { kind: 'result', value: output.output, path, fields: { ...field(path, 'callId', output.callId), ...field(path, 'isError', output.isError ?? undefined), ...field(path, 'name', output.name) } };
}

/** Arguments compared as JSON when they are JSON (a dialect that holds objects writes them in its own spacing). */
export function normalJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text;
  }
}

function partItems(part: Part, path: FieldPath, role: string): ContentItem[] {
  switch (part.type) {
    case 'text':
      return [{ kind: 'text', value: part.text, path: [...path, 'text'], fields: {}, role }];
    case 'image':
      return [{ kind: 'image', value: part.url, path, fields: {} }];
    case 'value':
      return [{ kind: 'value', value: JSON.stringify(part.value), path, fields: {} }];
    case 'fim':
      return [{ kind: 'fim', value: `${part.prefix}\u0000${part.middle}\u0000${part.suffix}`, path, fields: {} }];
  }
}

function blockItems(block: Block, path: FieldPath, role: string): ContentItem[] {
  switch (block.type) {
    case 'thoughts':
      return [{ kind: 'thought', value: block.text, path: [...path, 'text'], fields: {} }];
    case 'response':
      return [{ kind: 'text', value: block.text, path: [...path, 'text'], fields: {}, role }];
    case 'tool_calls':
      return block.calls.map((call, k) => callItem(call, [...path, 'calls', k]));
    case 'tool_outputs':
      return block.outputs.map((output, k) => resultItem(output, [...path, 'outputs', k]));
    case 'unknown':
      return [{ kind: 'unknown', value: `${block.sourceType} ${JSON.stringify(block.raw)}`, path, fields: {} }];
  }
}

function messageItems(message: Message, path: FieldPath): ContentItem[] {
  const content = message.content;
  const items: ContentItem[] = [];
  const role = message.role;
  if (role === 'tool' || role === 'function') {
    // A result message: its text (or parts) is the result.
    // Compared with a result block's fields: the message's `toolCallId` is a result's `callId`.
    const fields = { ...(message.toolCallId === undefined ? {} : { callId: { path: [...path, 'toolCallId'], value: message.toolCallId } }), ...field(path, 'isError', message.isError), ...field(path, 'name', message.name) };
    if (content?.type === 'parts')
      content.parts.forEach((part, j) => items.push(...partItems(part, [...path, 'content', 'parts', j], role).map((item) => ({ ...item, fields, ...(item.kind === 'text' && { kind: 'result' as const }) }))));
    if (content?.type === 'text') items.push({ kind: 'result', value: content.text, path: [...path, 'content'], fields });
    if (content?.type === 'blocks') content.blocks.forEach((block, j) => items.push(...blockItems(block, [...path, 'content', 'blocks', j], role)));
  } else if (content?.type === 'text') items.push({ kind: 'text', value: content.text, path: [...path, 'content', 'text'], fields: {}, role });
  else if (content?.type === 'parts') content.parts.forEach((part, j) => items.push(...partItems(part, [...path, 'content', 'parts', j], role)));
  else if (content?.type === 'blocks') content.blocks.forEach((block, j) => items.push(...blockItems(block, [...path, 'content', 'blocks', j], role)));
  (message.toolCalls ?? []).forEach((call, k) => items.push(callItem(call, [...path, 'toolCalls', k])));
  // A speaker name belongs to each text of the message.
  if (message.name !== undefined) for (const item of items) if (item.kind === 'text') item.fields = { ...item.fields, ...field(path, 'name', message.name) };
  return items;
}

/** Every content item of a record, in document order; empty texts are no content. */
export function contentItems(record: ParleyRecord): ContentItem[] {
  if (record.kind === 'document') return record.files.flatMap((file, f) => file.parts.flatMap((part, j) => partItems(part, ['files', f, 'parts', j], 'document')));
  const items = record.messages.flatMap((message, i) => messageItems(message, ['messages', i]));
  // A training record's branches are content like the prompt (a conversion that drops one
  // fails); matched by kind, value and role, so a completion written as the last assistant
  // message of a dialect without branches is still there. The KTO label is content too.
  for (const name of BRANCH_NAMES) (record.branches?.[name] ?? []).forEach((message, i) => items.push(...messageItems(message, ['branches', name, i])));
  if (record.label !== undefined) items.push({ kind: 'label', value: String(record.label), path: ['label'], fields: {} });
  record.tools.forEach((tool, t) => {
    const path: FieldPath = ['tools', t];
    items.push({
      kind: 'tool',
      value: tool.name,
      path: [...path, 'name'],
      fields: { ...field(path, 'description', tool.description), ...field(path, 'parameters', tool.parameters === undefined ? undefined : JSON.stringify(tool.parameters)), ...field(path, 'type', tool.type) },
    });
  });
  return items.filter((item) => !(item.value === '' && (item.kind === 'text' || item.kind === 'thought' || item.kind === 'result')));
}

/**
 * Items whose text another dialect may hold in another form (as JSON text, wrapped in a value):
 * a text, a result, a value. Thoughts must stay thoughts (written as text they would be a
 * silent change), calls and tools must come back as themselves.
 */
const TEXT_LIKE: ReadonlySet<ItemKind> = new Set(['text', 'result', 'value']);

/**
 * A conversion's findings: each content item of the source that does not come back (same
 * kind, same value; a text with the same role), and each field of a matched item that differs,
 * unless a diagnostic names its source path; and each item that appears from nowhere.
 */
export function conversionFindings(source: ParleyRecord, converted: ParleyRecord, diagnostics: readonly Diagnostic[], target?: string): Finding[] {
  const findings: Finding[] = extraFindings(source, converted, diagnostics, target);
  const pool = contentItems(converted);
  const used = new Set<number>();
  for (const item of contentItems(source)) {
    const at = pool.findIndex((other, k) => !used.has(k) && other.kind === item.kind && other.value === item.value && (item.kind !== 'text' || other.role === item.role));
    // Texts a dialect writes as one string (ShareGPT joins a message's parts; one reasoning string joins thought blocks): each is still there, whole, as its kind.
    if (at < 0 && (item.kind === 'text' || item.kind === 'result' || item.kind === 'thought') && pool.some((other) => other.kind === item.kind && other.role === item.role && other.value.includes(item.value))) continue;
    // Kept in another form: a result written as a value `{"error": …}` (spec 002), a text inside a JSON value.
    if (at < 0 && TEXT_LIKE.has(item.kind) && pool.some((other) => TEXT_LIKE.has(other.kind) && other.value.includes(JSON.stringify(item.value).slice(1, -1)))) continue;
    if (at < 0) {
      if (!isNamed(item.path, diagnostics)) findings.push({ path: item.path, what: `the ${item.kind} ${JSON.stringify(item.value).slice(0, 120)} is gone or changed` });
      continue;
    }
    used.add(at);
    const other = pool[at] as ContentItem;
    for (const [key, { path, value }] of Object.entries(item.fields)) {
      const now = other.fields[key]?.value;
      if (now !== value && !isNamed(path, diagnostics)) findings.push({ path, what: `the ${key} ${JSON.stringify(value)} became ${JSON.stringify(now)}` });
    }
  }
  const sourceItems = contentItems(source);
  pool.forEach((item, k) => {
    // Source content in another form is not new: a joined string of texts (ShareGPT joins a
    // message's parts), a part written as its JSON text, a result wrapped as `{"error": …}`.
    if (used.has(k) || (TEXT_LIKE.has(item.kind) && sourceItems.some((s) => TEXT_LIKE.has(s.kind) && (item.value.includes(s.value) || item.value.includes(JSON.stringify(s.value).slice(1, -1)))))) return;
    findings.push({ path: item.path, what: `(in the converted record) the ${item.kind} ${JSON.stringify(item.value).slice(0, 120)} appeared` });
  });
  return findings;
}

// ---------------------------------------------------------------------------------------------
// Unknown fields (`extra`): what a reader kept beyond what Parley knows (Anthropic citations, a
// thinking signature, cache_control, a provider's fields). The model's rule (types.ts
// `Extensible`): the same dialect writes them back; another writes those with a documented
// equivalent (interchange/shared/equivalents.ts) and reports the rest (`Losses.extraOf`).

/** Objects whose keys are the source's own: their inside is not walked for more model objects. */
const NOT_MODEL = new Set(['extra', 'raw', 'value', 'parameters', 'returns']);

interface ExtraHolder {
  path: FieldPath;
  extra: Extra;
  extraSource?: string;
  level: ExtraLevel;
}

/** The equivalents table's level of a model object (what `Losses.extraOf` is called with), from its shape. */
function levelOf(object: Record<string, unknown>, path: FieldPath): ExtraLevel {
  if (path.length === 0) return 'document';
  if (path[0] === 'tools') return 'tool';
  if (typeof object.role === 'string') return 'message';
  if (object.type === 'text' || object.type === 'response') return 'text';
  if (object.type === 'image') return 'image';
  if (object.type === 'thoughts') return 'thoughts';
  const parent = path[path.length - 2];
  if (parent === 'calls' || parent === 'toolCalls') return 'call';
  return 'message';
}

/** Every model object of a record with a non-empty `extra`, by path. */
function extraHolders(record: ParleyRecord): ExtraHolder[] {
  const holders: ExtraHolder[] = [];
  const walk = (value: unknown, path: FieldPath): void => {
    if (Array.isArray(value)) return value.forEach((item, i) => walk(item, [...path, i]));
    if (typeof value !== 'object' || value === null) return;
    const object = value as Record<string, unknown>;
    const extra = object.extra;
    if (typeof extra === 'object' && extra !== null && !Array.isArray(extra) && Object.keys(extra).length > 0) {
      const level = levelOf(object, path);
      // A tool's fields at the level every dialect's writer starts from (shared/tools.ts): an OpenAI-nested tool's `function.strict` is a flat tool's `strict`.
      const fields = level === 'tool' && object.wrapped === true ? (flatToolExtra(object as unknown as ToolDefinition) ?? {}) : (extra as Extra);
      holders.push({ path, extra: fields, ...(typeof object.extraSource === 'string' && { extraSource: object.extraSource }), level });
    }
    for (const [key, inner] of Object.entries(object)) if (!NOT_MODEL.has(key)) walk(inner, [...path, key]);
  };
  walk(record, []);
  return holders;
}

/** JSON with sorted keys: a field's value compared whatever order a dialect writes its keys in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const object = value as Record<string, unknown>;
    return `{${Object.keys(object).sort().map((key) => `${JSON.stringify(key)}:${canonical(object[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/**
 * The unknown fields of the source that neither come back in the converted record (as
 * themselves, or under `target`'s documented name for them, with the same value, on any of its
 * objects: dialects structure a record differently, so objects are not matched by path) nor are
 * named by a diagnostic (at the field, its object or an ancestor).
 */
export function extraFindings(source: ParleyRecord, converted: ParleyRecord, diagnostics: readonly Diagnostic[], target?: string): Finding[] {
  const there = new Set(extraHolders(converted).flatMap(({ extra }) => Object.entries(extra).map(([key, value]) => `${key}=${canonical(value)}`)));
  const findings: Finding[] = [];
  for (const holder of extraHolders(source)) {
    for (const [key, value] of Object.entries(holder.extra)) {
      const path: FieldPath = [...holder.path, 'extra', key];
      if (there.has(`${key}=${canonical(value)}`) || isNamed(path, diagnostics)) continue;
      const from = holder.extraSource;
      const translated = from === undefined || target === undefined ? undefined : translateExtra({ [key]: value }, holder.level, from, target).kept;
      if (translated !== undefined && Object.entries(translated).every(([name, v]) => there.has(`${name}=${canonical(v)}`))) continue;
      findings.push({ path, what: `the field ${JSON.stringify(value).slice(0, 120)} is gone` });
    }
  }
  return findings;
}

// ---------------------------------------------------------------------------------------------
// Renders.

/** The text leaves a render must show: texts, thoughts, call names and arguments, results, tool names and descriptions. */
export function textLeaves(record: ParleyRecord): { path: FieldPath; text: string }[] {
  const leaves: { path: FieldPath; text: string }[] = [];
  for (const item of contentItems(record)) {
    switch (item.kind) {
      case 'text':
      case 'thought':
      case 'result':
        leaves.push({ path: item.path, text: item.value });
        break;
      case 'call': {
        const args = item.fields.arguments;
        leaves.push({ path: [...item.path, 'name'], text: item.value });
        if (args !== undefined) leaves.push({ path: args.path, text: String(args.value) });
        break;
      }
      case 'tool': {
        leaves.push({ path: item.path, text: item.value });
        const description = item.fields.description;
        if (typeof description?.value === 'string') leaves.push({ path: description.path, text: description.value });
        break;
      }
      default:
        break;
    }
  }
  return leaves.filter((leaf) => leaf.text.trim() !== '');
}

/** Whitespace and JSON escapes aside: a format may indent, trim, or write JSON in its own spacing. */
function squeeze(text: string): string {
  return text.replace(/\s+/g, '');
}

/** Whether `text` shows in `rendered`: as it is, trimmed, or (JSON) in another spacing or with escaped non-ASCII. */
export function shows(text: string, rendered: string, squeezed: string): boolean {
  if (rendered.includes(text) || rendered.includes(text.trim())) return true;
  // Written as comment lines: harmony writes a tool's description one `// ` line per line, as
  // openai/harmony does (Rust `lines()`: a last line break ends the last line). All lines, in order, together.
  if (text.includes('\n') && rendered.includes(text.replace(/\r?\n$/, '').split(/\r?\n/).join('\n// '))) return true;
  // Written as a JSON string (Llama 3.1 writes a tool result with `tojson`).
  if (rendered.includes(JSON.stringify(text).slice(1, -1))) return true;
  if (squeezed.includes(squeeze(text)) || squeezed.includes(squeeze(JSON.stringify(text).slice(1, -1)))) return true;
  try {
    const value: unknown = JSON.parse(text);
    const ascii = JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    return squeezed.includes(squeeze(ascii));
  } catch {
    return false;
  }
}

/** A render's findings: text leaves that neither show in the text nor are named by a diagnostic. */
export function renderFindings(record: ParleyRecord, rendered: string, diagnostics: readonly Diagnostic[]): Finding[] {
  const squeezed = squeeze(rendered);
  return textLeaves(record)
    .filter((leaf) => !shows(leaf.text, rendered, squeezed) && !isNamed(leaf.path, diagnostics))
    .map((leaf) => ({ path: leaf.path, what: `${JSON.stringify(leaf.text).slice(0, 120)} is not in the render` }));
}
