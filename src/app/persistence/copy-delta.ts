/**
 * The page-hide copy as a change against what IndexedDB already holds, so that it stays small
 * however large the document: typing in one message of 20,000 makes a copy of one message.
 *
 * The store is immutable (immer shares what an edit does not touch), so "changed" is a cheap
 * identity test. A delta is made against every envelope IndexedDB may hold when the page dies:
 * the last one confirmed written and the one being written. An item goes into the delta when it
 * differs from that item in *any* base, so applying the delta to whichever base IndexedDB ends up
 * with gives exactly the current state.
 */
import type { Envelope } from './envelope.ts';

type Raw = Record<string, unknown>;

export interface EnvelopeDelta {
  /** Every envelope field but the record (format, options, view flags, kept fields): small. */
  fields: Raw;
  /** Record keys whose value changed (not item by item), with the new value. */
  set: Raw;
  /** Record keys that are gone. */
  removed: string[];
  /** Array-valued record keys (messages, tools, files) changed item by item. */
  arrays: Record<string, { length: number; items: Record<string, unknown> }>;
}

export function diffEnvelope(current: Envelope, bases: readonly Envelope[]): EnvelopeDelta {
  const { record, ...fields } = current;
  const now = record as unknown as Raw;
  const olds = bases.map((base) => base.record as unknown as Raw);
  const delta: EnvelopeDelta = { fields, set: {}, removed: [], arrays: {} };
  for (const key of Object.keys(now)) {
    const value = now[key];
    if (olds.every((old) => old[key] === value)) continue;
    if (Array.isArray(value) && olds.every((old) => Array.isArray(old[key]))) {
      const items: Record<string, unknown> = {};
      value.forEach((item, i) => {
        if (olds.some((old) => (old[key] as unknown[])[i] !== item)) items[i] = item;
      });
      delta.arrays[key] = { length: value.length, items };
    } else {
      delta.set[key] = value;
    }
  }
  for (const old of olds) for (const key of Object.keys(old)) if (!(key in now) && !delta.removed.includes(key)) delta.removed.push(key);
  return delta;
}

/**
 * The envelope `delta` makes of `base` (a value read from IndexedDB), or undefined when it does
 * not fit (an item it relies on is missing). The result is raw: it is checked like any saved data.
 */
export function applyDelta(base: Raw, delta: EnvelopeDelta): Raw | undefined {
  if (typeof base.record !== 'object' || base.record === null) return undefined;
  const old = base.record as Raw;
  const record: Raw = { ...old, ...delta.set };
  for (const key of delta.removed) delete record[key];
  for (const [key, { length, items }] of Object.entries(delta.arrays)) {
    const before = old[key];
    if (!Array.isArray(before)) return undefined;
    const after: unknown[] = [];
    for (let i = 0; i < length; i++) {
      if (Object.hasOwn(items, i)) after.push(items[i]);
      else if (i < before.length) after.push(before[i]);
      else return undefined;
    }
    record[key] = after;
  }
  return { ...delta.fields, record };
}
