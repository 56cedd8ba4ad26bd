import { describe, expect, it } from 'vitest';
import { blocksMessage, conversation, documentFile, documentRecord, fimPart, partsMessage, response, textMessage, textPart, thoughts, toolCall, toolCalls } from '../../model/builders.ts';
import { checkRules } from './index.ts';
import type { LintRules } from './types.ts';

const AS_AN_AI = { forbiddenText: { patterns: [{ text: 'As an AI language model' }] } } satisfies LintRules;

describe('forbiddenText', () => {
  it('finds a plain text in a message, case-sensitive, and names the field and the character', () => {
    const record = conversation([textMessage('user', 'Hi'), textMessage('assistant', 'Well, As an AI language model, I cannot.'), textMessage('assistant', 'as an ai language model')]);
    expect(checkRules(record, AS_AN_AI)).toEqual([
      { severity: 'error', code: 'rules/forbiddenText', message: 'No message may contain "As an AI language model" (forbiddenText); messages[1].content has it at character 7.', path: ['messages', 1, 'content'] },
    ]);
  });

  it('finds a regular expression with its flags, and quotes what it matched', () => {
    const record = conversation([textMessage('assistant', 'Sure. As an ai, I would say no.')]);
    const rules: LintRules = { forbiddenText: { patterns: [{ regex: '\\bas an ai\\b', flags: 'i' }] } };
    expect(checkRules(record, rules)).toEqual([
      { severity: 'error', code: 'rules/forbiddenText', message: 'No message may match /\\bas an ai\\b/i (forbiddenText); messages[0].content has "As an ai" at character 7.', path: ['messages', 0, 'content'] },
    ]);
  });

  it('looks in parts, thoughts, responses and tool-call arguments, one diagnostic per field and pattern', () => {
    const record = conversation([
      partsMessage('user', [textPart('fine'), textPart('BAD one')]),
      blocksMessage([thoughts('BAD thought'), toolCalls([toolCall('f', '{"q": "BAD"}')]), response('BAD BAD')]),
    ]);
    const found = checkRules(record, { forbiddenText: { patterns: [{ text: 'BAD' }, { regex: 'B.D' }] } });
    expect(found.map((d) => d.path)).toEqual([
      ['messages', 0, 'content', 'parts', 1, 'text'],
      ['messages', 0, 'content', 'parts', 1, 'text'],
      ['messages', 1, 'content', 'blocks', 0, 'text'],
      ['messages', 1, 'content', 'blocks', 0, 'text'],
      ['messages', 1, 'content', 'blocks', 1, 'calls', 0, 'arguments'],
      ['messages', 1, 'content', 'blocks', 1, 'calls', 0, 'arguments'],
      ['messages', 1, 'content', 'blocks', 2, 'text'],
      ['messages', 1, 'content', 'blocks', 2, 'text'],
    ]);
  });

  it('with roles, looks only in messages of those roles', () => {
    const record = conversation([textMessage('user', 'As an AI language model, answer.'), textMessage('assistant', 'As an AI language model, no.')]);
    expect(checkRules(record, { forbiddenText: { ...AS_AN_AI.forbiddenText, roles: ['assistant'], severity: 'warning' } })).toEqual([
      { severity: 'warning', code: 'rules/forbiddenText', message: 'No "assistant" message may contain "As an AI language model" (forbiddenText); messages[1].content has it at character 1.', path: ['messages', 1, 'content'] },
    ]);
  });

  it('looks in the parts of a document record when no roles are given (a document has none)', () => {
    const record = documentRecord([documentFile([textPart('ok'), fimPart('a', 'TODO', 'b')])]);
    expect(checkRules(record, { forbiddenText: { patterns: [{ text: 'TODO' }] } }).map((d) => d.path)).toEqual([['files', 0, 'parts', 1, 'middle']]);
    expect(checkRules(record, { forbiddenText: { patterns: [{ text: 'TODO' }], roles: ['user'] } })).toEqual([]);
  });

  it('a pattern that cannot run (rules not read through parseLintRules) is reported once, never thrown', () => {
    const record = conversation([textMessage('user', 'aaaa')]);
    expect(checkRules(record, { forbiddenText: { patterns: [{ regex: '(a+)\\1' }, { text: 'aa' }] } })).toEqual([
      expect.objectContaining({ code: 'rules/forbiddenText', message: expect.stringMatching(/^The forbidden pattern \/\(a\+\)\\1\/ cannot be used \(forbiddenText\): backreferences/) }),
      expect.objectContaining({ path: ['messages', 0, 'content'] }),
    ]);
  });

  it('a search stopped by its step budget is reported at the field, not passed in silence', () => {
    const record = conversation([textMessage('assistant', 'ab '.repeat(10_000))]);
    expect(checkRules(record, { forbiddenText: { patterns: [{ regex: '(?:.*){600}x' }], severity: 'warning' } })).toEqual([
      {
        severity: 'warning',
        code: 'rules/forbiddenText',
        message: expect.stringMatching(/^The forbidden pattern \/\(\?:\.\*\)\{600\}x\/ was stopped after [\d,]+ steps \(100 a character\) in messages\[0\]\.content \(forbiddenText\): that text was not searched to its end; a simpler pattern is searched whole\.$/),
        path: ['messages', 0, 'content'],
      },
    ]);
  });

  it('never hangs on a pattern that takes JavaScript exponential time', () => {
    const record = conversation([textMessage('assistant', `${'a'.repeat(100_000)}!`)]);
    const began = performance.now();
    expect(checkRules(record, { forbiddenText: { patterns: [{ regex: '(a+)+$' }] } })).toEqual([]);
    expect(performance.now() - began).toBeLessThan(5_000);
  });
});
