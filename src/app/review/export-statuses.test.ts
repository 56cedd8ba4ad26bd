import { beforeEach, describe, expect, it } from 'vitest';
import { indexJsonl } from '../../core/index.ts';
import '../dataset/engine.ts';
import { rowsFromIndex } from '../dataset/rows.ts';
import { useAppStore, type DatasetFile } from '../store/index.ts';
import { exportWithStatuses } from './export-statuses.ts';

const LINES = ['{"id":1,"messages":[]}', '{"id":2, "n": 1.0}', '[1]', '{"id":4}'];
const BYTES = new TextEncoder().encode(`${LINES.join('\r\n')}\r\n`);

describe('Export with statuses', () => {
  beforeEach(() => {
    useAppStore.getState().closeDataset();
    const index = indexJsonl(BYTES);
    const file: DatasetFile = { name: 'd.jsonl', size: BYTES.length, format: 'jsonl', source: new Blob([BYTES]), index, fingerprint: { size: BYTES.length, hash: 'x' }, count: index.records.count };
    useAppStore.getState().openDataset(file, rowsFromIndex(index));
  });

  it('writes each reviewed record with its verdict in the field named; every other byte as it was', async () => {
    useAppStore.getState().setStatus(1, 'rejected');
    useAppStore.getState().setStatus(2, 'done');
    useAppStore.getState().setStatus(3, 'flagged');
    const downloads: { blob: Blob; name: string }[] = [];
    await exportWithStatuses('verdict', (blob, name) => void downloads.push({ blob, name }));
    expect(downloads.map((d) => d.name)).toEqual(['d.reviewed.jsonl', 'd.reviewed.review.jsonl']);
    const written = downloads[0];
    // Line 3 is not an object: written as it was (and said).
    expect(await written?.blob.text()).toBe(['{"id":1,"messages":[]}', '{"id":2, "n": 1.0,"verdict":"rejected"}', '[1]', '{"id":4,"verdict":"flagged"}', ''].join('\r\n'));
    expect(useAppStore.getState().notice?.title).toMatch(/2 reviewed record\(s\) with their status in "verdict". 1 reviewed line\(s\) are not JSON objects/);
  });
});
