// @vitest-environment jsdom
/**
 * The dataset autosave and restore against an in-memory storage (fake-dataset-storage.ts): what
 * is written, when, how much, what a failing store shows, and what comes back on re-opening.
 * The IndexedDB storage itself is covered end to end (e2e/dataset-persistence.spec.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SaveStatus } from '../../store/index.ts';
import { startDatasetAutosave, type DatasetAutosave, type WorkSource } from './dataset-autosave.ts';
import { EMPTY_WORK, type DatasetWork } from './dataset-work.ts';
import { planDatasetRestore } from './dataset-restore.ts';
import { FakeCopyStore, FakeDatasetStorage } from './fake-dataset-storage.ts';

const FILE = { name: 'data.jsonl', fingerprint: { size: 1000, hash: '00112233aabbccdd' } };

/** A stand-in for the dataset slice: the work, replaced immutably as the slice does. */
class Source implements WorkSource {
  work: DatasetWork;
  private listeners = new Set<() => void>();
  constructor(work: DatasetWork = EMPTY_WORK) {
    this.work = work;
  }
  get = () => this.work;
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  change(update: (work: DatasetWork) => Partial<DatasetWork>): void {
    this.work = { ...this.work, ...update(this.work) };
    for (const listener of this.listeners) listener();
  }
  edit(index: number, text: string): void {
    this.change((w) => ({ edited: new Map(w.edited).set(index, text) }));
  }
  mark(index: number, status: string): void {
    this.change((w) => ({ statuses: new Map(w.statuses).set(index, status) }));
  }
}

let storage: FakeDatasetStorage;
let copy: FakeCopyStore;
let statuses: SaveStatus[];
let errors: string[];
let running: DatasetAutosave[];

function start(source: Source, extra: { confirmed?: DatasetWork; unsaved?: boolean } = {}): DatasetAutosave {
  const autosave = startDatasetAutosave({
    file: FILE,
    storage,
    source,
    copy,
    confirmed: extra.confirmed ?? EMPTY_WORK,
    unsaved: extra.unsaved ?? false,
    onStatus: (status) => statuses.push(status),
    onError: (message) => errors.push(message),
  });
  running.push(autosave);
  return autosave;
}

beforeEach(() => {
  vi.useFakeTimers();
  storage = new FakeDatasetStorage();
  copy = new FakeCopyStore();
  statuses = [];
  errors = [];
  running = [];
});

afterEach(() => {
  for (const autosave of running) autosave.stop();
  vi.useRealTimers();
});

async function settle(): Promise<void> {
  await vi.advanceTimersByTimeAsync(1000);
}

describe('dataset autosave', () => {
  it('writes once per pause, then says saved', async () => {
    const source = new Source();
    start(source);
    source.edit(3, '{"messages":[]}');
    source.edit(3, '{"messages":[1]}');
    source.mark(3, 'done');
    expect(statuses.at(-1)).toEqual({ state: 'unsaved' });
    expect(storage.writes).toBe(0);
    await settle();
    expect(storage.writes).toBe(1);
    expect(statuses.at(-1)?.state).toBe('saved');
    const saved = await storage.read(FILE.fingerprint);
    expect(saved?.work.edited.get(3)).toBe('{"messages":[1]}');
    expect(saved?.work.statuses.get(3)).toBe('done');
  });

  it('writes only what changed: one entry for one edit in a dataset with 100,000 statuses', async () => {
    const many = new Map<number, string>();
    for (let i = 0; i < 100_000; i++) many.set(i, 'done');
    const source = new Source({ ...EMPTY_WORK, statuses: many });
    const autosave = start(source, { unsaved: true });
    await autosave.saveNow();
    expect(storage.entriesWritten).toBe(100_000);
    source.edit(42, 'x');
    await autosave.saveNow();
    expect(storage.entriesWritten).toBe(100_001);
    source.change(() => ({ current: 7 }));
    await autosave.saveNow();
    // Moving on writes the meta only.
    expect(storage.entriesWritten).toBe(100_001);
    expect(storage.metasByKey.values().next().value?.current).toBe(7);
  });

  it('removes an entry whose edit was undone', async () => {
    const source = new Source();
    const autosave = start(source);
    source.edit(1, 'a');
    await autosave.saveNow();
    source.change((w) => {
      const edited = new Map(w.edited);
      edited.delete(1);
      return { edited };
    });
    await autosave.saveNow();
    expect(storage.entryCount(FILE.fingerprint)).toBe(0);
  });

  it('shows a quota error, never swallows it, and writes everything once storage takes it again', async () => {
    const source = new Source();
    const autosave = start(source);
    storage.failWith = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    source.edit(1, 'a');
    await settle();
    expect(statuses.at(-1)).toMatchObject({ state: 'failed', message: expect.stringContaining('storage for this site is full') });
    expect(errors).toHaveLength(1);
    source.edit(2, 'b');
    await settle();
    // The same failure again: still shown in the status, not a second notice.
    expect(statuses.at(-1)?.state).toBe('failed');
    expect(errors).toHaveLength(1);
    storage.failWith = undefined;
    source.mark(2, 'flagged');
    await autosave.saveNow();
    expect(statuses.at(-1)?.state).toBe('saved');
    const saved = await storage.read(FILE.fingerprint);
    expect([...(saved?.work.edited ?? [])]).toEqual([
      [1, 'a'],
      [2, 'b'],
    ]);
  });

  it('finishing writes what is pending, then follows no more changes', async () => {
    const source = new Source();
    const autosave = start(source);
    source.edit(1, 'last moment');
    await autosave.finish();
    expect((await storage.read(FILE.fingerprint))?.work.edited.get(1)).toBe('last moment');
    const writes = storage.writes;
    source.edit(2, 'after');
    await settle();
    expect(storage.writes).toBe(writes);
  });

  it('a change made during a write is written after it', async () => {
    const source = new Source();
    const autosave = start(source);
    source.edit(1, 'a');
    const first = autosave.saveNow();
    source.edit(2, 'b');
    await first;
    await autosave.saveNow();
    const saved = await storage.read(FILE.fingerprint);
    expect(saved?.work.edited.size).toBe(2);
  });

  it('on page hide, copies the unsaved changes synchronously; re-opening applies the copy if the write never landed', async () => {
    const source = new Source();
    start(source);
    source.edit(7, 'late');
    source.mark(7, 'done');
    // The page goes away: the write it starts never completes.
    storage.write = () => new Promise<never>(() => {});
    window.dispatchEvent(new Event('pagehide'));
    expect(copy.text).toContain('late');

    const plan = await planDatasetRestore(new FakeDatasetStorage(), copy, FILE);
    expect(plan.unsaved).toBe(true);
    expect(plan.work?.edited.get(7)).toBe('late');
    expect(plan.work?.statuses.get(7)).toBe('done');
    expect(plan.restoredMessage).toMatch(/^Restored 1 edit and 1 status from your last session on data\.jsonl/);
  });

  it('says when the emergency copy cannot be written', () => {
    const source = new Source();
    start(source);
    copy.refuse = 'QuotaExceededError';
    source.edit(1, 'a');
    window.dispatchEvent(new Event('pagehide'));
    expect(errors[0]).toContain('emergency copy');
  });
});

describe('restoring a dataset', () => {
  async function saveSome(file = FILE) {
    const source = new Source();
    const autosave = startDatasetAutosave({ file, storage, source, copy, confirmed: EMPTY_WORK, unsaved: false, onStatus: () => {}, onError: () => {} });
    running.push(autosave);
    for (let i = 0; i < 12; i++) source.edit(i * 10, `{"n":${i}}`);
    source.mark(5, 'flagged');
    source.change(() => ({ current: 30 }));
    await autosave.saveNow();
    autosave.stop();
  }

  it('re-attaches the work saved for the same fingerprint and says so', async () => {
    await saveSome();
    const plan = await planDatasetRestore(storage, copy, FILE);
    expect(plan.work?.edited.get(110)).toBe('{"n":11}');
    expect(plan.work?.current).toBe(30);
    expect(plan.unsaved).toBe(false);
    expect(plan.restoredMessage).toMatch(/^Restored 12 edits and 1 status from your last session on data\.jsonl \(saved .+\)\.$/);
    expect(plan.changed).toBeUndefined();
  });

  it('does not apply the work of a changed file of the same name, and says how it changed', async () => {
    await saveSome();
    const sameSize = await planDatasetRestore(storage, copy, { name: 'data.jsonl', fingerprint: { size: 1000, hash: 'ffffffffffffffff' } });
    expect(sameSize.work).toBeUndefined();
    expect(sameSize.restoredMessage).toBeUndefined();
    expect(sameSize.changed?.message).toContain('data.jsonl changed since you last worked on it (it has the same size');
    expect(sameSize.changed?.message).toContain('Its 12 edits and 1 status saved for the old file were not applied');
    const resized = await planDatasetRestore(storage, copy, { name: 'data.jsonl', fingerprint: { size: 2_000_000, hash: 'ffffffffffffffff' } });
    expect(resized.changed?.message).toContain('it was 1000 bytes, it is 1.9 MB now');
    expect(resized.changed?.versions.map((meta) => meta.hash)).toEqual([FILE.fingerprint.hash]);
  });

  it('gives sizes in bytes when they round alike', async () => {
    await saveSome({ name: 'big.jsonl', fingerprint: { size: 2_000_000, hash: '1111111111111111' } });
    const plan = await planDatasetRestore(storage, copy, { name: 'big.jsonl', fingerprint: { size: 2_000_010, hash: '2222222222222222' } });
    expect(plan.changed?.message).toContain('(it was 2,000,000 bytes, it is 2,000,010 bytes now');
  });

  it('says only what there is: statuses alone, or only the edited marks Save left', async () => {
    const marks = new Source();
    const autosave = startDatasetAutosave({ file: FILE, storage, source: marks, copy, confirmed: EMPTY_WORK, unsaved: false, onStatus: () => {}, onError: () => {} });
    running.push(autosave);
    marks.mark(1, 'done');
    marks.mark(2, 'edited');
    await autosave.saveNow();
    expect((await planDatasetRestore(storage, copy, FILE)).restoredMessage).toMatch(/^Restored 1 status from your last session on data\.jsonl/);
    marks.change(() => ({ statuses: new Map([[2, 'edited']]) }));
    await autosave.saveNow();
    expect((await planDatasetRestore(storage, copy, FILE)).restoredMessage).toMatch(/^Restored 1 record marked edited from/);
  });

  it('ignores other files and a page-hide copy of another file', async () => {
    await saveSome({ name: 'other.jsonl', fingerprint: { size: 5, hash: 'aaaaaaaaaaaaaaaa' } });
    copy.text = JSON.stringify({ key: '5:aaaaaaaaaaaaaaaa', current: 0, savedAt: Date.now() + 1, changes: [{ kind: 'edited', index: 0, value: 'x' }] });
    const plan = await planDatasetRestore(storage, copy, FILE);
    expect(plan).toMatchObject({ work: undefined, changed: undefined, restoredMessage: undefined, unsaved: false });
  });
});

describe('two tabs saving work on the same file', () => {
  function tab(source: Source, conflicts: string[], name: string): DatasetAutosave {
    const autosave = startDatasetAutosave({
      file: FILE,
      storage,
      source,
      copy,
      confirmed: EMPTY_WORK,
      unsaved: false,
      base: 0,
      onStatus: (status) => statuses.push(status),
      onError: (message) => errors.push(message),
      onConflict: () => conflicts.push(name),
    });
    running.push(autosave);
    return autosave;
  }

  it('does not write B over the work A saved since B read: B stops and says so; "keep mine" keeps A’s work as a recovery copy', async () => {
    const conflicts: string[] = [];
    const [workA, workB] = [new Source(), new Source()];
    const a = tab(workA, conflicts, 'A');
    const b = tab(workB, conflicts, 'B');
    workA.edit(3, 'edited in A');
    workA.mark(4, 'done');
    await a.saveNow();
    workB.edit(5, 'edited in B');
    await b.saveNow();
    expect(conflicts).toEqual(['B']);
    expect(statuses.at(-1)).toEqual({ state: 'unavailable', message: expect.stringContaining('another tab saved work on this file') });
    let saved = await storage.read(FILE.fingerprint);
    expect([...(saved?.work.edited ?? [])]).toEqual([[3, 'edited in A']]);
    // Nothing is written while the person has not chosen, whatever B does meanwhile.
    workB.mark(6, 'flagged');
    await settle();
    expect((await storage.read(FILE.fingerprint))?.meta.writer).not.toBeUndefined();
    expect([...((await storage.read(FILE.fingerprint))?.work.statuses ?? [])]).toEqual([[4, 'done']]);

    await b.keepMine({ id: 'conflict-1', keptAt: 1, reason: 'The other tab’s work.' });
    saved = await storage.read(FILE.fingerprint);
    expect([...(saved?.work.edited ?? [])]).toEqual([[5, 'edited in B']]);
    expect([...(saved?.work.statuses ?? [])]).toEqual([[6, 'flagged']]);
    expect(statuses.at(-1)?.state).toBe('saved');
    const [kept] = await storage.kept(FILE.fingerprint);
    expect(kept).toMatchObject({ id: 'conflict-1', reason: 'The other tab’s work.' });
    expect(kept?.changes).toEqual(expect.arrayContaining([{ kind: 'edited', index: 3, value: 'edited in A' }, { kind: 'status', index: 4, value: 'done' }]));

    // A, which read its own save, is the one that would overwrite now: stopped in turn.
    workA.edit(3, 'A again');
    await a.saveNow();
    expect(conflicts).toEqual(['B', 'A']);
    expect([...((await storage.read(FILE.fingerprint))?.work.edited ?? [])]).toEqual([[5, 'edited in B']]);
  });

  it('does not apply a closed tab’s page-hide copy over work another tab saved since: the restore hands it over to be kept aside', async () => {
    const conflicts: string[] = [];
    const [workA, workB] = [new Source(), new Source()];
    tab(workA, conflicts, 'A');
    const b = tab(workB, conflicts, 'B');
    workA.edit(3, 'A just before closing');
    const realWrite = storage.write.bind(storage);
    storage.write = () => new Promise<never>(() => {}); // A's tab goes away: its write never lands.
    window.dispatchEvent(new Event('pagehide'));
    storage.write = realWrite;
    expect(copy.text).toContain('A just before closing');
    await vi.advanceTimersByTimeAsync(5000); // B saves later than A's copy was written.
    workB.edit(3, 'saved by B');
    await b.saveNow();
    expect(copy.text).toContain('A just before closing');
    const plan = await planDatasetRestore(storage, copy, FILE);
    expect(plan.work?.edited.get(3)).toBe('saved by B');
    expect(plan.unsaved).toBe(false);
    expect(plan.overtakenCopy?.changes).toEqual([{ kind: 'edited', index: 3, value: 'A just before closing' }]);
  });

  it('lets a tab that re-read the stored work (its revision) save over it', async () => {
    const conflicts: string[] = [];
    const workA = new Source();
    const a = tab(workA, conflicts, 'A');
    workA.edit(1, 'first');
    await a.saveNow();
    a.stop();
    const reread = await storage.read(FILE.fingerprint);
    const again = new Source(reread?.work);
    const reopened = startDatasetAutosave({ file: FILE, storage, source: again, copy, confirmed: reread?.work ?? EMPTY_WORK, unsaved: false, base: reread?.meta.revision ?? 0, onStatus: () => {}, onError: () => {}, onConflict: () => conflicts.push('reopened') });
    running.push(reopened);
    again.edit(2, 'second');
    await reopened.saveNow();
    expect(conflicts).toEqual([]);
    expect((await storage.read(FILE.fingerprint))?.meta.revision).toBe(2);
  });
});
