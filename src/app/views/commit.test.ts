import { beforeEach, describe, expect, it } from 'vitest';
import { conversation, textMessage, type Conversation } from '../../core/index.ts';
import { renderState, useAppStore } from '../store/index.ts';
import { commitTextReadBack } from './commit.ts';
import { readTokenText, tokenTextBase } from './token-text.ts';

const options = { date: '2025-08-25' };

function preference(): Conversation {
  return { ...conversation([textMessage('user', 'The sky is')]), branches: { chosen: [textMessage('assistant', ' blue.')], rejected: [textMessage('assistant', ' green.')] } };
}

function textOf(message: { content?: unknown } | undefined): unknown {
  return (message?.content as { text?: string } | undefined)?.text;
}

describe('commitTextReadBack', () => {
  beforeEach(() => {
    useAppStore.setState({ record: preference(), formatId: 'apertus', formatOptions: { apertus: options } });
  });

  it('writes an edit of the shown branch\'s text back to that branch, the prompt and the other branch kept', () => {
    const state = useAppStore.getState();
    const typed = renderState(state).text.replace(' blue.', ' azure.');
    const read = readTokenText(typed, 'apertus', options);
    expect(read.record).toBeDefined();
    expect(commitTextReadBack(read.record as Conversation, tokenTextBase(state))).toBe(true);
    const record = useAppStore.getState().record as Conversation;
    expect(record.messages.map(textOf)).toEqual(['The sky is']);
    expect(record.branches?.chosen?.map(textOf)).toEqual([' azure.']);
    expect(record.branches?.rejected?.map(textOf)).toEqual([' green.']);
  });

  it('writes an edit of the prompt in the text to the shared prompt', () => {
    const state = useAppStore.getState();
    const typed = renderState(state).text.replace('The sky is', 'The sea is');
    const read = readTokenText(typed, 'apertus', options);
    expect(commitTextReadBack(read.record as Conversation, tokenTextBase(state))).toBe(true);
    const record = useAppStore.getState().record as Conversation;
    expect(record.messages.map(textOf)).toEqual(['The sea is']);
    expect(record.branches?.chosen?.map(textOf)).toEqual([' blue.']);
    expect(record.branches?.rejected?.map(textOf)).toEqual([' green.']);
  });
});
