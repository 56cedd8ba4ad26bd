// @vitest-environment jsdom
/**
 * Autosave logic against an in-memory stand-in for IndexedDB (storage.ts is the only module that
 * touches the browser's storage; e2e tests cover the real IndexedDB).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conversation, textMessage } from '../../core/index.ts';

const db = vi.hoisted(() => ({ saved: undefined as unknown, copy: undefined as unknown, writes: 0, failNext: false, available: true, hang: false }));

vi.mock('./storage.ts', () => ({
  indexedDbAvailable: () => db.available,
  readSaved: async () => db.saved,
  writeSaved: async (value: unknown) => {
    if (db.hang) return new Promise<void>(() => {});
    if (db.failNext) {
      db.failNext = false;
      throw new Error('QuotaExceededError');
    }
    db.writes += 1;
    db.saved = structuredClone(value);
  },
  readPagehideCopy: () => db.copy,
  writePagehideCopy: (value: unknown) => {
    db.copy = JSON.parse(JSON.stringify(value));
    return true;
  },
  clearPagehideCopy: () => {
    db.copy = undefined;
  },
}));

async function fresh() {
  vi.resetModules();
  const autosave = await import('./autosave.ts');
  const { useAppStore } = await import('../store/index.ts');
  return { ...autosave, useAppStore };
}

const record = (text: string) => conversation([textMessage('user', text)]);

describe('autosave', () => {
  beforeEach(() => {
    Object.assign(db, { saved: undefined, copy: undefined, writes: 0, failNext: false, available: true, hang: false });
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('restores nothing on a first visit and then saves changes, debounced', async () => {
    const { restoreSaved, startAutosave, useAppStore, SAVE_DEBOUNCE_MS } = await fresh();
    expect(await restoreSaved()).toEqual({ restored: false, reason: 'empty' });
    const stop = startAutosave();
    for (const text of ['a', 'ab', 'abc']) useAppStore.getState().loadRecord(record(text));
    expect(useAppStore.getState().saveStatus.state).toBe('unsaved');
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS + 10);
    expect(db.writes).toBe(1);
    expect(db.saved).toMatchObject({ version: 1, record: { messages: [{ content: { text: 'abc' } }] } });
    expect(useAppStore.getState().saveStatus.state).toBe('saved');
    stop();
  });

  it('restores what was saved, keeping fields it does not know', async () => {
    db.saved = { version: 1, savedAt: 10, record: record('saved before'), formatId: 'rwkv', formatOptions: {}, futureField: 'keep' };
    const { restoreSaved, startAutosave, saveNow, useAppStore } = await fresh();
    expect(await restoreSaved()).toEqual({ restored: true });
    expect(useAppStore.getState().formatId).toBe('rwkv');
    startAutosave();
    useAppStore.getState().setFormat('apertus');
    await saveNow();
    expect(db.saved).toMatchObject({ formatId: 'apertus', futureField: 'keep' });
  });

  it('writes a synchronous copy when the page is hidden with a save pending, and prefers it when newer', async () => {
    const first = await fresh();
    await first.restoreSaved();
    first.startAutosave();
    first.useAppStore.getState().loadRecord(record('typed just before closing'));
    db.hang = true; // The page goes away before the IndexedDB write completes.
    window.dispatchEvent(new Event('pagehide'));
    expect(db.copy).toMatchObject({ record: { messages: [{ content: { text: 'typed just before closing' } }] } });
    db.hang = false;
    db.saved = { version: 1, savedAt: 1, record: record('older'), formatId: 'apertus', formatOptions: {} };
    const second = await fresh();
    expect((await second.restoreSaved()).restored).toBe(true);
    const restored = second.useAppStore.getState().record;
    expect(restored.kind === 'chat' && restored.messages[0]?.content).toMatchObject({ text: 'typed just before closing' });
  });

  it('says when a save fails and retries on the next change', async () => {
    const { restoreSaved, startAutosave, useAppStore, saveNow } = await fresh();
    await restoreSaved();
    startAutosave();
    db.failNext = true;
    useAppStore.getState().loadRecord(record('x'));
    await saveNow();
    expect(useAppStore.getState().saveStatus).toEqual({ state: 'failed', message: 'QuotaExceededError' });
    useAppStore.getState().loadRecord(record('y'));
    await saveNow();
    expect(useAppStore.getState().saveStatus.state).toBe('saved');
  });

  it('never overwrites data saved by a newer version', async () => {
    db.saved = { version: 99, record: record('from the future') };
    const { restoreSaved, startAutosave, useAppStore, saveNow } = await fresh();
    expect(await restoreSaved()).toMatchObject({ restored: false, reason: 'newer' });
    startAutosave();
    useAppStore.getState().loadRecord(record('edit'));
    await saveNow();
    expect(db.saved).toMatchObject({ version: 99 });
    expect(useAppStore.getState().saveStatus).toMatchObject({ state: 'unavailable' });
  });

  it('keeps working without IndexedDB and says so', async () => {
    db.available = false;
    const { restoreSaved, useAppStore } = await fresh();
    expect(await restoreSaved()).toEqual({ restored: false, reason: 'unavailable' });
    expect(useAppStore.getState().saveStatus).toMatchObject({ state: 'unavailable', message: expect.stringContaining('IndexedDB') });
  });
});
