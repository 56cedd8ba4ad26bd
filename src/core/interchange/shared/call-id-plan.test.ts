import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../model/diagnostic.ts';
import type { Conversation, ToolCall } from '../../model/types.ts';
import { GENERATED_CALL_ID, planCallIds, type Result } from './call-id-plan.ts';

// A tool message that answers the only call of its turn, then one that has nothing left to answer.
const CONVERSATION: Conversation = {
  kind: 'chat',
  tools: [],
  messages: [
    { id: 'm0', role: 'user', content: { type: 'text', text: 'Weather?' } },
    { id: 'm1', role: 'assistant', toolCalls: [{ id: 'c1', callId: 'abc', name: 'get_weather', arguments: '{}' }] },
    { id: 'm2', role: 'tool', content: { type: 'text', text: '12' } },
    { id: 'm3', role: 'tool', content: { type: 'text', text: '13' } },
  ],
};
const [, assistant, answered, orphan] = CONVERSATION.messages as [unknown, { toolCalls: ToolCall[] }, Result, Result];
const REQUIRED = { code: 'x/missing', requires: 'X requires result_id' };

describe('requiredResultId', () => {
  it('gives the id of the call a result answers, and warns at the id field of a result left without one', () => {
    const out: Diagnostic[] = [];
    const plan = planCallIds(CONVERSATION, { generate: true, target: 'X', out, required: REQUIRED });
    expect(plan.callOf(answered)).toBe(assistant.toolCalls[0]);
    expect(plan.requiredResultId(answered, ['messages', 2])).toBe('abc');
    expect(plan.requiredResultId(orphan, ['messages', 3])).toBeUndefined();
    const warnings = out.filter((d) => d.code !== GENERATED_CALL_ID);
    expect(warnings).toEqual([
      { severity: 'warning', code: 'x/missing', path: ['messages', 3, 'toolCallId'], message: 'messages[3]: the tool result names no call, and no call of its turn is left to pair it with; X requires result_id.' },
    ]);
  });

  it('does not warn for a result whose id the source lacked on purpose, nor without a requirement', () => {
    const kept: Diagnostic[] = [];
    planCallIds(CONVERSATION, { generate: true, target: 'X', out: kept, required: REQUIRED, keepsMissing: (node) => node === orphan }).requiredResultId(orphan, ['messages', 3]);
    expect(kept.filter((d) => d.code === 'x/missing')).toEqual([]);
    const free: Diagnostic[] = [];
    expect(planCallIds(CONVERSATION, { generate: true, target: 'X', out: free }).requiredResultId(orphan, ['messages', 3])).toBeUndefined();
    expect(free.filter((d) => d.severity === 'warning')).toEqual([]);
  });
});
