import { describe, expect, it } from 'vitest';
import { visibleEntries, type MenuEntry } from './menu-entry.ts';

const entry = (id: string, section: string, shown?: boolean): MenuEntry => ({ id, label: id, section, run: () => {}, ...(shown === undefined ? {} : { shown: () => shown }) });

describe('visibleEntries', () => {
  it('leaves out hidden entries and marks where a new section starts among those shown', () => {
    const entries = [entry('open', 'open'), entry('paste', 'open'), entry('hidden', 'save', false), entry('export', 'export'), entry('share', 'export')];
    expect(visibleEntries(entries).map(({ entry: e, startsSection }) => [e.id, startsSection])).toEqual([
      ['open', false],
      ['paste', false],
      ['export', true],
      ['share', false],
    ]);
  });
});
