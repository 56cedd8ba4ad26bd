import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conflictText, jsonlFile, mergeJsonl, resolveJsonlMerge } from './jsonl-merge.ts';

const enc = new TextEncoder();
const dec = new TextDecoder('utf-8', { ignoreBOM: true });
const file = (text: string) => jsonlFile(enc.encode(text));
const merge3 = (base: string, a: string, b: string) => mergeJsonl(file(base), [{ name: 'A', file: file(a) }, { name: 'B', file: file(b) }]);
const text = (bytes: Uint8Array): string => dec.decode(bytes);

const rec = (id: number, content: string, extra = ''): string => `{"id":${id},"messages":[{"role":"user","content":"q${id}"},{"role":"assistant","content":"${content}"}]${extra}}`;

describe('mergeJsonl', () => {
  it('takes each side\'s edits, insertions and deletions, keeping every untouched byte', () => {
    const base = [rec(1, 'a'), rec(2, 'b'), rec(3, 'c'), rec(4, 'd')].join('\r\n') + '\r\n';
    // A edits record 2 (with LF, as an editor might) and inserts a record after 4; B deletes record 3.
    const a = [rec(1, 'a'), rec(2, 'B!')].join('\r\n') + '\n' + [rec(3, 'c'), rec(4, 'd'), rec(5, 'new')].join('\r\n') + '\r\n';
    const b = [rec(1, 'a'), rec(2, 'b'), rec(4, 'd')].join('\r\n') + '\r\n';
    const result = merge3(base, a, b);
    expect(result.conflicts).toEqual([]);
    expect(text(result.bytes)).toBe(rec(1, 'a') + '\r\n' + rec(2, 'B!') + '\n' + rec(4, 'd') + '\r\n' + rec(5, 'new') + '\r\n');
    expect([...result.baseOutputLines]).toEqual([1, 2, 0, 3]);
  });

  it('merges one record changed by both sides field by field, and takes a side\'s own bytes when the result is its record', () => {
    const base = rec(1, 'a') + '\n' + rec(2, 'b') + '\n';
    const a = rec(1, 'a') + '\n' + rec(2, 'b', ',"score": 1.0') + '\n';
    const b = rec(1, 'a') + '\n' + rec(2, 'B') + '\n';
    // A added a field (spelled 1.0), B edited a message: both kept; the merged record is written in the base's key order.
    const result = merge3(base, a, b);
    expect(result.conflicts).toEqual([]);
    expect(text(result.bytes)).toBe(rec(1, 'a') + '\n' + rec(2, 'B', ',"score":1') + '\n');
    // Both made the same change with other spacing: A's bytes, not a re-written record.
    const spaced = rec(1, 'a') + '\n' + rec(2, 'b').replace('"id":2', '"id": 2') + '\n';
    expect(text(merge3(base, spaced, rec(1, 'a') + '\n' + rec(2, 'b').replace('"id":2', '"id":  2') + '\n').bytes)).toBe(spaced);
  });

  it('reports a field both sides changed differently with its path and lines, keeps the base there, and resolves it', () => {
    const base = rec(1, 'a') + '\n' + rec(2, 'b') + '\n';
    const a = rec(0, 'zero') + '\n' + rec(1, 'a') + '\n' + rec(2, 'from A') + '\n';
    const b = rec(1, 'a') + '\n' + rec(2, 'from B', ',"x":1') + '\n';
    const result = merge3(base, a, b);
    expect(result.conflicts).toEqual([{ kind: 'field', line: 2, sideLines: [3, 2], held: [true, true], path: ['messages', 1, 'content'], base: 'b', sides: ['from A', 'from B'] }]);
    expect(conflictText(result.conflicts[0]!, ['A', 'B'])).toBe('line 2: messages[1].content changed differently (A line 3, B line 2): base "b", A "from A", B "from B"');
    expect(text(result.bytes)).toBe(rec(0, 'zero') + '\n' + rec(1, 'a') + '\n' + rec(2, 'b', ',"x":1') + '\n');
    expect(text(resolveJsonlMerge(result, new Map([[0, { value: 'from B' }]])))).toBe(rec(0, 'zero') + '\n' + rec(1, 'a') + '\n' + rec(2, 'from B', ',"x":1') + '\n');
    expect(text(resolveJsonlMerge(result, new Map([[0, 'delete' as const]])))).toBe(rec(0, 'zero') + '\n' + rec(1, 'a') + '\n');
  });

  it('keeps a record one side deleted and the other edited, as a conflict', () => {
    const base = rec(1, 'a') + '\n' + rec(2, 'b') + '\n';
    const result = merge3(base, rec(1, 'a') + '\n', rec(1, 'a') + '\n' + rec(2, 'B') + '\n');
    expect(result.conflicts.map((c) => [c.kind, c.line, c.sideLines])).toEqual([['deleted', 2, [undefined, 2]]]);
    expect(text(result.bytes)).toBe(base.replace('"b"', '"B"'));
    expect(text(resolveJsonlMerge(result, new Map([[0, 'delete' as const]])))).toBe(rec(1, 'a') + '\n');
  });

  it('writes a record both sides inserted at one place once, and different ones A first', () => {
    const base = rec(1, 'a') + '\n';
    expect(text(merge3(base, base + rec(9, 'n') + '\n', base + rec(9, 'n') + '\n').bytes)).toBe(base + rec(9, 'n') + '\n');
    expect(text(merge3(base, base + rec(8, 'n') + '\n', base + rec(9, 'n') + '\n').bytes)).toBe(base + rec(8, 'n') + '\n' + rec(9, 'n') + '\n');
  });

  it('takes a side\'s change of BOM or final newline; a record appended after a last line without newline is no conflict', () => {
    const base = rec(1, 'a') + '\n' + rec(2, 'b');
    const a = rec(1, 'a') + '\n' + rec(2, 'b') + '\n' + rec(3, 'c');
    const b = '\uFEFF' + rec(1, 'A') + '\n' + rec(2, 'b');
    const result = merge3(base, a, b);
    expect(result.conflicts).toEqual([]);
    expect(text(result.bytes)).toBe('\uFEFF' + rec(1, 'A') + '\n' + rec(2, 'b') + '\n' + rec(3, 'c'));
  });
});

/** A JSONL file as lines and how it ends: random records (some equal), terminators, BOM, final newline. */
const line = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 30 }).map((n) => `{"id":${n}}`) },
  { weight: 1, arbitrary: fc.constantFrom('', '  ', 'not json', '{"id":1, "x": 1.0}') },
);
const jsonlText = fc.record({ lines: fc.array(fc.tuple(line, fc.constantFrom('\n', '\r\n')), { maxLength: 12 }), bom: fc.boolean(), finalNewline: fc.boolean() }).map(({ lines, bom, finalNewline }) => {
  const body = lines.map(([l, t], i) => l + (i < lines.length - 1 || finalNewline ? t : '')).join('');
  return (bom ? '\uFEFF' : '') + body;
});

/** A random edit of a file: lines replaced, deleted, inserted, terminators, BOM and final newline changed. */
const edited = (base: string) =>
  fc.record({ ops: fc.array(fc.tuple(fc.nat(20), fc.constantFrom('edit', 'delete', 'insert', 'crlf'), line), { maxLength: 5 }), bom: fc.boolean(), end: fc.boolean() }).map(({ ops, bom, end }) => {
    const stripped = base.startsWith('\uFEFF') ? base.slice(1) : base;
    const lines = stripped === '' ? [] : stripped.split(/(?<=\n)/);
    for (const [at, op, value] of ops) {
      const i = lines.length === 0 ? 0 : at % (lines.length + (op === 'insert' ? 1 : 0));
      if (op === 'insert') lines.splice(i, 0, value + '\n');
      else if (lines.length === 0) continue;
      else if (op === 'delete') lines.splice(i, 1);
      else if (op === 'edit') lines[i] = value + (lines[i]!.endsWith('\r\n') ? '\r\n' : lines[i]!.endsWith('\n') ? '\n' : '');
      else lines[i] = lines[i]!.replace(/\r?\n$/, '\r\n');
    }
    let body = lines.join('');
    if (end && body.endsWith('\n')) body = body.replace(/\r?\n$/, '');
    return (bom ? '\uFEFF' : '') + body;
  });

describe('mergeJsonl, a large gap with no line unique to both sides', () => {
  it('counts it as all changed (runs of one length: edits in place), so nothing is lost and merge(base, A, base) is still A', () => {
    // 1,200 × 1,200 = 1.44 million cells > EXACT_GAP_CELLS: the middle is not paired line by line.
    const middle = (first: number): string => Array.from({ length: 1200 }, (_, i) => `{"id":${(i + first) % 2}}\n`).join('');
    const base = '{"u":1}\n' + middle(0) + '{"u":2}\n';
    const a = '{"u":1}\n' + middle(1) + '{"u":2}\n';
    const result = merge3(base, a, base);
    expect(result.conflicts).toEqual([]);
    expect(text(result.bytes)).toBe(a);
    // B edited line 3 of that middle ({"id":1} → 7), which A "edited" to {"id":0}: a conflict on the field, not a silent pick.
    const b = base.replace('{"id":0}\n{"id":1}\n{"id":0}', '{"id":0}\n{"id":7}\n{"id":0}');
    const both = merge3(base, a, b);
    expect(both.conflicts.map((c) => [c.kind, c.line, c.path, c.sides])).toEqual([['field', 3, ['id'], [0, 7]]]);
  });
});

describe('mergeJsonl properties', () => {
  it('merge(base, A, base) and merge(base, base, A) and merge(base, A, A) are A, byte for byte', () => {
    fc.assert(
      fc.property(jsonlText.chain((base) => fc.tuple(fc.constant(base), edited(base))), ([base, a]) => {
        expect(text(merge3(base, a, base).bytes)).toBe(a);
        expect(text(merge3(base, base, a).bytes)).toBe(a);
        const same = merge3(base, a, a);
        expect(same.conflicts).toEqual([]);
        expect(text(same.bytes)).toBe(a);
      }),
      { numRuns: 400 },
    );
  });
});
