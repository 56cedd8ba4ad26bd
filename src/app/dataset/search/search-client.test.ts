import { describe, expect, it, vi } from 'vitest';

// The worker is not part of this test: only how a request is built from the store.
vi.mock('./search.worker.ts?worker', () => ({ default: class {} }));

const { recordsToRead, searchedIds } = await import('./search-client.ts');
const { setSearchState } = await import('./search-store.ts');
const { JsonlIndexer } = await import('../../../core/index.ts');
const { NO_CHANGES } = await import('../../store/dataset-model.ts');

function indexOf(text: string) {
  const indexer = new JsonlIndexer();
  indexer.push(new TextEncoder().encode(text));
  return indexer.finish();
}

const TEXT = '{"a":1}\n{"bb":2}\n\n{"c":3}\n';
const index = indexOf(TEXT);
const dataset = { name: 'x.jsonl', size: TEXT.length, format: 'jsonl' as const, source: new Blob([TEXT]), index, fingerprint: { size: TEXT.length, hash: '0' }, count: 4 };

describe('recordsToRead', () => {
  it('gives the byte span of untouched records, the text of edited ones, a duplicate its source bytes', () => {
    const changes = { ...NO_CHANGES, edited: new Map([[1, '{"edited":true}']]), copies: new Map([[4, 3]]), inserted: new Map([[3, [4]]]) };
    const rows = [1, 2, 3, 4, 4].map((line) => ({ line, blank: line === 3, status: 'unreviewed' as const }));
    const read = recordsToRead({ dataset, datasetChanges: changes, datasetRows: rows }, [0, 1, 3, 4]);
    expect(Array.from(read.ids)).toEqual([0, 1, 3, 4]);
    // Record 0: bytes 0–7; record 3 (after the blank line at 17): bytes 18–25; 4 copies 3.
    expect(Array.from(read.starts)).toEqual([0, 0, 18, 18]);
    expect(Array.from(read.ends)).toEqual([7, 0, 25, 25]);
    expect(read.edited).toEqual(new Map([[1, '{"edited":true}']]));
    expect(Array.from(read.lines)).toEqual([1, 2, 4, 4]);
    expect(read.file).toBe(dataset.source);
  });
});

describe('searchedIds', () => {
  it('is the listed records the filters let through', () => {
    const rows = [
      { line: 1, blank: false, status: 'unreviewed' as const },
      { line: 2, blank: false, status: 'flagged' as const },
      { line: 3, blank: true, status: 'unreviewed' as const },
      { line: 4, blank: false, status: 'flagged' as const },
    ];
    setSearchState({ filter: {} });
    expect(searchedIds({ dataset, datasetChanges: NO_CHANGES, datasetRows: rows, datasetOrder: [0, 1, 3] })).toEqual([0, 1, 3]);
    setSearchState({ filter: { status: 'flagged' } });
    expect(searchedIds({ dataset, datasetChanges: NO_CHANGES, datasetRows: rows, datasetOrder: [0, 1, 3] })).toEqual([1, 3]);
    setSearchState({ filter: {} });
  });
});
