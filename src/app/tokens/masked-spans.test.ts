import { describe, expect, it } from 'vitest';
import { blocksMessage, conversation, response, textMessage, thoughts, type Conversation } from '../../core/index.ts';
import { renderState } from '../store/index.ts';
import { maskedRender } from './masked-spans.ts';

describe('maskedRender of a training record', () => {
  it('applies "last turn only" to the branch shown as the conversation it trains: the completion, not the prompt\'s earlier answer', () => {
    const record: Conversation = {
      ...conversation([textMessage('user', 'Q1'), textMessage('assistant', 'Earlier answer'), textMessage('user', 'Q2')]),
      branches: { chosen: [textMessage('assistant', 'Chosen answer')], rejected: [textMessage('assistant', 'Rejected answer')] },
    };
    const state = { record, formatId: 'apertus', formatOptions: { apertus: { date: '2025-08-25' } } };
    const rendered = renderState(state);
    const spans = maskedRender({ record, trainingMask: { turns: 'last', thoughtsAndTools: true, messages: {} } }, rendered);
    const at = (text: string) => spans.find((s) => s.start <= rendered.text.indexOf(text) && s.end > rendered.text.indexOf(text));
    expect(at('Earlier answer')?.trainable).toBe(false);
    expect(at('Chosen answer')?.trainable).toBe(true);
    // The paths stay the record's (the preview's clicks land on the branch's fields).
    expect(at('Chosen answer')?.path.slice(0, 2)).toEqual(['branches', 'chosen']);
  });

  it('leaves the thoughts of the completion shown untrained when thoughts and tool calls are not trained', () => {
    const record: Conversation = {
      ...conversation([textMessage('user', 'Q')]),
      branches: { chosen: [blocksMessage([thoughts('Let me think'), response('Chosen answer')])], rejected: [textMessage('assistant', 'No')] },
    };
    const state = { record, formatId: 'apertus', formatOptions: { apertus: { date: '2025-08-25' } } };
    const rendered = renderState(state);
    const spans = maskedRender({ record, trainingMask: { turns: 'all', thoughtsAndTools: false, messages: {} } }, rendered);
    const at = (text: string) => spans.find((s) => s.start <= rendered.text.indexOf(text) && s.end > rendered.text.indexOf(text));
    expect(at('Let me think')?.trainable).toBe(false);
    expect(at('Chosen answer')?.trainable).toBe(true);
  });
});
