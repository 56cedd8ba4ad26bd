// @vitest-environment jsdom
/**
 * Autosave logic against an in-memory stand-in for IndexedDB and localStorage (storage.ts is the
 * only module that touches the browser's storage; e2e tests cover the real ones).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conversation, textMessage, type Conversation } from '../../core/index.ts';

const db = vi.hoisted(() => ({
  saved: undefined as unknown,
  /** Values of writes that hang (the page died during them): any of them may have landed. */
  pending: [] as unknown[],
  unreadable: undefined as unknown,
  /** The recovery copies' list, as stored. */
  copies: undefined as unknown,
  failCopies: false,
  copy: undefined as string | undefined,
  /** localStorage's quota, in characters (Chromium: about 5.2 million). */
  copyLimit: Number.POSITIVE_INFINITY,
  writes: 0,
  failNext: false,
  available: true,
  hang: false,
}));

vi.mock('./storage.ts', () => ({
  indexedDbAvailable: () => db.available,
  readSaved: async () => db.saved,
  // As storage.ts: the check and the write in one step (one IndexedDB transaction there).
  writeSavedChecked: async (value: Record<string, unknown>, writer: { id: string; base: number }) => {
    if (db.hang) {
      db.pending.push(structuredClone(value));
      return new Promise<void>(() => {});
    }
    if (db.failNext) {
      db.failNext = false;
      throw new Error('QuotaExceededError');
    }
    const { checkWrite } = await import('./write-check.ts');
    const check = checkWrite(db.saved, writer);
    if (!check.ok) return check;
    value.revision = check.revision;
    db.writes += 1;
    db.saved = structuredClone(value);
    return check;
  },
  readRecoveryCopies: async () => db.copies,
  updateRecoveryCopies: async (change: (stored: unknown) => unknown) => {
    if (db.failCopies) throw new Error('QuotaExceededError');
    db.copies = structuredClone(change(db.copies));
    return db.copies;
  },
  readUnreadable: async () => db.unreadable,
  writeUnreadable: async (value: unknown) => {
    db.unreadable = structuredClone(value);
  },
  deleteUnreadable: async () => {
    db.unreadable = undefined;
  },
  readPagehideCopyText: () => db.copy,
  writePagehideCopyText: (text: string) => {
    if (text.length > db.copyLimit) return 'QuotaExceededError';
    db.copy = text;
    return undefined;
  },
  probeLocalStorage: () => undefined,
  clearPagehideCopy: () => {
    db.copy = undefined;
  },
}));

/** Listeners of earlier "tabs" (module instances) are removed after each test: they would answer its events. */
const stops: (() => void)[] = [];

async function fresh() {
  vi.resetModules();
  const autosave = await import('./autosave.ts');
  const { useAppStore } = await import('../store/index.ts');
  const { recoveryStore } = await import('./recovery-state.ts');
  const startAutosave = () => {
    const stop = autosave.startAutosave();
    stops.push(stop);
    return stop;
  };
  return { ...autosave, startAutosave, useAppStore, recoveryStore };
}

const record = (text: string) => conversation([textMessage('user', text)]);
const firstText = (state: { record: unknown }) => {
  const content = (state.record as Conversation).messages[0]?.content;
  return content?.type === 'text' ? content.text : undefined;
};

describe('autosave', () => {
  beforeEach(() => {
    Object.assign(db, { saved: undefined, pending: [], unreadable: undefined, copies: undefined, failCopies: false, copy: undefined, copyLimit: Number.POSITIVE_INFINITY, writes: 0, failNext: false, available: true, hang: false });
    vi.useFakeTimers();
  });
  afterEach(() => {
    stops.splice(0).forEach((stop) => stop());
    vi.useRealTimers();
  });

  it('restores nothing on a first visit and then saves changes, debounced', async () => {
    const { restoreSaved, startAutosave, useAppStore, SAVE_DEBOUNCE_MS } = await fresh();
    expect(await restoreSaved()).toEqual({ restored: false, reason: 'empty' });
    const stop = startAutosave();
    for (const text of ['a', 'ab', 'abc']) useAppStore.getState().loadRecord(record(text));
    expect(useAppStore.getState().saveStatus.state).toBe('unsaved');
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS + 10);
    expect(db.writes).toBe(1);
    expect(db.saved).toMatchObject({ version: 2, revision: 1, record: { messages: [{ content: { text: 'abc' } }] } });
    expect(useAppStore.getState().saveStatus.state).toBe('saved');
    stop();
  });

  it('restores what was saved, keeping fields it does not know', async () => {
    db.saved = { version: 2, savedAt: 10, revision: 4, writer: 'an earlier page', record: record('saved before'), formatId: 'rwkv', formatOptions: {}, futureField: 'keep' };
    const { restoreSaved, startAutosave, saveNow, useAppStore } = await fresh();
    expect(await restoreSaved()).toEqual({ restored: true });
    expect(useAppStore.getState().formatId).toBe('rwkv');
    startAutosave();
    useAppStore.getState().setFormat('apertus');
    await saveNow();
    expect(db.saved).toMatchObject({ formatId: 'apertus', futureField: 'keep', revision: 5 });
  });

  it('saves at once, when told it changed, what changed before autosave watched the store (a share link opened at start-up)', async () => {
    const { restoreSaved, startAutosave, saveNow, useAppStore } = await fresh();
    await restoreSaved();
    useAppStore.getState().loadRecord(record('from a link'));
    await saveNow();
    expect(db.writes).toBe(0);
    await saveNow({ changed: true });
    expect(db.writes).toBe(1);
    expect(firstText(db.saved as { record: unknown })).toBe('from a link');
    expect(useAppStore.getState().saveStatus.state).toBe('saved');
    startAutosave();
  });

  it('writes a synchronous copy when the page is hidden with a save pending, and prefers it when newer', async () => {
    const first = await fresh();
    await first.restoreSaved();
    first.startAutosave();
    first.useAppStore.getState().loadRecord(record('typed just before closing'));
    db.hang = true; // The page goes away before the IndexedDB write completes.
    window.dispatchEvent(new Event('pagehide'));
    expect(db.copy).toContain('typed just before closing');
    db.hang = false;
    db.saved = { version: 1, savedAt: 1, record: record('older'), formatId: 'apertus', formatOptions: {} };
    const second = await fresh();
    expect((await second.restoreSaved()).restored).toBe(true);
    expect(firstText(second.useAppStore.getState())).toBe('typed just before closing');
    expect(second.useAppStore.getState().saveStatus.state).toBe('unsaved');
  });

  it('reads a copy written before copies were deltas (the envelope as plain JSON)', async () => {
    db.saved = { version: 1, savedAt: 1, record: record('older'), formatId: 'apertus', formatOptions: {} };
    db.copy = JSON.stringify({ version: 1, savedAt: 2, record: record('from the old copy'), formatId: 'rwkv', formatOptions: {} });
    const { restoreSaved, useAppStore } = await fresh();
    await restoreSaved();
    expect(firstText(useAppStore.getState())).toBe('from the old copy');
    expect(useAppStore.getState().formatId).toBe('rwkv');
  });

  it('keeps an edit of one message in a document far larger than localStorage (the copy is a delta)', async () => {
    const big = conversation(Array.from({ length: 5000 }, (_, i) => textMessage(i % 2 ? 'assistant' : 'user', `message ${i} `.repeat(20))));
    db.copyLimit = 20_000; // The document's JSON is about 1.4 million characters.
    const first = await fresh();
    await first.restoreSaved();
    first.startAutosave();
    first.useAppStore.getState().loadRecord(big);
    await first.saveNow();
    await first.copyWriterLoaded();
    first.useAppStore.getState().edit((draft) => {
      const content = (draft as Conversation).messages[4321]?.content;
      if (content?.type === 'text') content.text = 'edited 50 ms before closing';
    }, 'field');
    db.hang = true;
    window.dispatchEvent(new Event('pagehide'));
    expect(db.copy?.length).toBeLessThan(2000);
    db.hang = false;
    const second = await fresh();
    await second.restoreSaved();
    const restored = second.useAppStore.getState().record as Conversation;
    expect(restored.messages).toHaveLength(5000);
    expect(restored.messages[4321]?.content).toMatchObject({ text: 'edited 50 ms before closing' });
    expect(restored.messages[4320]).toEqual(big.messages[4320]);
  });

  it('compresses a large whole copy (nothing saved yet to make a delta against) so that it fits', async () => {
    const big = conversation(Array.from({ length: 5000 }, (_, i) => textMessage(i % 2 ? 'assistant' : 'user', `message ${i} `.repeat(20))));
    db.copyLimit = 300_000; // The JSON is about 1.4 million characters.
    const first = await fresh();
    await first.restoreSaved();
    first.startAutosave();
    await first.copyWriterLoaded();
    first.useAppStore.getState().loadRecord(big);
    db.hang = true;
    window.dispatchEvent(new Event('pagehide'));
    expect(db.copy).toMatch(/^parley-copy:1:\d+:z15:/);
    db.hang = false;
    const second = await fresh();
    await second.restoreSaved();
    expect(second.useAppStore.getState().record).toEqual(big);
  });

  it('applies the copy whichever write IndexedDB finished (the confirmed one or the one in flight)', async () => {
    const first = await fresh();
    await first.restoreSaved();
    first.startAutosave();
    first.useAppStore.getState().loadRecord(conversation([textMessage('user', 'a'), textMessage('assistant', 'b')]));
    await first.saveNow();
    const confirmedSave = structuredClone(db.saved);
    first.useAppStore.getState().edit((draft) => void (draft as Conversation).messages.pop());
    db.hang = true;
    void first.saveNow(); // In flight, never finishes in this tab.
    first.useAppStore.getState().edit((draft) => void (draft as Conversation).messages.push(textMessage('user', 'c')));
    window.dispatchEvent(new Event('pagehide'));
    db.hang = false;
    // Hung: the write of ['a'] and the one pagehide started of ['a', 'c'].
    expect(db.pending).toHaveLength(2);
    for (const stored of [confirmedSave, ...db.pending]) {
      db.saved = stored;
      const second = await fresh();
      await second.restoreSaved();
      expect((second.useAppStore.getState().record as Conversation).messages.map((m) => m.content)).toMatchObject([{ text: 'a' }, { text: 'c' }]);
    }
  });

  it('says on the next visit when the last moment could not be kept, instead of dropping it silently', async () => {
    db.saved = { version: 1, savedAt: 1, record: record('saved'), formatId: 'apertus', formatOptions: {} };
    db.copyLimit = 200;
    const first = await fresh();
    await first.restoreSaved();
    first.startAutosave();
    first.useAppStore.getState().loadRecord(record('x'.repeat(1000)));
    db.hang = true;
    window.dispatchEvent(new Event('pagehide'));
    expect(first.recoveryStore.getState().copyProblem).toContain('could not be written');
    db.hang = false;
    const second = await fresh();
    await second.restoreSaved();
    expect(firstText(second.useAppStore.getState())).toBe('saved');
    expect(second.useAppStore.getState().notice).toMatchObject({ tone: 'error', title: expect.stringContaining('just before Parley was last closed could not be restored') });
  });

  it('keeps unreadable saved data aside (never overwritten by the next save) and offers it', async () => {
    let deep: unknown = {};
    for (let i = 0; i < 100; i++) deep = { properties: { a: deep } };
    const damaged = { version: 1, savedAt: 5, record: { kind: 'chat', messages: [], tools: [{ id: 't', name: 'f', parameters: deep }] }, formatId: 'apertus', formatOptions: {} };
    db.saved = damaged;
    const { restoreSaved, startAutosave, saveNow, useAppStore, recoveryStore } = await fresh();
    expect(await restoreSaved()).toMatchObject({ restored: false, reason: 'invalid', message: expect.stringContaining('nested more than 128 levels deep') });
    expect(recoveryStore.getState().unreadable).toMatchObject([{ reason: expect.stringContaining('could not be restored'), value: damaged }]);
    startAutosave();
    useAppStore.getState().loadRecord(record('new work'));
    await saveNow();
    expect(db.saved).toMatchObject({ record: { messages: [{ content: { text: 'new work' } }] } });
    expect(db.unreadable).toMatchObject([{ value: damaged }]);
    // The next visit offers it again until it is exported or discarded.
    const again = await fresh();
    await again.restoreSaved();
    expect(again.recoveryStore.getState().unreadable).toHaveLength(1);
  });

  it('saves nothing over unreadable data it could not keep aside, until the person discards it', async () => {
    db.saved = { version: 1, savedAt: 5, record: { kind: 'chat' }, formatId: 'apertus', formatOptions: {} };
    const { restoreSaved, startAutosave, saveNow, useAppStore, recoveryStore, allowOverwrite } = await fresh();
    const cloneFails = vi.spyOn(globalThis, 'structuredClone').mockImplementationOnce(() => {
      throw new RangeError('Maximum call stack size exceeded');
    });
    await restoreSaved();
    cloneFails.mockRestore();
    expect(recoveryStore.getState().unreadable).toHaveLength(1);
    startAutosave();
    useAppStore.getState().loadRecord(record('new work'));
    await saveNow();
    expect(db.saved).toMatchObject({ record: { kind: 'chat' }, savedAt: 5 });
    expect(useAppStore.getState().saveStatus).toMatchObject({ state: 'unavailable', message: expect.stringContaining('export or discard') });
    allowOverwrite();
    await saveNow();
    expect(db.saved).toMatchObject({ record: { messages: [{ content: { text: 'new work' } }] } });
  });

  it('pauses saving while held (a render error) and saves the latest state when released', async () => {
    const { restoreSaved, startAutosave, useAppStore, holdAutosave, releaseAutosave, SAVE_DEBOUNCE_MS } = await fresh();
    await restoreSaved();
    startAutosave();
    useAppStore.getState().loadRecord(record('crashes the preview'));
    holdAutosave('preview', 'the preview could not show this conversation.');
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS * 3);
    window.dispatchEvent(new Event('pagehide'));
    expect(db.writes).toBe(0);
    expect(db.copy).toBeUndefined();
    expect(useAppStore.getState().saveStatus).toMatchObject({ state: 'unavailable', message: expect.stringContaining('preview') });
    useAppStore.getState().loadRecord(record('fixed'));
    releaseAutosave('preview');
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS + 10);
    expect(db.saved).toMatchObject({ record: { messages: [{ content: { text: 'fixed' } }] } });
    expect(useAppStore.getState().saveStatus.state).toBe('saved');
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


describe('two tabs on the same saved conversation', () => {
  beforeEach(() => {
    Object.assign(db, { saved: undefined, pending: [], unreadable: undefined, copies: undefined, failCopies: false, copy: undefined, copyLimit: Number.POSITIVE_INFINITY, writes: 0, failNext: false, available: true, hang: false });
    db.saved = { version: 1, savedAt: 1, record: record('as both tabs read it'), formatId: 'apertus', formatOptions: {} };
    vi.useFakeTimers();
  });
  afterEach(() => {
    stops.splice(0).forEach((stop) => stop());
    vi.useRealTimers();
  });

  /** Two tabs that read the same saved envelope, then A saves an edit. */
  async function twoTabsAfterASaved() {
    const a = await fresh();
    await a.restoreSaved();
    a.startAutosave();
    const b = await fresh();
    await b.restoreSaved();
    b.startAutosave();
    a.useAppStore.getState().loadRecord(record('edited in A'));
    await a.saveNow();
    expect(db.saved).toMatchObject({ revision: 1, record: { messages: [{ content: { text: 'edited in A' } }] } });
    b.useAppStore.getState().loadRecord(record('edited in B'));
    await b.saveNow();
    return { a, b };
  }

  const copyTexts = () => (db.copies as { envelope: { record: unknown }; reason: string }[]).map((copy) => [firstText(copy.envelope), copy.reason]);

  it('does not save B over what A saved since B read: B says so and keeps its version as a recovery copy', async () => {
    const { b } = await twoTabsAfterASaved();
    expect(firstText(db.saved as { record: unknown })).toBe('edited in A');
    expect(b.useAppStore.getState().saveStatus).toMatchObject({ state: 'unavailable', message: expect.stringContaining('another tab saved this conversation') });
    expect(b.recoveryStore.getState().conflict).toMatchObject({ otherUnreadable: undefined });
    expect(copyTexts()).toEqual([['edited in B', expect.stringContaining('This tab’s version')]]);
    // Still nothing written over A while the person has not chosen, however long B waits or edits.
    b.useAppStore.getState().loadRecord(record('edited in B again'));
    await vi.advanceTimersByTimeAsync(5000);
    await b.saveNow();
    expect(firstText(db.saved as { record: unknown })).toBe('edited in A');
  });

  it('"keep mine" saves B over A and keeps A’s version as the recovery copy', async () => {
    const { a, b } = await twoTabsAfterASaved();
    await b.resolveConflict('mine');
    expect(db.saved).toMatchObject({ revision: 2, record: { messages: [{ content: { text: 'edited in B' } }] } });
    expect(b.useAppStore.getState().saveStatus.state).toBe('saved');
    expect(b.recoveryStore.getState().conflict).toBeUndefined();
    expect(copyTexts()).toEqual([['edited in A', expect.stringContaining('The other tab’s version')]]);
    // A, which read revision 1, is now the one that would overwrite: it is stopped in turn.
    a.useAppStore.getState().loadRecord(record('A again'));
    await a.saveNow();
    expect(firstText(db.saved as { record: unknown })).toBe('edited in B');
    expect(a.recoveryStore.getState().conflict).toBeDefined();
  });

  it('"take the other" shows A’s version in B, writes nothing, and keeps B’s as the recovery copy', async () => {
    const { a, b } = await twoTabsAfterASaved();
    const writes = db.writes;
    await b.resolveConflict('other');
    expect(firstText(b.useAppStore.getState())).toBe('edited in A');
    expect(b.useAppStore.getState().saveStatus.state).toBe('saved');
    await vi.advanceTimersByTimeAsync(5000);
    expect(db.writes).toBe(writes);
    expect(copyTexts()).toEqual([['edited in B', expect.stringContaining('replaced by the other tab’s')]]);
    // Both tabs now stand on revision 1: either may go on saving.
    b.useAppStore.getState().loadRecord(record('B on top of A'));
    await b.saveNow();
    expect(firstText(db.saved as { record: unknown })).toBe('B on top of A');
    expect(a.useAppStore.getState().saveStatus.state).toBe('saved');
  });

  it('overwrites nothing when the recovery copy cannot be written', async () => {
    const { b } = await twoTabsAfterASaved();
    db.failCopies = true;
    await b.resolveConflict('mine');
    expect(firstText(db.saved as { record: unknown })).toBe('edited in A');
    expect(b.useAppStore.getState().notice).toMatchObject({ tone: 'error', title: expect.stringContaining('could not be kept as a recovery copy') });
    await b.resolveConflict('other');
    expect(firstText(b.useAppStore.getState())).toBe('edited in B');
  });

  it('does not restore a closed tab’s last-moment copy over a save another tab made since: it becomes a recovery copy', async () => {
    const a = await fresh();
    await a.restoreSaved();
    a.startAutosave();
    a.useAppStore.getState().loadRecord(record('A just before closing'));
    db.hang = true; // A's tab goes away: its write never lands, its page-hide copy does.
    window.dispatchEvent(new Event('pagehide'));
    db.hang = false;
    expect(db.copy).toContain('A just before closing');
    // B, which had read the same revision 0, saved meanwhile.
    db.saved = { version: 2, savedAt: 2, revision: 1, writer: 'tab-b', record: record('saved by B'), formatId: 'apertus', formatOptions: {} };
    const next = await fresh();
    await next.restoreSaved();
    expect(firstText(next.useAppStore.getState())).toBe('saved by B');
    expect(next.useAppStore.getState().saveStatus.state).toBe('saved');
    expect(copyTexts()).toEqual([['A just before closing', expect.stringContaining('just before it closed')]]);
    expect(db.copy).toBeUndefined();
  });

  it('does not drop another tab’s last-moment copy when saving: it comes back as a recovery copy', async () => {
    // Current version: neither tab has a migration to save (B must have nothing pending when A's page is hidden).
    db.saved = { version: 2, savedAt: 1, revision: 0, record: record('as both tabs read it'), formatId: 'apertus', formatOptions: {} };
    const a = await fresh();
    await a.restoreSaved();
    a.startAutosave();
    const b = await fresh();
    await b.restoreSaved();
    b.startAutosave();
    a.useAppStore.getState().loadRecord(record('A just before closing'));
    db.hang = true;
    window.dispatchEvent(new Event('pagehide'));
    db.hang = false;
    b.useAppStore.getState().loadRecord(record('saved by B'));
    await b.saveNow();
    expect(db.copy).toContain('A just before closing');
    const next = await fresh();
    await next.restoreSaved();
    expect(firstText(next.useAppStore.getState())).toBe('saved by B');
    expect(copyTexts()).toEqual([['A just before closing', expect.stringContaining('just before it closed')]]);
  });

  it('lets one tab alone save again and again (its own writes are no conflict)', async () => {
    const a = await fresh();
    await a.restoreSaved();
    a.startAutosave();
    for (const text of ['one', 'two', 'three']) {
      a.useAppStore.getState().loadRecord(record(text));
      await a.saveNow();
    }
    expect(db.saved).toMatchObject({ revision: 3, record: { messages: [{ content: { text: 'three' } }] } });
    expect(a.recoveryStore.getState().conflict).toBeUndefined();
    // A reload reads revision 3 and saves over it.
    const reloaded = await fresh();
    await reloaded.restoreSaved();
    reloaded.startAutosave();
    reloaded.useAppStore.getState().loadRecord(record('after reload'));
    await reloaded.saveNow();
    expect(db.saved).toMatchObject({ revision: 4 });
  });
});
