import { beforeEach, describe, expect, it } from 'vitest';
import { indexJsonl, locatorNumber, parseReviewFile, sha256Hex } from '../../../core/index.ts';
import '../engine.ts';
import { rowsFromIndex } from '../rows.ts';
import { useAppStore, type DatasetFile } from '../../store/index.ts';
import { reviewFileStore, EMPTY_REVIEW_FILE } from '../../review/review-file-store.ts';
import type { SaveHandle } from './file-access.ts';
import { expectHandle, saveOpenDataset } from './save-dataset.ts';

const encoder = new TextEncoder();
const hex = (text: string) => sha256Hex(encoder.encode(text));
const A = '{"id":1}';
const B = '{"id":2}';
const C = '{"id":3}';
const D = '{"id":4}';
const C2 = '{"id":3,"fixed":true}';
const BYTES = encoder.encode(`${[A, B, C, D].join('\n')}\n`);

function openBytes(bytes: Uint8Array, source: Blob, hash: string): void {
  useAppStore.getState().closeDataset();
  const index = indexJsonl(bytes);
  const file: DatasetFile = { name: 'd.jsonl', size: bytes.length, format: 'jsonl', source, index, fingerprint: { size: bytes.length, hash }, count: index.records.count };
  useAppStore.getState().openDataset(file, rowsFromIndex(index));
}

function open(): void {
  reviewFileStore.setState(EMPTY_REVIEW_FILE);
  openBytes(BYTES, new Blob([BYTES]), 'x');
}

/** A file on a fake disk with write access granted (save-in-place.test.ts tests the refusals). */
class FakeHandle implements SaveHandle {
  constructor(
    readonly name: string,
    public disk: string,
  ) {}
  async getFile(): Promise<File> {
    return new File([this.disk], this.name);
  }
  async createWritable() {
    let pending = '';
    return {
      write: async (data: Blob) => void (pending += await data.text()),
      close: async () => void (this.disk = pending),
      abort: async () => undefined,
    };
  }
  async queryPermission(): Promise<'granted'> {
    return 'granted';
  }
}

/** Open the dataset from a picked File with its handle (what "Open to save in place…" does). */
function openInPlace(): FakeHandle {
  reviewFileStore.setState(EMPTY_REVIEW_FILE);
  const text = new TextDecoder().decode(BYTES);
  const handle = new FakeHandle('d.jsonl', text);
  const file = new File([BYTES], 'd.jsonl');
  expectHandle(handle, file);
  openBytes(BYTES, file, 'x');
  return handle;
}

/** Save's reopen: the saved file opened as the dataset again (a new fingerprint). */
async function reopen(file: File): Promise<{ ok: boolean; message: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  openBytes(bytes, file, 'saved');
  return { ok: true, message: '' };
}

async function entriesOf(text: string) {
  return parseReviewFile(text).entries.map((e) => [locatorNumber(e), e.fingerprint, e.status]);
}

describe('Save writes the review file with the dataset', () => {
  beforeEach(open);

  it('downloads <name>.review.jsonl beside the dataset, each mark on its record\'s line and bytes in the SAVED file', async () => {
    const app = useAppStore.getState();
    app.deleteRecord(1); // B gone: C and D move up a line
    app.applyBulkEdit(new Map([[2, C2]]), 'edit C'); // C's bytes change: so does its fingerprint
    const copy = useAppStore.getState().duplicateRecord(0); // a copy of A after A: D moves back down
    useAppStore.getState().setStatus(2, 'flagged');
    useAppStore.getState().setStatus(3, 'done');
    useAppStore.getState().setStatus(copy, 'rejected');
    const blobs: { name: string; blob: Blob }[] = [];
    await saveOpenDataset({ reopen: () => Promise.reject(new Error('not in place')), download: (blob, name) => void blobs.push({ name, blob }) });
    const downloads = await Promise.all(blobs.map(async ({ name, blob }) => ({ name, text: await blob.text() })));
    expect(downloads.map((d) => d.name)).toEqual(['d.jsonl', 'd.review.jsonl']);
    expect(downloads[0]?.text).toBe(`${[A, A, C2, D].join('\n')}\n`);
    const { entries, problems } = parseReviewFile(downloads[1]?.text ?? '');
    expect(problems).toEqual([]);
    expect(entries.map((e) => [locatorNumber(e), e.fingerprint, e.status])).toEqual([
      [2, hex(A), 'rejected'],
      [3, hex(C2), 'flagged'],
      [4, hex(D), 'done'],
    ]);
  });

  it('writes no review file when nothing was reviewed', async () => {
    const names: string[] = [];
    await saveOpenDataset({ reopen: () => Promise.reject(new Error('not in place')), download: (_blob, name) => void names.push(name) });
    expect(names).toEqual(['d.jsonl']);
  });

  it('in place: writes the review file through its own handle when the person granted one, and the review file state follows the saved file', async () => {
    const dataHandle = openInPlace();
    const reviewHandle = new FakeHandle('d.review.jsonl', '');
    reviewFileStore.setState({ ...EMPTY_REVIEW_FILE, dataset: 'x', name: 'd.review.jsonl', handle: reviewHandle });
    useAppStore.getState().deleteRecord(0);
    useAppStore.getState().setStatus(3, 'flagged');
    const names: string[] = [];
    await saveOpenDataset({ reopen, download: (_blob, name) => void names.push(name) });
    expect(names).toEqual([]);
    expect(dataHandle.disk).toBe(`${[B, C, D].join('\n')}\n`);
    expect(await entriesOf(reviewHandle.disk)).toEqual([[3, hex(D), 'flagged']]);
    expect(reviewFileStore.getState().dataset).toBe('saved');
    expect(reviewFileStore.getState().handle).toBe(reviewHandle);
    expect(useAppStore.getState().notice?.title).toMatch(/Saved d\.review\.jsonl beside it \(1 reviewed record\(s\)\)/);
  });

  it('in place without a handle for the review file: downloads it and says so', async () => {
    openInPlace();
    useAppStore.getState().setStatus(1, 'done');
    const blobs: { name: string; blob: Blob }[] = [];
    await saveOpenDataset({ reopen, download: (blob, name) => void blobs.push({ name, blob }) });
    expect(blobs.map((b) => b.name)).toEqual(['d.review.jsonl']);
    expect(await entriesOf(await (blobs[0] as { blob: Blob }).blob.text())).toEqual([[2, hex(B), 'done']]);
    expect(useAppStore.getState().notice?.title).toMatch(/d\.review\.jsonl \(1 reviewed record\(s\)\) was downloaded: Parley has no write access to the review file/);
  });
});
