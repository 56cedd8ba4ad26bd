import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DatasetEdits, WriteOptions } from './edits.ts';
import { indexJsonl } from './jsonl-indexer.ts';
import { writeJsonl } from './jsonl-writer.ts';
import { concatParts, toBlobParts } from './output-parts.ts';
import { text, utf8 } from './test-helpers.ts';

function write(input: string, edits?: DatasetEdits, options?: WriteOptions): string {
  const bytes = utf8(input);
  return text(concatParts(writeJsonl(indexJsonl(bytes), edits, options), bytes));
}

describe('writeJsonl', () => {
  it('writes an unedited file as one slice of the original', () => {
    const bytes = utf8('\uFEFF{"a":1}\r\n\n{"b":2}');
    expect(writeJsonl(indexJsonl(bytes))).toEqual([{ kind: 'original', start: 0, end: bytes.length }]);
  });

  it('keeps untouched lines byte for byte around an edited one, which gets the dominant terminator', () => {
    const input = '{"a":1}\r\n{"b":2}\n{"c":3}\n{"d":4}\r\n';
    expect(write(input, { edited: new Map([[0, '{"a":9}']]) })).toBe('{"a":9}\n{"b":2}\n{"c":3}\n{"d":4}\r\n');
    const crlfFile = '{"a":1}\r\n{"b":2}\n{"c":3}\r\n';
    expect(write(crlfFile, { edited: new Map([[1, '{"b":9}']]) })).toBe('{"a":1}\r\n{"b":9}\r\n{"c":3}\r\n');
  });

  it('keeps a missing final newline when the last line is edited', () => {
    expect(write('{"a":1}\n{"b":2}', { edited: new Map([[1, '{"b":9}']]) })).toBe('{"a":1}\n{"b":9}');
  });

  it('gives the former last line a terminator when a record is inserted after it, and the new last line none', () => {
    expect(write('{"a":1}\r\n{"b":2}', { inserted: new Map([[1, ['{"c":3}']]]) })).toBe('{"a":1}\r\n{"b":2}\r\n{"c":3}');
  });

  it('ends with the last kept line without its newline when the last line is deleted from a file without final newline', () => {
    expect(write('{"a":1}\n{"b":2}\n{"c":3}', { deleted: new Set([2]) })).toBe('{"a":1}\n{"b":2}');
  });

  it('keeps the final newline when the last line of a file with one is deleted', () => {
    expect(write('{"a":1}\n{"b":2}\n', { deleted: new Set([1]) })).toBe('{"a":1}\n');
  });

  it('keeps the BOM, blank lines and their terminators', () => {
    const input = '\uFEFF{"a":1}\n\n  \r\n{"b":2}\n';
    expect(write(input, { edited: new Map([[3, '{"b":3}']]) })).toBe('\uFEFF{"a":1}\n\n  \r\n{"b":3}\n');
    expect(write(input, { deleted: new Set([0]) })).toBe('\uFEFF\n  \r\n{"b":2}\n');
  });

  it('inserts before the first record, and duplicates a record from its original bytes', () => {
    const input = '{"a":1}\n{"b":2}\n';
    const parts = writeJsonl(indexJsonl(utf8(input)), { inserted: new Map([[-1, ['{"z":0}']], [0, [{ copyOf: 0 }]]]) });
    // Record 0 with its LF, then its copy with its LF and record 1 as one contiguous slice.
    expect(parts).toEqual(['{"z":0}\n', { kind: 'original', start: 0, end: 8 }, { kind: 'original', start: 0, end: 16 }]);
    expect(text(concatParts(parts, utf8(input)))).toBe('{"z":0}\n{"a":1}\n{"a":1}\n{"b":2}\n');
  });

  it('writes the deletion of every line as the BOM alone', () => {
    expect(write('\uFEFF{"a":1}\n{"b":2}', { deleted: new Set([0, 1]) })).toBe('\uFEFF');
  });

  it('writes records inserted into an empty file with newlines', () => {
    expect(write('', { inserted: new Map([[-1, ['{"a":1}', '{"b":2}']]]) })).toBe('{"a":1}\n{"b":2}\n');
  });

  it('refuses an edited text with a line break instead of writing two lines', () => {
    expect(() => write('{"a":1}\n', { edited: new Map([[0, '{\n"a":2}']]) })).toThrow(/record 0 has a line break/);
  });

  it('exports only the chosen records, edited ones as edited, ending as the file ends (here: no final newline)', () => {
    const input = '{"a":1}\r\n{"b":2}\r\n\r\n{"c":3}\r\n{"d":4}';
    const edits: DatasetEdits = { edited: new Map([[3, '{"c":9}']]), inserted: new Map([[0, ['{"new":1}']]]) };
    expect(write(input, edits, { only: new Set([1, 3]) })).toBe('{"new":1}\r\n{"b":2}\r\n{"c":9}');
    expect(write(input, edits, { only: new Set([1, 4]), includeInserted: false })).toBe('{"b":2}\r\n{"d":4}');
  });

  it('writes a 5 MB line beside an edited one as a slice, never as text', () => {
    const long = `{"text":"${'a'.repeat(5 * 1024 * 1024)}"}`;
    const bytes = utf8(`${long}\r\n{"b":2}\r\n`);
    const parts = writeJsonl(indexJsonl(bytes), { edited: new Map([[1, '{"b":3}']]) });
    expect(parts).toEqual([{ kind: 'original', start: 0, end: long.length + 2 }, '{"b":3}\r\n']);
  });

  it('hands original slices to the source, so a Blob is built from File slices', () => {
    const bytes = utf8('{"a":1}\n{"b":2}\n');
    const parts = writeJsonl(indexJsonl(bytes), { edited: new Map([[1, '{"b":3}']]) });
    const sliced: [number, number][] = [];
    const blobParts = toBlobParts(parts, { slice: (start: number, end: number) => (sliced.push([start, end]), `<${start}-${end}>`) });
    expect(blobParts).toEqual(['<0-8>', '{"b":3}\n']);
    expect(sliced).toEqual([[0, 8]]);
  });
});

describe('writeJsonl against a model of lines', () => {
  interface Line {
    text: string;
    terminator: '\n' | '\r\n' | '';
  }
  const lineArbitrary = fc.record({ text: fc.constantFrom('{"a":1}', '', ' ', '{"é":"😀"}', 'not json'), terminator: fc.constantFrom<'\n' | '\r\n'>('\n', '\r\n') });

  /** The expected output, computed on lines rather than bytes. */
  function expected(lines: Line[], bom: boolean, edits: { edited: Map<number, string>; deleted: Set<number>; inserted: Map<number, string[]> }): string {
    const crlf = lines.filter((l) => l.terminator === '\r\n').length;
    const lf = lines.filter((l) => l.terminator === '\n').length;
    const dominant = crlf > lf ? '\r\n' : '\n';
    const finalNewline = lines.length === 0 || lines[lines.length - 1]?.terminator !== '';
    const out: Line[] = [];
    for (const text of edits.inserted.get(-1) ?? []) out.push({ text, terminator: dominant });
    lines.forEach((line, i) => {
      if (!edits.deleted.has(i)) {
        const edit = edits.edited.get(i);
        out.push(edit === undefined ? { text: line.text, terminator: line.terminator || dominant } : { text: edit, terminator: dominant });
      }
      for (const text of edits.inserted.get(i) ?? []) out.push({ text, terminator: dominant });
    });
    const last = out[out.length - 1];
    if (last && !finalNewline) last.terminator = '';
    return (bom ? '\uFEFF' : '') + out.map((l) => l.text + l.terminator).join('');
  }

  it('writes what the model says for random edits, deletions and insertions', () => {
    fc.assert(
      fc.property(
        fc.array(lineArbitrary, { maxLength: 10 }),
        fc.boolean(),
        fc.boolean(),
        fc.array(fc.tuple(fc.nat(12), fc.constantFrom('edit', 'delete', 'insert'), fc.constantFrom('{"x":1}', '{"y":"ü"}')), { maxLength: 8 }),
        (raw, bom, finalNewline, changes) => {
          const lines: Line[] = raw.map((l, i) => (i === raw.length - 1 && !finalNewline ? { ...l, terminator: '' } : l));
          // Nothing after the last newline is no line at all ("a\n" is one line).
          if (lines[lines.length - 1]?.text === '' && lines[lines.length - 1]?.terminator === '') lines.pop();
          const edits = { edited: new Map<number, string>(), deleted: new Set<number>(), inserted: new Map<number, string[]>() };
          for (const [at, kind, text] of changes) {
            const i = (at % (lines.length + 1)) - 1;
            if (kind === 'insert') edits.inserted.set(i, [...(edits.inserted.get(i) ?? []), text]);
            else if (i >= 0 && kind === 'edit') edits.edited.set(i, text);
            else if (i >= 0) edits.deleted.add(i);
          }
          const input = (bom ? '\uFEFF' : '') + lines.map((l) => l.text + l.terminator).join('');
          expect(write(input, edits)).toBe(expected(lines, bom, edits));
        },
      ),
      { numRuns: 500 },
    );
  });
});
