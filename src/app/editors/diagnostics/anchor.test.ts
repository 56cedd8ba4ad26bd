import { describe, expect, it } from 'vitest';
import { anchorPath } from './anchor.ts';

describe('anchorPath', () => {
  it.each([
    [[], []],
    [['messages'], ['messages']],
    [['messages', 3], ['messages', 3]],
    [['messages', 3, 'role'], ['messages', 3, 'role']],
    [['messages', 3, 'content'], ['messages', 3, 'content']],
    [['messages', 3, 'content', 'text'], ['messages', 3, 'content']],
    [['messages', 3, 'content', 'blocks'], ['messages', 3, 'content']],
    [['messages', 3, 'content', 'blocks', 1, 'type'], ['messages', 3, 'content', 'blocks', 1]],
    [['messages', 3, 'content', 'blocks', 1, 'calls', 0, 'arguments', 'city'], ['messages', 3, 'content', 'blocks', 1, 'calls', 0, 'arguments']],
    [['messages', 3, 'content', 'parts', 0, 'type'], ['messages', 3, 'content', 'parts', 0]],
    [['messages', 3, 'toolCalls'], ['messages', 3]],
    [['messages', 3, 'toolCalls', 1, 'type'], ['messages', 3, 'toolCalls', 1]],
    [['messages', 3, 'somethingElse'], ['messages', 3]],
    [['tools', 0, 'parameters', 'properties'], ['tools', 0, 'parameters']],
    [['messages', 1, 'thoughtFlags'], ['messages', 1, 'thoughtFlags']],
    [['messages', 0, 'thoughtFlags', 2], ['messages', 0, 'thoughtFlags']],
    [['files', 0, 'parts', 1, 'middle'], ['files', 0, 'parts', 1, 'middle']],
    [['options', 'bos'], []],
    // A training record's branch is a message list of its own (the branch editors show it).
    [['branches', 'rejected', 0, 'content', 'text'], ['branches', 'rejected', 0, 'content']],
    [['branches', 'chosen', 1, 'content', 'blocks', 0, 'text'], ['branches', 'chosen', 1, 'content', 'blocks', 0, 'text']],
    [['branches', 'chosen'], ['branches', 'chosen']],
    [['label'], ['label']],
  ] as const)('%j → %j', (path, anchor) => {
    expect(anchorPath(path)).toEqual(anchor);
  });
});
