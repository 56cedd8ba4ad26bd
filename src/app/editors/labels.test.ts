import { describe, expect, it } from 'vitest';
import { actionLabel, fieldLabel } from './labels.ts';

describe('fieldLabel', () => {
  it.each([
    [['messages', 0, 'role'], 'Message 1 role'],
    [['messages', 2, 'content'], 'Message 3 content'],
    [['messages', 2, 'content', 'blocks', 1, 'calls', 0, 'arguments'], 'Message 3 block 2 tool call 1 arguments'],
    [['messages', 2, 'content', 'blocks', 0, 'kind'], 'Message 3 block 1 thought kind'],
    [['messages', 2, 'content', 'blocks', 2, 'outputs', 1, 'callId'], 'Message 3 block 3 tool output 2 call id'],
    [['messages', 4, 'toolCalls', 0, 'name'], 'Message 5 tool call 1 name'],
    [['messages', 1, 'content', 'parts', 0, 'text'], 'Message 2 part 1 text'],
    [['messages', 0, 'content', 'mapping'], 'Message 1 content mapping form'],
    [['messages', 3, 'toolCallId'], 'Message 4 tool call id'],
    [['tools', 0, 'parameters'], 'Tool 1 parameters'],
    [['files', 1, 'parts', 0, 'prefix'], 'File 2 part 1 FIM prefix'],
    [['messages', 0, 'thoughtFlags'], 'Message 1 thought flags'],
    [['messages', 0, 'thoughtFlags', 'reason'], 'Message 1 thought flag reason'],
    // The render's path of a flag token (its place in the list) names the whole control.
    [['messages', 0, 'thoughtFlags', 2], 'Message 1 thought flags'],
    // A training record's branches: the branch names its messages (docs/app.md, 'Training records').
    [['branches', 'chosen', 0, 'content'], 'Chosen message 1 content'],
    [['branches', 'rejected', 1, 'content', 'blocks', 0, 'text'], 'Rejected message 2 block 1 text'],
    [['branches', 'completion', 0, 'role'], 'Completion message 1 role'],
    [['branches', 'rejected'], 'Rejected messages'],
    [['label'], 'KTO label'],
  ] as const)('%j → %s', (path, label) => {
    expect(fieldLabel(path)).toBe(label);
  });
});

describe('actionLabel', () => {
  it('puts the verb first and keeps the label lower-case', () => {
    expect(actionLabel('Remove', ['messages', 2, 'content', 'blocks', 1])).toBe('Remove message 3 block 2');
    expect(actionLabel('Move', ['messages', 0], 'up')).toBe('Move message 1 up');
    expect(actionLabel('Delete', ['branches', 'rejected', 0])).toBe('Delete rejected message 1');
    expect(actionLabel('Split', ['files', 0, 'parts', 1], 'into FIM segment at cursor')).toBe('Split file 1 part 2 into FIM segment at cursor');
  });
});
