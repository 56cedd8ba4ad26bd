import { describe, expect, it } from 'vitest';
import { checkWrite, newWriterId, revisionOf } from './write-check.ts';

const tabA = { id: 'tab-a', base: 3 };

describe('checkWrite', () => {
  it('writes when nothing is stored, counting from 1', () => {
    expect(checkWrite(undefined, { id: 'tab-a', base: 0 })).toEqual({ ok: true, revision: 1 });
  });

  it('writes over what this tab last read, one revision up', () => {
    expect(checkWrite({ revision: 3, writer: 'tab-b' }, tabA)).toEqual({ ok: true, revision: 4 });
  });

  it('writes over what this tab itself wrote since (its own writes move the counter on)', () => {
    expect(checkWrite({ revision: 7, writer: 'tab-a' }, tabA)).toEqual({ ok: true, revision: 8 });
  });

  it('refuses to write over what another tab wrote since this one read, handing it back', () => {
    const other = { revision: 4, writer: 'tab-b', record: 'theirs' };
    expect(checkWrite(other, tabA)).toEqual({ ok: false, stored: other });
  });

  it('sees two tabs that read the same revision: the second to write is refused', () => {
    const read = { revision: 2, writer: 'earlier' };
    const first = checkWrite(read, { id: 'tab-a', base: 2 });
    expect(first).toEqual({ ok: true, revision: 3 });
    const afterFirst = { revision: 3, writer: 'tab-a' };
    expect(checkWrite(afterFirst, { id: 'tab-b', base: 2 }).ok).toBe(false);
  });

  it('refuses a write over an envelope an older Parley wrote (no stamp) after this tab wrote', () => {
    expect(checkWrite({ version: 1, savedAt: 9 }, tabA).ok).toBe(false);
    // …but not when that unstamped envelope is what this tab read (base 0).
    expect(checkWrite({ version: 1, savedAt: 9 }, { id: 'tab-a', base: 0 })).toEqual({ ok: true, revision: 1 });
  });
});

describe('revisionOf', () => {
  it('reads only a positive whole revision', () => {
    expect(revisionOf({ revision: 5 })).toBe(5);
    for (const value of [undefined, null, 'x', [], {}, { revision: '5' }, { revision: -1 }, { revision: 1.5 }]) expect(revisionOf(value)).toBe(0);
  });
});

describe('newWriterId', () => {
  it('differs between calls', () => {
    expect(newWriterId()).not.toBe(newWriterId());
  });
});
