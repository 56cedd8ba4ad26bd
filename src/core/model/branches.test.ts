import { describe, expect, it } from 'vitest';
import { conversation, textMessage } from './builders.ts';
import { branchNamesOf, branchPath, branchRecord, isPreferenceRecord, promptEnd, trainingKindOf, wholeRecord, withBranch } from './branches.ts';
import type { Conversation } from './types.ts';

function preference(): Conversation {
  const record = conversation([textMessage('system', 'Be brief.'), textMessage('user', 'Sky colour?')]);
  record.branches = { chosen: [textMessage('assistant', 'Blue.')], rejected: [textMessage('assistant', 'Green.')] };
  return record;
}

describe('branches of a training record', () => {
  it('gives a branch as the prompt followed by that branch, with no branches left', () => {
    const record = preference();
    const chosen = branchRecord(record, 'chosen');
    expect(chosen.messages.map((m) => m.content)).toEqual([
      { type: 'text', text: 'Be brief.' },
      { type: 'text', text: 'Sky colour?' },
      { type: 'text', text: 'Blue.' },
    ]);
    expect(chosen.branches).toBeUndefined();
    expect(branchRecord(record, 'rejected').messages[2]?.content).toEqual({ type: 'text', text: 'Green.' });
    // Pure: the record keeps its two-message prompt.
    expect(record.messages).toHaveLength(2);
  });

  it('tells what the record is for from its branches', () => {
    expect(trainingKindOf(preference())).toBe('preference');
    expect(isPreferenceRecord(preference())).toBe(true);
    const completion = conversation([textMessage('user', 'Hi')]);
    completion.branches = { completion: [textMessage('assistant', 'Hello')] };
    expect(trainingKindOf(completion)).toBe('prompt-completion');
    expect(branchNamesOf(completion)).toEqual(['completion']);
    expect(trainingKindOf({ ...completion, label: false })).toBe('unpaired-preference');
    expect(trainingKindOf(conversation([textMessage('user', 'Hi')]))).toBeUndefined();
    expect(wholeRecord(completion)).toMatchObject({ messages: [{ role: 'user' }, { role: 'assistant' }] });
  });

  it('puts an edited branch back: the prompt part edits the shared prompt, the rest the branch', () => {
    const record = preference();
    const edited = branchRecord(record, 'rejected');
    const extra = textMessage('user', 'Are you sure?');
    const next = withBranch(record, 'rejected', {
      ...edited,
      messages: [edited.messages[0]!, { ...edited.messages[1]!, content: { type: 'text', text: 'Sky colour, please?' } }, edited.messages[2]!, extra, textMessage('assistant', 'Yes.')],
    });
    expect(next.messages.map((m) => m.content)).toEqual([
      { type: 'text', text: 'Be brief.' },
      { type: 'text', text: 'Sky colour, please?' },
    ]);
    expect(next.branches?.rejected?.map((m) => m.role)).toEqual(['assistant', 'user', 'assistant']);
    expect(next.branches?.chosen).toBe(record.branches?.chosen);
    expect(next.branches?.rejected?.[1]).toBe(extra);
  });

  it('a message added right after the prompt belongs to the branch; deleted prompt messages leave the prompt', () => {
    const record = preference();
    const [system, user, answer] = branchRecord(record, 'chosen').messages;
    const added = textMessage('assistant', 'Thinking…');
    expect(promptEnd(record, [system!, user!, added, answer!])).toBe(2);
    expect(promptEnd(record, [system!, added, answer!])).toBe(1);
    const next = withBranch(record, 'chosen', conversation([user!, added, answer!]));
    expect(next.messages).toEqual([user]);
    expect(next.branches?.chosen).toEqual([added, answer]);
  });

  it('keeps the label and names a branch message by its place in the branch', () => {
    const record = { ...preference(), label: true };
    expect(withBranch(record, 'chosen', branchRecord(record, 'chosen')).label).toBe(true);
    expect(branchPath(record, 'chosen', ['messages', 2, 'content'])).toEqual(['branches', 'chosen', 0, 'content']);
    expect(branchPath(record, 'rejected', ['messages', 1, 'content'])).toEqual(['messages', 1, 'content']);
    expect(branchPath(record, 'rejected', ['tools', 0])).toEqual(['tools', 0]);
  });
});
