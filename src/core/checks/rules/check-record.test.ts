/** The rules through checkRecord, with a profile that holds them: the path every caller takes. */
import { beforeAll, describe, expect, it } from 'vitest';
import { findFormat, loadFormat } from '../../formats/registry.ts';
import { conversation, textMessage } from '../../model/builders.ts';
import { measureTokens } from '../../tokens/measure.ts';
import { shippedTokenizer } from '../../tokens/test-tokenizers.ts';
import { checkRecord } from '../check-record.ts';
import type { CheckProfile } from '../profile.ts';
import { parseLintRules } from './schema.ts';

beforeAll(async () => {
  await loadFormat('chatml');
});

/** A record every format accepts: the format and the structural checks say nothing of it. */
const record = conversation([textMessage('system', 'Be brief.'), textMessage('user', 'Hi'), textMessage('assistant', 'As an AI language model, hello.')]);

function rules(text: string): NonNullable<CheckProfile['rules']> {
  const parsed = parseLintRules(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.rules;
}

describe('checkRecord with rules', () => {
  it("adds the rules' diagnostics, tagged with their source, counted, errors first in document order", () => {
    const profile: CheckProfile = {
      formatId: 'chatml',
      rules: rules('{"forbiddenText": {"patterns": [{"text": "As an AI"}], "severity": "warning"}, "lastRole": {"roles": ["user"]}, "systemMessage": {"require": "forbidden"}}'),
    };
    const check = checkRecord({ record }, profile, { once: true });
    expect(check.diagnostics.filter((d) => d.source !== 'rules')).toEqual([]);
    expect(check.diagnostics.map(({ code, severity, path, source }) => ({ code, severity, path, source }))).toEqual([
      { code: 'rules/systemMessage', severity: 'error', path: ['messages', 0, 'role'], source: 'rules' },
      { code: 'rules/lastRole', severity: 'error', path: ['messages', 2, 'role'], source: 'rules' },
      { code: 'rules/forbiddenText', severity: 'warning', path: ['messages', 2, 'content'], source: 'rules' },
    ]);
    expect({ errors: check.errors, warnings: check.warnings, codes: check.codes }).toEqual({ errors: 2, warnings: 1, codes: ['rules/systemMessage', 'rules/lastRole', 'rules/forbiddenText'] });
  });

  it('without rules in the profile, or with rules the record meets, adds nothing', () => {
    expect(checkRecord({ record }, { formatId: 'chatml' }, { once: true }).diagnostics).toEqual([]);
    expect(checkRecord({ record }, { formatId: 'chatml', rules: rules('{"allowedRoles": {"roles": ["system", "user", "assistant"]}, "maxTurns": {"max": 1}}') }, { once: true }).diagnostics).toEqual([]);
  });

  it("judges the token rules on the render's tokens measured with the format's tokenizer, and only then", () => {
    const format = findFormat('chatml')!; // prepared by beforeAll
    const rendered = format.render(record, undefined, { spans: true, text: true });
    const tokens = measureTokens(shippedTokenizer('qwen3'), record, rendered);
    // The user's and the system's text are not trained, the assistant's is: 0 < trained < tokens.
    expect(tokens.trained).toBeGreaterThan(0);
    expect(tokens.trained).toBeLessThan(tokens.tokens);
    const budget = (max: number, min: number): CheckProfile => ({ formatId: 'chatml', rules: rules(JSON.stringify({ maxTokens: { max }, minTrainedShare: { min } })) });
    expect(checkRecord({ record }, budget(tokens.tokens, 0), { once: true, tokens }).diagnostics).toEqual([]);
    const over = checkRecord({ record }, budget(tokens.tokens - 1, 1), { once: true, tokens }).diagnostics;
    expect(over.map((d) => d.code)).toEqual(['rules/maxTokens', 'rules/minTrainedShare']);
    expect(over[0]!.message).toContain(`this one has ${tokens.tokens}.`);
    // Without token figures the token rules say nothing (no tokenizer chosen).
    expect(checkRecord({ record }, budget(1, 1), { once: true }).diagnostics).toEqual([]);
  });
});
