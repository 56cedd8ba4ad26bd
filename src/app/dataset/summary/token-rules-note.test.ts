import { describe, expect, it } from 'vitest';
import { tokenRulesNote, type TokenRulesInputs } from './token-rules-note.ts';

const base: TokenRulesInputs = { status: 'idle', done: 0, total: 0, message: undefined, tokenizerName: undefined, rules: { maxTokens: { max: 100 } } };

describe('the Validation summary\'s note on the token rules', () => {
  it('says nothing without token rules', () => {
    expect(tokenRulesNote({ ...base, rules: undefined }, false)).toBeUndefined();
    expect(tokenRulesNote({ ...base, rules: { maxTurns: { max: 2 } } }, false)).toBeUndefined();
  });

  it('says once that they were not checked when no tokenizer can count', () => {
    expect(tokenRulesNote(base, false)).toMatch(/^Token rules not checked: load a tokenizer/);
    expect(tokenRulesNote({ ...base, rules: { minTrainedShare: { min: 0.2 } }, status: 'done' }, false)).toMatch(/^Token rules not checked: load a tokenizer/);
  });

  it('follows the count of tokens, and names the tokenizer once done', () => {
    expect(tokenRulesNote({ ...base, status: 'measuring', done: 2000, total: 10000 }, true)).toBe('Token rules: counting tokens, 2,000 of 10,000 records.');
    expect(tokenRulesNote({ ...base, status: 'done', tokenizerName: 'Qwen3' }, true)).toBe('Token rules checked with Qwen3.');
    expect(tokenRulesNote({ ...base, status: 'failed', message: 'the tokenizer could not be read' }, true)).toBe('Token rules not checked for every record: the tokenizer could not be read.');
  });
});
