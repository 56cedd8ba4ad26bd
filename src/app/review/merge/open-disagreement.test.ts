import { beforeEach, describe, expect, it } from 'vitest';
import { filterOrder, indexJsonl, sha256Hex, type Disagreement, type ReviewEntry } from '../../../core/index.ts';
import '../../dataset/engine.ts';
import { rowsFromIndex } from '../../dataset/rows.ts';
import { INITIAL_SEARCH, searchStore } from '../../dataset/search/search-store.ts';
import { useAppStore, type DatasetFile } from '../../store/index.ts';
import { filterDisagreements } from './open-disagreement.ts';

const encoder = new TextEncoder();
const LINES = ['{"id":1}', '{"id":2}', '{"id":3}', '{"id":4}'];
const BYTES = encoder.encode(`${LINES.join('\n')}\n`);

const entry = (line: number, text: string, reviewer: string, status: 'done' | 'rejected'): ReviewEntry => ({ line, fingerprint: sha256Hex(encoder.encode(text)), status, labels: [], comments: [], reviewer });
const disagreement = (line: number, text: string): Disagreement => ({ fingerprint: sha256Hex(encoder.encode(text)), entries: [entry(line, text, 'Ana', 'done'), entry(line, text, 'Bo', 'rejected')], status: true, labels: [] });

describe('the disagreements of an agreement report as a filter of the list', () => {
  beforeEach(() => {
    searchStore.setState(INITIAL_SEARCH);
    useAppStore.getState().closeDataset();
    const index = indexJsonl(BYTES);
    const file: DatasetFile = { name: 'd.jsonl', size: BYTES.length, format: 'jsonl', source: new Blob([BYTES]), index, fingerprint: { size: BYTES.length, hash: 'x' }, count: index.records.count };
    useAppStore.getState().openDataset(file, rowsFromIndex(index));
  });

  it('lists only their records (found by fingerprint, not by the line they had), and says which are not in the dataset', async () => {
    // Line 1 in the reviewers' files, but the record is at line 3 here (by its bytes); a record that is gone.
    await filterDisagreements([disagreement(4, LINES[3] as string), disagreement(1, LINES[2] as string), disagreement(9, '{"gone":true}')], 'every disagreement');
    const filter = searchStore.getState().filter;
    expect(filter.records).toEqual({ ids: [3, 2], label: 'every disagreement' });
    const state = useAppStore.getState();
    expect(filterOrder(state.datasetRows, state.datasetOrder, filter)).toEqual([2, 3]);
    expect(state.notice?.title).toBe('The list shows the 2 record(s) of every disagreement. 1 are not in d.jsonl.');
    expect(state.notice?.details).toEqual(['line 9: no record of d.jsonl has its fingerprint or its line']);
  });

  it('keeps the other filters on', async () => {
    searchStore.setState({ filter: { status: 'done' } });
    await filterDisagreements([disagreement(2, LINES[1] as string)], 'the disagreement at line 2');
    expect(searchStore.getState().filter).toEqual({ status: 'done', records: { ids: [1], label: 'the disagreement at line 2' } });
  });
});
