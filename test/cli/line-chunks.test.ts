/** Chunks of whole lines (line-chunks.ts): where JSON Lines are cut, and how a chunk becomes lines. */
import { describe, expect, it } from 'vitest';
import { chunkLines, readLineChunks } from '../../src/cli/line-chunks.ts';
import { runLines } from '../../src/cli/line-job.ts';
import { fixtureDir } from './run.ts';

async function chunksOf(file: string): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of readLineChunks(file, 'test')) chunks.push(chunk);
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

  it('gives one result per line, an empty one for a blank line, and counts records and failures', () => {
    const result = runLines((text) => ({ out: text.toUpperCase(), failed: text === 'b', notes: [{ text: 'seen', key: 'once' }] }), ['a', ' ', 'b']);
    expect(result).toEqual({ out: 'A\n\nB\n', lines: 3, records: 2, failed: 1, notes: [{ text: 'seen', key: 'once', index: 0 }] });
  });
});
