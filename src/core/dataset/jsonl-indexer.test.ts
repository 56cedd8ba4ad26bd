import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indexJsonl, JsonlIndexer } from './jsonl-indexer.ts';
import { concatParts } from './output-parts.ts';
import { writeJsonl } from './jsonl-writer.ts';
import { cutAt, entries, spans, utf8 } from './test-helpers.ts';

function indexChunks(chunks: Uint8Array[]) {
  const indexer = new JsonlIndexer();
  for (const chunk of chunks) indexer.push(chunk);
  return indexer.finish();
}

describe('JsonlIndexer', () => {
  it('indexes LF lines, excluding the terminator from the content', () => {
    const bytes = utf8('{"a":1}\n{"b":2}\n');
    const index = indexJsonl(bytes);
    expect(entries(index.records, bytes)).toEqual([
      { text: '{"a":1}', terminator: 'lf', blank: false },
      { text: '{"b":2}', terminator: 'lf', blank: false },
    ]);
    expect(index.records.start(1)).toBe(8);
    expect(index.records.end(1)).toBe(15);
    expect(index.records.next(1)).toBe(16);
    expect(index.size).toBe(16);
    expect(index.bomLength).toBe(0);
  });

  it('tells CRLF from LF and keeps a lone CR as content', () => {
    const bytes = utf8('{"a":1}\r\n{"b":"x\r"}\n{"c":3}\r\r\n');
    expect(entries(indexJsonl(bytes).records, bytes)).toEqual([
      { text: '{"a":1}', terminator: 'crlf', blank: false },
      { text: '{"b":"x\r"}', terminator: 'lf', blank: false },
      { text: '{"c":3}\r', terminator: 'crlf', blank: false },
    ]);
  });

  it('records a last line without a final newline with terminator none', () => {
    const bytes = utf8('{"a":1}\n{"b":2}');
    expect(entries(indexJsonl(bytes).records, bytes)).toEqual([
      { text: '{"a":1}', terminator: 'lf', blank: false },
      { text: '{"b":2}', terminator: 'none', blank: false },
    ]);
  });

  it('records a UTF-8 BOM and leaves it out of the first record', () => {
    const bytes = utf8('\uFEFF{"a":1}\n');
    const index = indexJsonl(bytes);
    expect(index.bomLength).toBe(3);
    expect(index.records.start(0)).toBe(3);
    expect(entries(index.records, bytes)).toEqual([{ text: '{"a":1}', terminator: 'lf', blank: false }]);
  });

  it('finds the BOM when it arrives one byte per chunk, and no BOM in a file of its first two bytes', () => {
    const bytes = utf8('\uFEFF\n{"a":1}');
    const index = indexChunks(cutAt(bytes, [1, 2, 3, 4]));
    expect(index.bomLength).toBe(3);
    expect(entries(index.records, bytes)).toEqual([
      { text: '', terminator: 'lf', blank: true },
      { text: '{"a":1}', terminator: 'none', blank: false },
    ]);
    const partial = indexChunks([new Uint8Array([0xef]), new Uint8Array([0xbb])]);
    expect(partial.bomLength).toBe(0);
    expect(spans(partial.records)).toEqual([[0, 2, 'none', false]]);
  });

  it('keeps blank and white-space-only lines as blank entries, so line n is entry n - 1', () => {
    const bytes = utf8('\n{"a":1}\n  \t\n\r\n{"b":2}\n\n');
    expect(entries(indexJsonl(bytes).records, bytes)).toEqual([
      { text: '', terminator: 'lf', blank: true },
      { text: '{"a":1}', terminator: 'lf', blank: false },
      { text: '  \t', terminator: 'lf', blank: true },
      { text: '', terminator: 'crlf', blank: true },
      { text: '{"b":2}', terminator: 'lf', blank: false },
      { text: '', terminator: 'lf', blank: true },
    ]);
  });

  it('gives an empty file and a BOM-only file no entries', () => {
    expect(indexJsonl(new Uint8Array(0)).records.count).toBe(0);
    const bomOnly = indexJsonl(utf8('\uFEFF'));
    expect(bomOnly.records.count).toBe(0);
    expect(bomOnly.bomLength).toBe(3);
  });

  it('tells a CRLF split between two chunks', () => {
    const bytes = utf8('{"a":1}\r\n{"b":2}\r\n');
    const index = indexChunks(cutAt(bytes, [8]));
    expect(spans(index.records)).toEqual([
      [0, 7, 'crlf', false],
      [9, 16, 'crlf', false],
    ]);
  });

  it('joins a CR ending one chunk and an LF starting the next into one CRLF, and the next LF is a line of its own', () => {
    const bytes = utf8('x\r\n\n');
    expect(spans(indexChunks(cutAt(bytes, [2, 3])).records)).toEqual([
      [0, 1, 'crlf', false],
      [3, 3, 'lf', true],
    ]);
  });

  it('gives the same index for every single cut of a small file with multi-byte characters', () => {
    const bytes = utf8('\uFEFF{"t":"é😀"}\r\n\n  \n{"u":"中文"}\n{"v":1}');
    const whole = spans(indexJsonl(bytes).records);
    for (let cut = 0; cut <= bytes.length; cut++) expect(spans(indexChunks(cutAt(bytes, [cut])).records), `cut at ${cut}`).toEqual(whole);
    const bytewise = indexChunks(cutAt(bytes, Array.from({ length: bytes.length - 1 }, (_, i) => i + 1)));
    expect(spans(bytewise.records)).toEqual(whole);
    expect(bytewise.bomLength).toBe(3);
  });

  it('indexes a 5 MB line by offsets, fed in 64 KB chunks', () => {
    const long = `{"text":"${'a'.repeat(5 * 1024 * 1024)}"}`;
    const bytes = utf8(`{"a":1}\n${long}\r\n{"b":2}\n`);
    const cuts = [];
    for (let at = 65536; at < bytes.length; at += 65536) cuts.push(at);
    const index = indexChunks(cutAt(bytes, cuts));
    expect(spans(index.records)).toEqual([
      [0, 7, 'lf', false],
      [8, 8 + long.length, 'crlf', false],
      [10 + long.length, 17 + long.length, 'lf', false],
    ]);
  });

  it('reports progress as bytes seen', () => {
    const indexer = new JsonlIndexer();
    indexer.push(utf8('{"a"'));
    expect(indexer.bytesSeen).toBe(4);
    indexer.push(utf8(':1}\n{'));
    expect(indexer.bytesSeen).toBe(9);
    expect(indexer.records.count).toBe(1);
  });

  it('keeps its memory per record small', () => {
    const lines = Array.from({ length: 100_000 }, (_, i) => `{"i":${i}}`).join('\n');
    const index = indexJsonl(utf8(lines));
    expect(index.records.count).toBe(100_000);
    // 17 bytes a record, capacity doubled at most once past the count.
    expect(index.records.memoryBytes / index.records.count).toBeLessThan(40);
  });
});

/** Lines of any content (multi-byte included, no LF) joined with random terminators. */
const fileArbitrary = fc
  .record({
    bom: fc.boolean(),
    lines: fc.array(fc.record({ text: fc.oneof(fc.string({ unit: 'grapheme' }), fc.constantFrom('', ' ', '\r', '{"a":"\\n"}')), terminator: fc.constantFrom('\n', '\r\n') }), { maxLength: 12 }),
    finalNewline: fc.boolean(),
  })
  .map(({ bom, lines, finalNewline }) => {
    const body = lines.map((l, i) => l.text.replace(/\n/g, ' ') + (i < lines.length - 1 || finalNewline ? l.terminator : '')).join('');
    return utf8((bom ? '\uFEFF' : '') + body);
  });

describe('JsonlIndexer properties', () => {
  it('any chunking gives the index of one chunk, and writing back with no edits gives the same bytes', () => {
    fc.assert(
      fc.property(fileArbitrary, fc.array(fc.nat(), { maxLength: 8 }), (bytes, rawCuts) => {
        const cuts = [...new Set(rawCuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
        const whole = indexJsonl(bytes);
        const chunked = indexChunks(cutAt(bytes, cuts));
        expect(spans(chunked.records)).toEqual(spans(whole.records));
        expect(chunked.bomLength).toBe(whole.bomLength);
        expect(concatParts(writeJsonl(chunked), bytes)).toEqual(bytes);
      }),
      { numRuns: 500 },
    );
  });

  it('the entries tile the file: BOM, then each content and terminator, in order', () => {
    fc.assert(
      fc.property(fileArbitrary, (bytes) => {
        const { records, bomLength } = indexJsonl(bytes);
        let at = bomLength;
        for (let i = 0; i < records.count; i++) {
          expect(records.start(i)).toBe(at);
          at = records.next(i);
        }
        expect(at).toBe(bytes.length);
      }),
    );
  });
});
