/** Chunks of whole lines (line-chunks.ts): where JSON Lines are cut, and how a chunk becomes lines. */
import { open } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eachChunkLine, fileLineChunks, lineChunks, overlongLine, readLineChunks, type LineChunk } from '../../src/cli/line-chunks.ts';
import { overlongFailure } from '../../src/cli/record-failures.ts';
import { lineJob, runLines, type ChunkLine, type LineResult } from '../../src/cli/line-job.ts';
import { fixtureDir } from './run.ts';

const chunkLines = (chunk: Uint8Array): ChunkLine[] => [...eachChunkLine(chunk)];

/** A job for these tests: a failed record's result names its code. */
const testJob = (run: (text: string) => LineResult) => lineJob(run, (failure) => ({ out: `failed: ${failure.code}`, failed: true }));

/** A chunk of lines, copied (a chunk holds only until the next is asked for); an over-long line as its note. */
function copied(chunk: LineChunk): Buffer {
  return Buffer.isBuffer(chunk) ? Buffer.from(chunk) : Buffer.from(`<overlong ${chunk.overlongBytes}>\n`);
}

async function* blocksOf(...blocks: Buffer[]): AsyncGenerator<Buffer> {
  yield* blocks;
}

async function chunksOf(file: string): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  // A chunk holds until the next is asked for: kept, it is copied.
  for await (const chunk of readLineChunks(file, 'test')) chunks.push(copied(chunk));
  return chunks;
}

describe('JSON Lines in chunks', () => {
  it('splits on LF, drops the CR of CRLF, keeps blank lines, and reads a last line without a break', () => {
    expect(chunkLines(Buffer.from('a\r\n\nb\r\nc'))).toEqual(['a', '', 'b', 'c']);
    expect(chunkLines(Buffer.from('a\n'))).toEqual(['a']);
    expect(chunkLines(Buffer.from(''))).toEqual([]);
  });

  it('decodes UTF-8 per line (a line break never splits a character)', () => {
    expect(chunkLines(new Uint8Array(Buffer.from('précisément\n— ok.\n')))).toEqual(['précisément', '— ok.']);
  });

  it('cuts a large file only after line breaks, drops a leading byte-order mark, and loses nothing', async () => {
    const files = fixtureDir();
    try {
      const line = `"${'é'.repeat(70_000)}"`; // 140 KB of UTF-8: lines straddle the 1 MB reads
      const text = `${Array.from({ length: 20 }, () => line).join('\n')}\nlast`;
      const chunks = await chunksOf(files.write('big.jsonl', `\uFEFF${text}`));
      expect(chunks.length).toBeGreaterThan(1);
      for (const chunk of chunks.slice(0, -1)) expect(chunk[chunk.length - 1]).toBe(0x0a);
      expect(Buffer.concat(chunks).toString('utf8')).toBe(text);
      expect(chunks.flatMap((chunk) => chunkLines(chunk))).toEqual([...Array.from({ length: 20 }, () => line), 'last']);
    } finally {
      files.cleanup();
    }
  });

  it('drops a byte-order mark that a pipe delivers one byte at a time, and keeps a line longer than many blocks whole', async () => {
    const long = 'x'.repeat(5_000);
    const input = Buffer.from(`\uFEFF{"a":1}\n${long}\nend`);
    async function* oneByteThenBlocks(): AsyncGenerator<Buffer> {
      for (let i = 0; i < 4; i++) yield input.subarray(i, i + 1);
      for (let i = 4; i < input.length; i += 100) yield input.subarray(i, i + 100);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of lineChunks(oneByteThenBlocks())) chunks.push(copied(chunk)); // a chunk holds until the next is asked for
    expect(chunks.flatMap((chunk) => chunkLines(chunk))).toEqual(['{"a":1}', long, 'end']);
    for (const chunk of chunks.slice(0, -1)) expect(chunk[chunk.length - 1]).toBe(0x0a);
  });

  it('reads an input shorter than a byte-order mark', async () => {
    async function* tiny(): AsyncGenerator<Buffer> {
      yield Buffer.from('{');
      yield Buffer.from('}');
    }
    const chunks: Buffer[] = [];
    for await (const chunk of lineChunks(tiny())) chunks.push(copied(chunk));
    expect(Buffer.concat(chunks).toString()).toBe('{}');
  });

  it('gives one result per line, an empty one for a blank line, and counts records and failures', () => {
    const result = runLines(testJob((text) => ({ out: text.toUpperCase(), failed: text === 'b', notes: [{ text: 'seen', key: 'once' }] })), ['a', ' ', 'b']);
    expect({ ...result, out: Buffer.from(result.out).toString('utf8') }).toEqual({ out: 'A\n\nB\n', lines: 3, records: 2, failed: 1, notes: [{ text: 'seen', key: 'once', index: 0 }], unshown: new Map(), keys: [] });
  });

  it('writes the result lines as UTF-8, characters outside Latin-1 and astral ones included', () => {
    const result = runLines(testJob((text) => ({ out: JSON.stringify(text), failed: false })), ['plain', 'Zürich', ' ', '東京', 'emoji 😀']);
    expect(result.out.length).toBe(Buffer.byteLength('"plain"\n"Zürich"\n\n"東京"\n"emoji 😀"\n'));
    expect(new TextDecoder('utf-8', { fatal: true }).decode(result.out)).toBe('"plain"\n"Zürich"\n\n"東京"\n"emoji 😀"\n');
  });

  it('makes lines of the first N diagnostics of each code in the chunk and counts the rest', () => {
    const warn = (code: string, message: string) => ({ severity: 'warning' as const, code, message });
    const job = testJob((text) => ({ out: text, failed: false, diagnostics: [warn('a', `${text} first`), warn('b', `${text} other`), warn('a', `${text} second`)] }));
    const result = runLines(job, ['x', 'y', 'z'], 2);
    expect(result.notes).toEqual([
      { text: 'WARNING x first', code: 'a', index: 0 },
      { text: 'WARNING x other', code: 'b', index: 0 },
      { text: 'WARNING x second', code: 'a', index: 0 },
      { text: 'WARNING y other', code: 'b', index: 1 },
    ]);
    expect(result.unshown).toEqual(new Map([['a', 4], ['b', 1]]));
    // No limit: every diagnostic is a line.
    expect(runLines(job, ['x', 'y', 'z']).notes).toHaveLength(9);
  });

  it('counts the diagnostics a job declined to make with the unshown ones', () => {
    const job = testJob((text) => ({ out: text, failed: false, declined: new Map([['a', 3]]) }));
    expect(runLines(job, ['x', '', 'y'], 2).unshown).toEqual(new Map([['a', 6]]));
  });

  it('reads a regular file into chunks of whole lines, whatever the block size: the same lines as the stream reader', async () => {
    const files = fixtureDir();
    try {
      const line = fc.oneof(fc.string({ unit: fc.constantFrom('a', 'é', '😀', '\r', ' ', '{') , maxLength: 40 }), fc.constant(''));
      await fc.assert(
        fc.asyncProperty(fc.array(line, { maxLength: 12 }), fc.boolean(), fc.boolean(), fc.integer({ min: 1, max: 48 }), async (lines, bom, finalBreak, blockBytes) => {
          const text = lines.join('\n') + (finalBreak && lines.length > 0 ? '\n' : '');
          const file = files.write('property.jsonl', `${bom ? '\uFEFF' : ''}${text}`);
          const handle = await open(file, 'r');
          const chunks: Buffer[] = [];
          try {
            for await (const chunk of fileLineChunks(handle, blockBytes)) chunks.push(copied(chunk));
          } finally {
            await handle.close();
          }
          expect(Buffer.concat(chunks).toString('utf8')).toBe(text);
          for (const chunk of chunks) expect(chunk.length).toBeGreaterThan(0);
          for (const chunk of chunks.slice(0, -1)) expect(chunk[chunk.length - 1]).toBe(0x0a);
          const streamed: Buffer[] = [];
          for await (const chunk of lineChunks(blocksOf(Buffer.from(`${bom ? '\uFEFF' : ''}${text}`)))) streamed.push(copied(chunk));
          expect(chunks.flatMap((chunk) => chunkLines(chunk))).toEqual(streamed.flatMap((chunk) => chunkLines(chunk)));
        }),
        { numRuns: 300 },
      );
    } finally {
      files.cleanup();
    }
  });

  it('writes each result line as UTF-8 as it comes, growing its memory for lines that do not fit', () => {
    const job = testJob((text) => ({ out: text.repeat(Number(text.length < 3 ? 40_000 : 1)), failed: false }));
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 6 }), fc.constantFrom('東', 'é', '😀', ' ', '')), { maxLength: 8 }), fc.nat({ max: 200_000 }), (lines, sizeHint) => {
        const taken: number[] = [];
        const take = (size: number) => {
          taken.push(size);
          return Buffer.allocUnsafeSlow(size);
        };
        const result = runLines(job, lines, Infinity, { take, sizeHint });
        const expected = lines.map((line) => (line.trim() === '' ? '' : job(line).out)).join('\n') + (lines.length > 0 ? '\n' : '');
        expect(new TextDecoder('utf-8', { fatal: true }).decode(result.out)).toBe(expected);
        expect(result.out.length).toBe(Buffer.byteLength(expected));
        expect(taken[0]).toBe(Math.max(sizeHint, 1 << 16));
      }),
      { numRuns: 200 },
    );
  });

  it('gathers a stream\'s blocks into chunks while more are waiting, losing nothing', async () => {
    const line = fc.string({ unit: fc.constantFrom('a', 'é', '😀', '{', ' '), maxLength: 30 });
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 20 }), fc.array(fc.integer({ min: 1, max: 17 }), { minLength: 1, maxLength: 5 }), fc.integer({ min: 1, max: 64 }), async (lines, cuts, blockBytes) => {
        const bytes = Buffer.from(lines.join('\n'));
        const stream = new PassThrough();
        // Every block is waiting before the first is read: the reader may gather them.
        for (let at = 0, i = 0; at < bytes.length; i++) {
          const size = cuts[i % cuts.length] as number;
          stream.write(bytes.subarray(at, at + size));
          at += size;
        }
        stream.end();
        const chunks: Buffer[] = [];
        for await (const chunk of lineChunks(stream, blockBytes)) chunks.push(copied(chunk));
        expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
        for (const chunk of chunks.slice(0, -1)) expect(chunk[chunk.length - 1]).toBe(0x0a);
      }),
      { numRuns: 200 },
    );
  });

  it('hands over the lines it has when the stream has nothing more waiting (a producer waiting for answers gets them)', async () => {
    const stream = new PassThrough();
    const chunks = lineChunks(stream);
    stream.write('{"a":1}\n{"b":');
    const first = await chunks.next();
    expect(Buffer.from(first.value as Buffer).toString('utf8')).toBe('{"a":1}\n');
    stream.end('2}\n');
    const second = await chunks.next();
    expect(Buffer.from(second.value as Buffer).toString('utf8')).toBe('{"b":2}\n');
    expect((await chunks.next()).done).toBe(true);
  });

  it('gives a line that is not UTF-8 as its failure, and keeps a U+FFFD that the text holds', () => {
    const bad = Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}\r\n')]);
    const lines = chunkLines(Buffer.concat([Buffer.from('ok\n'), bad, Buffer.from('{"a":"\uFFFD"}\n'), Buffer.from([0xc3]), Buffer.from('\n')]));
    expect(lines).toEqual(['ok', { code: 'cli/not-utf8', message: 'not valid UTF-8 text' }, '{"a":"\uFFFD"}', { code: 'cli/not-utf8', message: 'not valid UTF-8 text' }]);
  });

  it('makes a record that throws (a stack overflow too) that record\'s failure, and goes on', () => {
    const deep = (n: number): number => (n === 0 ? 0 : 1 + deep(n - 1));
    const job = testJob((text) => {
      if (text === 'throw') throw new Error('boom');
      if (text === 'deep') deep(1e7);
      return { out: text, failed: false };
    });
    const result = runLines(job, ['a', 'throw', 'deep', { code: 'cli/not-utf8', message: 'x' }, 'b']);
    expect(Buffer.from(result.out).toString('utf8')).toBe('a\nfailed: cli/record-failed\nfailed: cli/record-failed\nfailed: cli/not-utf8\nb\n');
    expect(result).toMatchObject({ lines: 5, records: 5, failed: 3 });
  });

  it('gives each line longer than the limit as its failure, in its place, without keeping it whole (file and stream readers)', async () => {
    const files = fixtureDir();
    try {
      const line = fc.string({ unit: fc.constantFrom('a', 'é', '{', ' '), maxLength: 30 });
      // The limit is at least 3: the readers look for a byte-order mark before any line.
      await fc.assert(
        fc.asyncProperty(fc.array(line, { maxLength: 12 }), fc.boolean(), fc.integer({ min: 1, max: 16 }), fc.integer({ min: 3, max: 20 }), async (lines, finalBreak, blockBytes, maxLineBytes) => {
          const text = lines.join('\n') + (finalBreak && lines.length > 0 ? '\n' : '');
          const kept = text === '' ? [] : text.replace(/\n$/, '').split('\n');
          const expected = kept.map((l) => (Buffer.byteLength(l) > maxLineBytes ? overlongFailure(Buffer.byteLength(l)) : l));
          const linesOf = (chunks: LineChunk[]) => chunks.flatMap((chunk) => (Buffer.isBuffer(chunk) ? [...eachChunkLine(chunk, maxLineBytes)] : [overlongLine(chunk)]));
          const file = files.write('overlong.jsonl', text);
          const handle = await open(file, 'r');
          const read: LineChunk[] = [];
          try {
            for await (const chunk of fileLineChunks(handle, blockBytes, maxLineBytes)) {
              read.push(Buffer.isBuffer(chunk) ? Buffer.from(chunk) : chunk);
              // Never more than a block past the limit held (the buffers grow to hold a line, up to there).
              if (Buffer.isBuffer(chunk)) expect(chunk.buffer.byteLength).toBeLessThanOrEqual(Math.max(2 * blockBytes, maxLineBytes + blockBytes) + 8192);
            }
          } finally {
            await handle.close();
          }
          const streamed: LineChunk[] = [];
          for await (const chunk of lineChunks(blocksOf(Buffer.from(text)), blockBytes, maxLineBytes)) streamed.push(Buffer.isBuffer(chunk) ? Buffer.from(chunk) : chunk);
          expect(linesOf(read)).toEqual(expected);
          expect(linesOf(streamed)).toEqual(expected);
        }),
        { numRuns: 300 },
      );
    } finally {
      files.cleanup();
    }
  });
});

describe('runLines: lines the run has written already', () => {
  const speaks = testJob((text) => ({ out: text, failed: true, diagnostics: [{ severity: 'error', code: 'x/every', message: `on ${text}`, path: [] }] }));
  const chunk = Buffer.from('1\n2\n3\n4\n5\n');

  it('makes only the lines of a code that the run may still write, and counts the rest', () => {
    const made = runLines(speaks, eachChunkLine(chunk), 3, {}, new Map([['x/every', 2]]));
    expect(made.notes.map((note) => note.index)).toEqual([0]);
    expect(made.unshown).toEqual(new Map([['x/every', 4]]));
    const none = runLines(speaks, eachChunkLine(chunk), 3, {}, new Map([['x/every', 3]]));
    expect(none.notes).toEqual([]);
    expect(none.unshown).toEqual(new Map([['x/every', 5]]));
  });

  it('without it, the first noteLimit of the chunk (a worker does not know what was written)', () => {
    const made = runLines(speaks, eachChunkLine(chunk), 3);
    expect(made.notes.map((note) => note.index)).toEqual([0, 1, 2]);
    expect(made.unshown).toEqual(new Map([['x/every', 2]]));
  });
});
