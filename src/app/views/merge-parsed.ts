/**
 * Puts what a person typed in a text view back into the record without losing what the view
 * cannot show. A view's text is a projection: a token format or a JSON dialect drops ids,
 * unknown fields, shape notes and whatever else it has no words for, so its parse is poorer than
 * the record. A three-way merge keeps that:
 *
 * - `base`: the parse of the text the view showed (the projection of the record, read back);
 * - `ours`: the record in the store;
 * - `theirs`: the parse of the text as typed.
 *
 * Wherever `theirs` equals `base`, the person changed nothing there and `ours` is kept (the
 * same object: immer, memoised validation and React.memo see it unchanged, so the forms do not
 * remount). Where they differ, `theirs` wins, field by field along the model's structure, and
 * objects matched by position keep their ids. Lists are aligned by their common start and end,
 * so inserting or deleting one message keeps the ids of all the others.
 */

/** Keys whose values are model objects (or lists of them) that carry ids; every other value is opaque data. */
const STRUCTURAL = new Set(['messages', 'tools', 'files', 'content', 'parts', 'blocks', 'calls', 'outputs', 'toolCalls']);

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Deep equality. On model objects (`structural`) the `id` key is ignored: every parse makes
 * fresh ids. Inside opaque data (unknown fields, JSON values, schemas) an `id` is data and counts.
 * An absent key equals a key holding `undefined`.
 */
export function sameContent(a: unknown, b: unknown, structural = true): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => sameContent(item, b[i], structural));
  }
  if (!isNode(a) || !isNode(b)) return false;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (structural && key === 'id') continue;
    if (!sameContent(a[key], b[key], structural && STRUCTURAL.has(key))) return false;
  }
  return true;
}

/** Objects of the same kind: the same `type` (part, block, content) and `kind` (record). */
function sameKind(a: Node, b: Node): boolean {
  return a['type'] === b['type'] && a['kind'] === b['kind'];
}

/** `theirs`, with the ids of `ours` where objects of the same kind stand at the same position. */
export function adoptIds<T>(ours: unknown, theirs: T): T {
  if (Array.isArray(theirs)) return theirs.map((item: unknown, i) => adoptIds(Array.isArray(ours) ? ours[i] : undefined, item)) as T;
  if (!isNode(theirs)) return theirs;
  const out: Node = { ...theirs };
  if (isNode(ours) && sameKind(ours, theirs) && typeof ours['id'] === 'string' && typeof theirs['id'] === 'string') out['id'] = ours['id'];
  for (const key of Object.keys(theirs)) {
    if (STRUCTURAL.has(key)) out[key] = adoptIds(isNode(ours) ? ours[key] : undefined, theirs[key]);
  }
  return out as T;
}

/** The record to store after an edit in a view (see the module comment). Returns `ours` itself when nothing changed. */
export function mergeParsed<T>(base: T, ours: T, theirs: T): T {
  return merge(base, ours, theirs) as T;
}

function merge(base: unknown, ours: unknown, theirs: unknown): unknown {
  if (sameContent(base, theirs)) return ours;
  if (Array.isArray(theirs) && Array.isArray(base) && Array.isArray(ours)) return mergeLists(base, ours, theirs);
  if (isNode(theirs) && isNode(base) && isNode(ours) && sameKind(base, theirs) && sameKind(ours, theirs)) return mergeNodes(base, ours, theirs);
  return adoptIds(ours, theirs);
}

function mergeNodes(base: Node, ours: Node, theirs: Node): Node {
  const out: Node = typeof ours['id'] === 'string' ? { id: ours['id'] } : {};
  let changed = false;
  // Their key order first (what the person wrote), then what only the record has.
  for (const key of new Set([...Object.keys(theirs), ...Object.keys(ours), ...Object.keys(base)])) {
    if (key === 'id') continue;
    const [b, o, t] = [base[key], ours[key], theirs[key]];
    let value: unknown;
    if (!STRUCTURAL.has(key)) value = sameContent(b, t, false) ? o : t;
    else if (b !== undefined && o !== undefined && t !== undefined) value = merge(b, o, t);
    else value = sameContent(b, t) ? o : adoptIds(o, t);
    if (value !== o) changed = true;
    if (value !== undefined) out[key] = value;
  }
  return changed ? out : ours;
}

function mergeLists(base: readonly unknown[], ours: readonly unknown[], theirs: readonly unknown[]): unknown[] {
  // When the view's parse does not line up with the record (a format that merges or splits
  // messages), there is no telling which item was which: match by position.
  if (base.length !== ours.length) return adoptIds(ours, [...theirs]);
  let start = 0;
  while (start < base.length && start < theirs.length && sameContent(base[start], theirs[start])) start++;
  let end = 0;
  while (end < base.length - start && end < theirs.length - start && sameContent(base[base.length - 1 - end], theirs[theirs.length - 1 - end])) end++;
  const out: unknown[] = ours.slice(0, start);
  const baseMiddle = base.slice(start, base.length - end);
  const oursMiddle = ours.slice(start, ours.length - end);
  theirs.slice(start, theirs.length - end).forEach((item, i) => {
    out.push(i < baseMiddle.length ? merge(baseMiddle[i], oursMiddle[i], item) : item);
  });
  out.push(...ours.slice(ours.length - end));
  return out.length === ours.length && out.every((item, i) => item === ours[i]) ? (ours as unknown[]) : out;
}
