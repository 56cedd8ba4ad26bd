/**
 * The token rules' diagnostics a lengths row carries, so that the dataset's rows, filters,
 * summary and Alt+N count them: the same diagnostics `parley validate --rules --tokenizer`
 * gives (checkRecord with the record's token figures), and the tokenizer's own error when it
 * has no id for part of the render (the command's tokens/no-id).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { checkRecord, decodeRecordText, dialectContextOf, findFormat, type LintRules } from '../../../core/index.ts';
import { loadTokenizer } from '../../../core/tokens/load.ts';
import { asciiUnigram } from '../../../core/tokens/test-tokenizers.ts';
import { measurer } from './lengths-logic.ts';

const ascii = loadTokenizer({ tokenizer: asciiUnigram() }, 'ascii');
const line = (answer: string) => JSON.stringify({ messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: answer }] });

beforeAll(async () => {
  await findFormat('chatml')?.prepare?.();
});

describe('the token rules\' diagnostics of a lengths row', () => {
  const rules: LintRules = { maxTurns: { max: 5 }, maxTokens: { max: 250, severity: 'warning' }, minTrainedShare: { min: 0.9 } };
  const profile = { formatId: 'chatml', rules };

  it('are the token rules\' diagnostics of the record\'s full check with its tokens, worded as the rule words them', () => {
    const row = measurer(profile, ascii).text(line('x'.repeat(200)), 7);
    expect(row?.tokens).toBeGreaterThan(250);
    const tokens = { tokens: row?.tokens ?? 0, trained: row?.trained ?? 0 };
    const decoded = decodeRecordText(line('x'.repeat(200)), 7, dialectContextOf(profile));
    if (!decoded.ok) throw new Error('the line decodes');
    const withTokens = checkRecord({ record: decoded.record, readerDiagnostics: decoded.diagnostics }, profile, { tokens }).diagnostics;
    const without = checkRecord({ record: decoded.record, readerDiagnostics: decoded.diagnostics }, profile).diagnostics;
    const onlyWithTokens = withTokens.filter((d) => !without.some((w) => w.code === d.code && w.message === d.message)).map(({ source: _source, ...d }) => d);
    // The same diagnostics (in the rules' order: the full check sorts errors first).
    const byCode = (list: readonly { code: string }[] = []) => [...list].sort((a, b) => a.code.localeCompare(b.code));
    expect(byCode(row?.ruleDiagnostics)).toEqual(byCode(onlyWithTokens));
    expect(row?.ruleDiagnostics?.map((d) => [d.severity, d.code])).toEqual([
      ['warning', 'rules/maxTokens'],
      ['error', 'rules/minTrainedShare'],
    ]);
    expect(row?.ruleDiagnostics?.[0]?.message).toBe(`A record's render may have at most 250 tokens (maxTokens); this one has ${row?.tokens}.`);
    expect(row?.ruleCodes).toEqual(['rules/maxTokens', 'rules/minTrainedShare']);
  });

  it('are none for a record that keeps the rules', () => {
    const row = measurer({ formatId: 'chatml', rules: { maxTokens: { max: 100_000 } } }, ascii).text(line('ok'), 1);
    expect(row?.tokens).toBeGreaterThan(0);
    expect(row?.ruleDiagnostics).toBeUndefined();
  });

  it('say so when the tokenizer has no id for part of the render (the command\'s tokens/no-id error), and judge no token rule', () => {
    const row = measurer(profile, ascii).text(line('naïve'), 3);
    expect(row?.tokenError).toBeDefined();
    expect(row?.ruleDiagnostics).toEqual([{ severity: 'error', code: 'tokens/no-id', message: row?.tokenError }]);
  });

  it('are none without token rules, or without a tokenizer', () => {
    expect(measurer({ formatId: 'chatml', rules: { maxTurns: { max: 1 } } }, ascii).text(line('naïve'), 1)?.ruleDiagnostics).toBeUndefined();
    expect(measurer(profile, undefined).text(line('x'.repeat(300)), 1)?.ruleDiagnostics).toBeUndefined();
  });
});
