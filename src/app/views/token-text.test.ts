import { beforeEach, describe, expect, it } from 'vitest';
import { conversation, findFormat, rwkvFormat, textMessage, type Conversation } from '../../core/index.ts';
import { clearHistory, undo, useAppStore } from '../store/index.ts';
import { commitReadBack, VIEW_COALESCE_KEYS } from './commit.ts';
import { readTokenText, readTypedTokenText, tokenTextBase } from './token-text.ts';

const start: Conversation = {
  ...conversation([textMessage('user', 'Weather in Bern?'), textMessage('assistant', 'Sunny.')]),
  extra: { model: 'gpt-4o' },
};

function messages(): Conversation['messages'] {
  const record = useAppStore.getState().record;
  return record.kind === 'chat' ? record.messages : [];
}

beforeEach(() => {
  useAppStore.getState().loadRecord(start);
  useAppStore.getState().setFormat('rwkv');
  clearHistory();
});

describe('readTokenText', () => {
  it('reads text of the format back into a record', () => {
    const read = readTokenText('<<USER>>\nHi\n<<USER_END>>', 'rwkv', {});
    expect(read.record?.kind).toBe('chat');
    expect(read.problems).toEqual([]);
  });

  it('gives no record, and problems placed in the text, when the text does not parse', () => {
    const text = '<<USER>>\nHi\n<<USER_END>>\n\n<<ASSISTANT>>\nno end';
    const read = readTokenText(text, 'rwkv', {});
    expect(read.record).toBeUndefined();
    const placed = read.problems.find((p) => p.range);
    expect(placed?.diagnostic.severity).toBe('error');
    expect(placed!.range!.start).toBeGreaterThan(text.indexOf('<<ASSISTANT>>') - 1);
  });

  it('reports an unknown format', () => {
    expect(readTokenText('x', 'nope', {}).problems[0]?.diagnostic.code).toBe('unknown-format');
  });
});

describe('reading an edit of the token text into the store', () => {
  it('changes only the edited message, keeps ids and unknown fields, and is one undo step', () => {
    const typed = rwkvFormat.render(start).text.replace('Sunny.', 'Rainy.');
    const read = readTokenText(typed, 'rwkv', {});
    expect(commitReadBack(read.record!, tokenTextBase(useAppStore.getState()), VIEW_COALESCE_KEYS.text)).toBe(true);
    const record = useAppStore.getState().record as Conversation;
    expect(record.extra).toEqual({ model: 'gpt-4o' });
    expect(messages()[0]).toBe(start.messages[0]);
    expect(messages()[1]).toMatchObject({ id: start.messages[1]?.id, content: { type: 'text', text: 'Rainy.' } });
    // More typing in the same burst is the same undo step.
    const more = readTokenText(typed.replace('Rainy.', 'Rainy!'), 'rwkv', {});
    commitReadBack(more.record!, tokenTextBase(useAppStore.getState()), VIEW_COALESCE_KEYS.text);
    expect(useAppStore.temporal.getState().pastStates).toHaveLength(1);
    undo();
    expect(useAppStore.getState().record).toBe(start);
  });

  it('changes nothing when the text reads back as the record', () => {
    const read = readTokenText(rwkvFormat.render(start).text, 'rwkv', {});
    expect(commitReadBack(read.record!, tokenTextBase(useAppStore.getState()), VIEW_COALESCE_KEYS.text)).toBe(false);
    expect(useAppStore.getState().record).toBe(start);
  });
});

describe('options the token text implies', () => {
  it('are noted only where they differ from the toolbar’s', () => {
    const apertus = { ...conversation([textMessage('user', 'Hi'), textMessage('assistant', 'Hello')]) };
    useAppStore.getState().loadRecord(apertus);
    useAppStore.getState().setFormat('apertus', { date: '2024-01-02' });
    const state = useAppStore.getState();
    const text = tokenTextRender();
    expect(readTokenText(text, 'apertus', state.formatOptions['apertus']).problems).toEqual([]);
    expect(text.startsWith('<s>')).toBe(true);
    const notes = readTokenText(`<bos>${text.slice(3)}`, 'apertus', state.formatOptions['apertus']).problems;
    expect(notes.map((p) => p.diagnostic)).toEqual([{ severity: 'info', code: 'view/option-differs', message: expect.stringContaining('"<bos>"; the toolbar has "<s>"') }]);
  });
});

function tokenTextRender(): string {
  const state = useAppStore.getState();
  return findFormat(state.formatId)!.render(state.record, state.formatOptions[state.formatId]).text;
}

describe('tokenTextBase within a burst of typing', () => {
  it('takes the parse of the text just typed as the next base when the store renders that text (no second parse)', () => {
    const format = findFormat('rwkv');
    if (!format) throw new Error('rwkv is registered');
    const state = () => useAppStore.getState();
    const options = state().formatOptions['rwkv'];
    const typed = format.render(conversation([textMessage('user', 'Weather in Basel?'), textMessage('assistant', 'Sunny.')]), options).text;
    const read = readTypedTokenText(typed, 'rwkv', options);
    expect(read.record).toBeDefined();
    commitReadBack(read.record!, tokenTextBase(state()), VIEW_COALESCE_KEYS.text);
    expect(messages()[0]?.content).toMatchObject({ text: 'Weather in Basel?' });
    // The store now renders exactly the typed text: its base is the record read from it, not a new parse.
    expect(tokenTextBase(state())).toBe(read.record);
    // A record rendered differently is parsed as before.
    state().loadRecord(start);
    expect(tokenTextBase(state())).not.toBe(read.record);
  });
});
