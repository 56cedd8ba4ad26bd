/**
 * The token rules in the lengths pass: the measurer hands core's checkRules the record's token
 * figures and only the token rules, and keeps the codes of what they report. checkRules is
 * the rules engineer's (issue 21): here a stand-in that reports what it is given, so that this
 * test checks the wiring, not the rules.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Diagnostic, LintRules, ParleyRecord, TokenMeasure } from '../../../core/index.ts';

const calls: { rules: LintRules; tokens: TokenMeasure | undefined }[] = [];

vi.mock('../../../core/index.ts', async (original) => ({
  ...(await original<typeof import('../../../core/index.ts')>()),
  checkRules: (_record: ParleyRecord, rules: LintRules, tokens?: TokenMeasure): Diagnostic[] => {
    calls.push({ rules, tokens });
    return tokens && rules.maxTokens && tokens.tokens > rules.maxTokens.max ? [{ severity: 'error', code: 'rules/max-tokens', message: 'too long' }] : [];
  },
}));

const { findFormat } = await import('../../../core/index.ts');
const { loadTokenizer } = await import('../../../core/tokens/load.ts');
const { asciiUnigram } = await import('../../../core/tokens/test-tokenizers.ts');
const { measurer } = await import('./lengths-logic.ts');

const ascii = loadTokenizer({ tokenizer: asciiUnigram() }, 'ascii');

beforeAll(async () => {
  await findFormat('chatml')?.prepare?.();
});

describe('token rules in the lengths pass', () => {
  const line = (answer: string) => JSON.stringify({ messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: answer }] });
  const rules: LintRules = { maxTurns: { max: 5 }, maxTokens: { max: 250 } };

  it('judges only the token rules, on the record\'s token figures, and keeps the codes it breaks', () => {
    const measure = measurer({ formatId: 'chatml', rules }, ascii);
    const short = measure.text(line('ok'), 1);
    const long = measure.text(line('x'.repeat(200)), 2);
    expect(calls.map((call) => call.rules)).toEqual([{ maxTokens: { max: 250 } }, { maxTokens: { max: 250 } }]);
    expect(calls[0]?.tokens).toEqual({ tokens: short?.tokens, trained: short?.trained });
    // ChatML's default system message makes the short render ~170 characters (one ASCII token each), the long one 200 more.
    expect(short?.tokens).toBeLessThan(250);
    expect(long?.tokens).toBeGreaterThan(250);
    expect(short?.ruleCodes).toBeUndefined();
    expect(long?.ruleCodes).toEqual(['rules/max-tokens']);
  });

  it('measures a record already read (the one open in the editors) as its text measures', async () => {
    const { conversation, textMessage } = await import('../../../core/index.ts');
    const measure = measurer({ formatId: 'chatml', rules }, ascii);
    const record = conversation([textMessage('user', 'hi'), textMessage('assistant', 'x'.repeat(200))]);
    const fromRecord = measure.record(record);
    expect(fromRecord).toEqual(measure.text(line('x'.repeat(200)), 1));
    expect(fromRecord?.ruleCodes).toEqual(['rules/max-tokens']);
  });

  it('does not judge them without a tokenizer (no token figures)', () => {
    calls.length = 0;
    expect(measurer({ formatId: 'chatml', rules }, undefined).text(line('x'.repeat(200)), 1)?.ruleCodes).toBeUndefined();
    expect(calls).toEqual([]);
  });
});
