/** The app's Fix and "Fix all" on the store: the record repaired in one undo step each. */
import { beforeEach, describe, expect, it } from 'vitest';
import { findCodec, type Conversation, type ParleyRecord } from '../../core/index.ts';
import { applyAllOfKind, applyListedFix, clearHistory, countOfKind, diagnosticsState, undo, useAppStore } from './index.ts';

// Read as Apertus JSON: there `content: null` beside calls is the data's own, which the template
// raises on (read as OpenAI Chat it is written "" and needs no fix: issue 24).
function read(json: unknown): ParleyRecord {
  const record = findCodec('apertus-json')?.decode(json).record;
  if (!record) throw new Error('apertus-json cannot read it');
  return record;
}

const REQUEST = {
  messages: [
    { role: 'developer', content: 'Be terse.' },
    { role: 'user', content: 'Weather?' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'a', type: 'function', function: { name: 'w', arguments: '{}' } }] },
    { role: 'tool', tool_call_id: 'a', content: 'sunny' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'b', type: 'function', function: { name: 'w', arguments: '{}' } }] },
    { role: 'tool', tool_call_id: 'b', content: 'rainy' },
    { role: 'assistant', content: 'Sunny, then rainy.' },
  ],
};

function record(): Conversation {
  return useAppStore.getState().record as Conversation;
}

function listed() {
  return diagnosticsState(useAppStore.getState());
}

describe('Fix and Fix all in the app store', () => {
  beforeEach(() => {
    useAppStore.setState({ formatId: 'apertus', importDiagnostics: [] });
    useAppStore.getState().loadRecord(read(REQUEST));
    clearHistory();
  });

  it('Fix applies one diagnostic’s repair as one undo step', () => {
    const developer = listed().find((d) => d.code === 'apertus/developer-role');
    expect(developer?.fix?.label).toBe('Make it the system message');
    expect(applyListedFix(developer?.key ?? '')).toBe(true);
    expect(record().messages[0]?.role).toBe('system');
    expect(listed().some((d) => d.code === 'apertus/developer-role')).toBe(false);
    undo();
    expect(record().messages[0]?.role).toBe('developer');
  });

  it('Fix all counts the fixes of a kind first, then applies them together, undone together', () => {
    expect(countOfKind(listed(), 'apertus/assistant-empty-string')).toBe(2);
    expect(applyAllOfKind('apertus/assistant-empty-string')).toHaveLength(2);
    expect([record().messages[2]?.content, record().messages[4]?.content]).toEqual([{ type: 'text', text: '' }, { type: 'text', text: '' }]);
    // The other kinds are left alone.
    expect(record().messages[0]?.role).toBe('developer');
    expect(useAppStore.temporal.getState().pastStates).toHaveLength(1);
    undo();
    expect([record().messages[2]?.content, record().messages[4]?.content]).toEqual([null, null]);
  });

  it('a fix of a diagnostic that is gone does nothing', () => {
    const developer = listed().find((d) => d.code === 'apertus/developer-role');
    useAppStore.getState().edit((draft) => {
      const first = (draft as Conversation).messages[0];
      if (first) first.role = 'user';
    });
    expect(applyListedFix(developer?.key ?? '')).toBe(false);
    expect(record().messages[0]?.role).toBe('user');
  });
});
