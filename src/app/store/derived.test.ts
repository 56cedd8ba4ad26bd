import { describe, expect, it } from 'vitest';
import { blocksMessage, conversation, textMessage, toolCall, toolCalls, type OptionValues } from '../../core/index.ts';
import { renderState, validationState } from './derived.ts';

const formatOptions: Record<string, OptionValues> = { apertus: { date: '2025-08-25' } };

describe('renderState and validationState', () => {
  it('list a problem that the format and validateRecord both report once, as validateRecord has it', () => {
    const record = conversation([textMessage('user', 'Q'), blocksMessage([toolCalls([toolCall('f', '{"a": }')])])]);
    const state = { record, formatId: 'apertus', formatOptions };
    const path = ['messages', 1, 'content', 'blocks', 0, 'calls', 0, 'arguments'];
    const all = [...renderState(state).diagnostics, ...validationState(state)].filter((d) => d.code === 'tool-call/arguments-syntax');
    expect(all.map((d) => [d.severity, d.path])).toEqual([['error', path]]);
    // The text is the format's, untouched.
    expect(renderState(state).text).toContain('[{"f": {"a": }}]');
  });

  it('keep the format diagnostics that validateRecord does not make', () => {
    const record = conversation([textMessage('assistant', 'A', { toolCalls: [toolCall('f', '{}', { typeMissing: true })] })]);
    const state = { record, formatId: 'apertus', formatOptions };
    expect(renderState(state).diagnostics.map((d) => d.code)).toEqual(['apertus/legacy-call-type']);
  });
});
