import { describe, expect, it } from 'vitest';
import { conversation, textMessage, type Conversation } from '../../core/index.ts';
import { dialectBase, dialectText, readDialectText } from './json-text.ts';
import { mergeParsed } from './merge-parsed.ts';

const record: Conversation = conversation([textMessage('system', 'Be brief.'), { ...textMessage('user', 'Hi'), name: 'alice' }]);

describe('the JSON view text', () => {
  it('is the dialect’s JSON, with what it cannot hold', () => {
    const anthropic = dialectText(record, 'anthropic');
    expect(JSON.parse(anthropic.text)).toEqual({ system: 'Be brief.', messages: [{ role: 'user', content: 'Hi' }] });
    expect(anthropic.losses.map((d) => d.code)).toContain('lost-in-conversion');
    expect(dialectText(record, 'openai-chat').losses).toEqual([]);
  });

  it('reads edited JSON back, and merging keeps what the dialect cannot hold', () => {
    const text = dialectText(record, 'anthropic').text.replace('"Hi"', '"Hello"');
    const read = readDialectText(text, 'anthropic');
    const merged = mergeParsed(dialectBase(record, 'anthropic'), record, read.record!);
    expect(merged.kind === 'chat' && merged.messages[1]).toMatchObject({ id: record.messages[1]?.id, name: 'alice', content: { text: 'Hello' } });
    expect(merged.kind === 'chat' && merged.messages[0]).toBe(record.messages[0]);
  });

  it('refuses JSON nested deeper than the open-file limit, and changes nothing', () => {
    const deep = `{"messages": [{"role": "user", "content": "x", "meta": ${'['.repeat(500)}${']'.repeat(500)}}]}`;
    const read = readDialectText(deep, 'openai-chat');
    expect(read.record).toBeUndefined();
    expect(read.problems.map((p) => p.diagnostic.code)).toEqual(['json-too-deep']);
  });

  it('places a syntax error at its offset and a decode error at its path', () => {
    const broken = '{\n  "messages": [\n    {"role": "user", "content": "x",}\n  ]\n}';
    const syntax = readDialectText(broken, 'openai-chat');
    expect(syntax.record).toBeUndefined();
    expect(syntax.problems[0]?.diagnostic.message).toMatch(/^Not valid JSON: .* at line 3, column 36\.$/);
    expect(syntax.problems[0]?.range?.start).toBe(broken.indexOf(',}'));

    const wrong = '{\n  "messages": [\n    {"role": 7, "content": "x"}\n  ]\n}';
    const decoded = readDialectText(wrong, 'openai-chat');
    expect(decoded.record).toBeUndefined();
    const error = decoded.problems.find((p) => p.diagnostic.severity === 'error');
    expect(error?.range && wrong.slice(error.range.start, error.range.end)).toBe('7');
  });
});
