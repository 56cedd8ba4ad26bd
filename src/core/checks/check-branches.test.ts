import { describe, expect, it } from 'vitest';
import { applyFix } from '../fix/apply.ts';
import { conversation, textMessage, toolCall } from '../model/builders.ts';
import { formatPath } from '../model/path.ts';
import { checkRecord } from './check-record.ts';
import type { CheckProfile } from './profile.ts';
import type { Message } from '../model/types.ts';

const PROFILE: CheckProfile = { formatId: 'chatml', rules: { forbiddenText: { patterns: [{ text: 'why why why' }] }, lastRole: { roles: ['assistant'] } } };

describe('checkRecord of a training record with branches', () => {
  it('checks each branch as prompt plus branch, names branch messages by their branch and a prompt problem once', () => {
    const record = conversation([textMessage('user', 'Tell me why why why.')]);
    record.branches = { chosen: [textMessage('assistant', 'Because.')], rejected: [textMessage('assistant', 'No.'), textMessage('user', 'Hm?')] };
    const check = checkRecord({ record }, PROFILE);
    const where = check.diagnostics.map((d) => `${d.code} ${formatPath(d.path ?? [])}`);
    // The forbidden text is in the shared prompt: once, at its place in the prompt.
    expect(where.filter((w) => w.includes('messages[0]'))).toHaveLength(1);
    // Only the rejected branch ends with a user turn: named in that branch.
    expect(where.some((w) => w.includes('branches.rejected[1]'))).toBe(true);
    expect(where.some((w) => w.includes('chosen'))).toBe(false);
    expect(check.diagnostics.every((d) => !d.message.startsWith('messages[2]'))).toBe(true);
  });

  it('checks a prompt-completion record as the prompt followed by its completion', () => {
    const record = conversation([textMessage('user', 'Hi')]);
    record.branches = { completion: [textMessage('user', 'Hello')] };
    const where = checkRecord({ record }, PROFILE).diagnostics.map((d) => formatPath(d.path ?? []));
    expect(where).toContain('branches.completion[0].role');
  });
});

describe('the fixes of a branch', () => {
  it('carry the record’s paths, so that applying one to the record repairs that branch', () => {
    const record = conversation([textMessage('user', 'Weather?')]);
    const call: Message = { id: 'm-call', role: 'assistant', toolCalls: [toolCall('weather', '{}', { callId: 'c1' })] };
    record.branches = { chosen: [textMessage('assistant', 'Sunny.')], rejected: [call] };
    const check = checkRecord({ record }, { formatId: 'apertus' });
    const withFix = check.diagnostics.find((d) => d.fix !== undefined && formatPath(d.path ?? []).startsWith('branches.rejected[0]'));
    expect(withFix?.fix?.edit.every((op) => op.path[0] === 'branches')).toBe(true);
    const fixed = applyFix(record, withFix!.fix!);
    expect(fixed?.kind === 'chat' && fixed.branches?.rejected?.[0]).not.toEqual(call);
    expect(fixed?.kind === 'chat' && fixed.messages).toEqual(record.messages);
  });
});
