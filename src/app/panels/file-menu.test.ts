import { afterEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../store/index.ts';
import { FILE_MENU } from './file-menu.ts';
import { visibleEntries } from './menu/menu-entry.ts';

const REVIEW_ENTRIES = ['Open review file or guidelines…', 'Save review file', 'Merge reviewers’ work…', 'Export with statuses…'];
const labels = () => visibleEntries(FILE_MENU).map(({ entry }) => entry.label);

afterEach(() => useAppStore.setState({ dataset: null }));

describe('the File menu’s review entries', () => {
  it('are left out when no dataset is open', () => {
    for (const label of REVIEW_ENTRIES) expect(labels()).not.toContain(label);
  });

  it('are shown together, in one section of their own, when a dataset is open', () => {
    // Only `dataset !== null` is read by the entries' `shown`: a stand-in object is enough here.
    useAppStore.setState({ dataset: {} as NonNullable<ReturnType<typeof useAppStore.getState>['dataset']> });
    const shown = visibleEntries(FILE_MENU);
    const at = shown.findIndex(({ entry }) => entry.label === REVIEW_ENTRIES[0]);
    expect(shown.slice(at, at + REVIEW_ENTRIES.length).map(({ entry }) => entry.label)).toEqual(REVIEW_ENTRIES);
    expect(shown[at]?.startsSection).toBe(true);
    expect(shown[at + REVIEW_ENTRIES.length]?.startsSection).toBe(true);
  });
});
