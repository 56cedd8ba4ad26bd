/**
 * The guard on the fast Parquet lines (ParquetSource.lineChunks): when the pages' own reading
 * gives other bytes than hyparquet's rows for a row group's first rows, that row group and the
 * rest of the file are written the general way. The fast reader is replaced here by one that
 * gets a value wrong, as a reader that misread a page layout would.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatParquet, chatRow } from './parquet-fixture.ts';
import { ParquetSource } from './parquet.ts';

const corrupt = vi.hoisted(() => ({ on: false, rowGroupsAsked: 0, layouts: undefined as string[] | undefined }));

vi.mock('./parquet-lines.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./parquet-lines.ts')>();
  return {
    ...original,
    fastRowGroupLines: async (...args: Parameters<typeof original.fastRowGroupLines>) => {
      corrupt.rowGroupsAsked++;
      const fast = await original.fastRowGroupLines(...args);
      if (fast && corrupt.layouts) {
        // The layout of this row group's first pages, as the test says (args[2]: its index).
        const layout = corrupt.layouts[args[2]];
        const relabelled: typeof fast = (chunkBytes) => fast(chunkBytes);
        if (layout !== undefined) relabelled.layout = layout;
        return relabelled;
      }
      if (!fast || !corrupt.on) return fast;
      return function* misread(chunkBytes: number) {
        for (const chunk of fast(chunkBytes)) {
          const bytes = chunk.bytes.slice();
          // A letter of the first value changed: "role":"user" becomes "role":"usep" (same length, still JSON).
          const at = new TextDecoder().decode(bytes).indexOf('user"');
          if (at >= 0) bytes[at + 3] = 'p'.charCodeAt(0);
          yield { bytes, rows: chunk.rows };
        }
      };
    },
  };
});

async function linesOf(source: ParquetSource): Promise<string> {
  let text = '';
  for await (const chunk of source.lineChunks(1 << 20)) text += new TextDecoder().decode(chunk.bytes);
  return text;
}

async function generalOf(source: ParquetSource): Promise<string> {
  let text = '';
  for await (const window of source.windows()) for (const line of window.texts) text += `${line}\n`;
  return text;
}

describe('the fast Parquet lines are checked against hyparquet', () => {
  const file = chatParquet(Array.from({ length: 90 }, (_, i) => chatRow(i)), 30);

  it('uses the fast lines when they agree (every row group asked of the fast reader)', async () => {
    corrupt.on = false;
    corrupt.rowGroupsAsked = 0;
    const source = await ParquetSource.open(file);
    expect(await linesOf(source)).toBe(await generalOf(source));
    expect(corrupt.rowGroupsAsked).toBe(3);
  });

  it('writes the general way when they do not, from that row group on', async () => {
    corrupt.on = true;
    corrupt.rowGroupsAsked = 0;
    const source = await ParquetSource.open(file);
    const general = await generalOf(source);
    expect(general).toContain('"role":"user"');
    expect(await linesOf(source)).toBe(general);
    // The first row group's misreading turned the fast reader off for the rest of the file.
    expect(corrupt.rowGroupsAsked).toBe(1);
  });
});

describe('the guard is run once per layout of first pages in a file', () => {
  const file = chatParquet(Array.from({ length: 120 }, (_, i) => chatRow(i)), 30);
  afterEach(() => {
    corrupt.layouts = undefined;
    vi.restoreAllMocks();
  });

  it('compares the first row group, and a later one only when its first pages are laid out otherwise', async () => {
    corrupt.on = false;
    corrupt.layouts = ['A', 'A', 'B', 'A'];
    const source = await ParquetSource.open(file);
    const general = await generalOf(source);
    const compared = vi.spyOn(ParquetSource.prototype, 'readRows');
    expect(await linesOf(source)).toBe(general);
    // Row groups 0 (layout A) and 2 (layout B): the guard reads their first rows with hyparquet.
    expect(compared.mock.calls.map((call) => call[0])).toEqual([0, 60]);
  });

  it('compares every row group whose layout is not known', async () => {
    corrupt.on = false;
    corrupt.layouts = [];
    const source = await ParquetSource.open(file);
    const compared = vi.spyOn(ParquetSource.prototype, 'readRows');
    await linesOf(source);
    expect(compared.mock.calls.map((call) => call[0])).toEqual([0, 30, 60, 90]);
  });

  it('the real reader gives every row group of a hyparquet-writer file the same layout: compared once', async () => {
    corrupt.on = false;
    const source = await ParquetSource.open(file);
    const general = await generalOf(source);
    const compared = vi.spyOn(ParquetSource.prototype, 'readRows');
    expect(await linesOf(source)).toBe(general);
    expect(compared).toHaveBeenCalledTimes(1);
  });
});
