import { describe, expect, it } from 'vitest';
import { conversation, textMessage, type Conversation, type Message } from '../../core/model/index.ts';
import { adoptIds, mergeParsed, sameContent } from './merge-parsed.ts';

/** What a view's parse gives: the same content, fresh ids, none of the record's extras. */
function reparse(record: Conversation): Conversation {
  return conversation(record.messages.map((m) => textMessage(m.role, m.content?.type === 'text' ? m.content.text : '')));
}

function withText(record: Conversation, index: number, text: string): Conversation {
  return { ...record, messages: record.messages.map((m, i) => (i === index ? textMessage(m.role, text) : textMessage(m.role, m.content?.type === 'text' ? m.content.text : ''))) };
}

const ours: Conversation = {
  ...conversation([textMessage('system', 'Be brief.'), textMessage('user', 'Hi'), textMessage('assistant', 'Hello')]),
  extra: { model: 'gpt' },
};
(ours.messages[1] as Message).extra = { cache: true };
(ours.messages[2] as Message & { openaiChatShape?: object }).openaiChatShape = { nullContent: true };

describe('sameContent', () => {
  it('ignores ids of model objects but not ids inside opaque data', () => {
    expect(sameContent(textMessage('user', 'a'), textMessage('user', 'a'))).toBe(true);
    expect(sameContent(textMessage('user', 'a'), textMessage('user', 'b'))).toBe(false);
    expect(sameContent({ ...textMessage('user', 'a'), extra: { id: 1 } }, { ...textMessage('user', 'a'), extra: { id: 2 } })).toBe(false);
    expect(sameContent({ a: undefined }, {})).toBe(true);
  });
});

describe('mergeParsed', () => {
  it('returns the record itself when the typed text parses to what the view showed', () => {
    expect(mergeParsed(reparse(ours), ours, reparse(ours))).toBe(ours);
  });

  it('takes the changed field and keeps everything else, ids, extras and shape notes included', () => {
    const merged = mergeParsed(reparse(ours), ours, withText(ours, 1, 'Hi there'));
    expect(merged).not.toBe(ours);
    expect(merged.extra).toBe(ours.extra);
    expect(merged.messages[0]).toBe(ours.messages[0]);
    expect(merged.messages[2]).toBe(ours.messages[2]);
    expect(merged.messages[1]).toEqual({ id: ours.messages[1]?.id, role: 'user', content: { type: 'text', text: 'Hi there' }, extra: { cache: true } });
  });

  it('keeps the ids of the other messages when one is inserted or deleted', () => {
    const inserted = reparse(ours);
    inserted.messages.splice(1, 0, textMessage('user', 'new'));
    const merged = mergeParsed(reparse(ours), ours, inserted);
    expect(merged.messages.map((m) => m.id)).toEqual([ours.messages[0]?.id, inserted.messages[1]?.id, ours.messages[1]?.id, ours.messages[2]?.id]);
    expect(merged.messages[2]).toBe(ours.messages[1]);

    const deleted = reparse(ours);
    deleted.messages.splice(0, 1);
    expect(mergeParsed(reparse(ours), ours, deleted).messages).toEqual([ours.messages[1], ours.messages[2]]);
  });

  it('keeps ids by position when content changes kind, and takes theirs when the parse does not line up', () => {
    const blocks: Conversation = conversation([{ id: 'x', role: 'assistant', content: { type: 'blocks', blocks: [{ id: 'b1', type: 'response', text: 'a' }] } }]);
    const theirs = conversation([{ id: 'y', role: 'assistant', content: { type: 'blocks', blocks: [{ id: 'b2', type: 'response', text: 'b' }, { id: 'b3', type: 'thoughts', text: 't' }] } }]);
    const merged = mergeParsed(blocks, blocks, theirs);
    expect(merged.messages[0]?.id).toBe('x');
    expect(merged.messages[0]?.content).toEqual({ type: 'blocks', blocks: [{ id: 'b1', type: 'response', text: 'b' }, { id: 'b3', type: 'thoughts', text: 't' }] });

    const shorterBase = conversation([textMessage('user', 'only')]);
    const lined = mergeParsed(shorterBase, ours, withText(ours, 0, 'x'));
    expect(lined.messages.map((m) => m.id)).toEqual(ours.messages.map((m) => m.id));
    expect(lined.messages[1]?.extra).toBeUndefined();
  });
});

describe('adoptIds', () => {
  it('copies ids only between objects of the same kind', () => {
    const ours = { id: 'a', type: 'response', text: 'x' };
    expect(adoptIds(ours, { id: 'b', type: 'response', text: 'y' })).toEqual({ id: 'a', type: 'response', text: 'y' });
    expect(adoptIds(ours, { id: 'b', type: 'thoughts', text: 'y' })).toEqual({ id: 'b', type: 'thoughts', text: 'y' });
  });
});
