import { describe, expect, it } from 'vitest';
import { applyUpdate, type UpdateDeps } from './apply-update.ts';

function deps(overrides: Partial<UpdateDeps> = {}): { deps: UpdateDeps; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    deps: {
      saveConversation: async () => void calls.push('save conversation'),
      saveDataset: async () => void calls.push('save dataset'),
      unsavedReason: () => undefined,
      activate: async () => void calls.push('activate'),
      ...overrides,
    },
  };
}

describe('applyUpdate', () => {
  it('saves the conversation and the dataset before the new version takes over', async () => {
    const { deps: given, calls } = deps();
    expect(await applyUpdate(given)).toEqual({ applied: true });
    expect(calls).toEqual(['save conversation', 'save dataset', 'activate']);
  });

  it('does not reload when the work is not saved, and says why', async () => {
    const { deps: given, calls } = deps({ unsavedReason: () => 'The conversation could not be saved in this browser: quota' });
    expect(await applyUpdate(given)).toEqual({ applied: false, reason: 'The conversation could not be saved in this browser: quota' });
    expect(calls).not.toContain('activate');
  });

  it('does not reload when saving throws', async () => {
    const { deps: given, calls } = deps({
      saveDataset: async () => {
        throw new Error('IndexedDB closed');
      },
    });
    expect(await applyUpdate(given)).toEqual({ applied: false, reason: 'your work could not be saved (IndexedDB closed)' });
    expect(calls).toEqual(['save conversation']);
  });
});
