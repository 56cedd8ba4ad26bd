import { describe, expect, it } from 'vitest';
import type { SearchQuery } from './query.ts';
import { compileSearch, valueAt, wholeValue, type CompiledSearch } from './scope.ts';
import { countInRecordText, searchRecordText } from './search-record.ts';

function search(pattern: string, options: Partial<SearchQuery> = {}): CompiledSearch {
  const compiled = compileSearch({ pattern, regex: false, caseSensitive: false, ...options });
  if (!compiled.ok) throw new Error(compiled.error);
  return compiled.search;
}

/** The fields (as paths joined by dots) where `pattern` is found in `line`. */
function where(line: string, pattern: string, options: Partial<SearchQuery> = {}): string[] {
  return searchRecordText(line, search(pattern, options)).map((match) => match.path.join('.'));
}

const OPENAI = JSON.stringify({
  model: 'gpt-4.1',
  messages: [
    { role: 'system', content: 'Answer about Paris.' },
    { role: 'user', content: 'What is the weather in Paris?' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
    { role: 'tool', tool_call_id: 'c1', content: '14°C in Paris' },
    { role: 'assistant', content: 'It is 14°C in Paris.' },
  ],
  metadata: { source: 'web crawl', id: 7, tags: ['weather', 'fr'], reviewed: null },
});

const ARGS = 'messages.2.toolCalls.0.arguments';

describe('a search in one role, area or tool', () => {
  it('without qualifiers, finds the text in every field', () => {
    expect(where(OPENAI, 'Paris')).toEqual(['messages.0.content', 'messages.1.content', ARGS, 'messages.3.content', 'messages.4.content']);
  });

  it('role: limits it to the messages of that role (any of several), the tool calls of the assistant included', () => {
    expect(where(OPENAI, 'role:assistant Paris')).toEqual([ARGS, 'messages.4.content']);
    expect(where(OPENAI, 'role:user role:system paris')).toEqual(['messages.0.content', 'messages.1.content']);
    expect(where(OPENAI, 'role:ASSISTANT paris')).toHaveLength(2);
    // Match case applies to the role too.
    expect(where(OPENAI, 'role:ASSISTANT Paris', { caseSensitive: true })).toEqual([]);
  });

  it('in: limits it to one kind of field: text, thoughts, tool-call arguments, tool results', () => {
    expect(where(OPENAI, 'in:args Paris')).toEqual([ARGS]);
    expect(where(OPENAI, 'in:results Paris')).toEqual(['messages.3.content']);
    expect(where(OPENAI, 'in:text Paris')).toEqual(['messages.0.content', 'messages.1.content', 'messages.4.content']);
    const anthropic = JSON.stringify({ max_tokens: 5, messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: [{ type: 'thinking', thinking: 'Hm, hi.', signature: 's' }, { type: 'text', text: 'Hi!' }] }] });
    expect(where(anthropic, 'in:thoughts hi')).toEqual(['messages.1.content.blocks.0.text']);
    expect(where(anthropic, 'in:text role:assistant hi')).toEqual(['messages.1.content.blocks.1.text']);
  });

  it('tool: limits it to the arguments of the calls to that tool; * stands for any characters', () => {
    expect(where(OPENAI, 'tool:get_weather Paris')).toEqual([ARGS]);
    expect(where(OPENAI, 'tool:get_* paris')).toEqual([ARGS]);
    expect(where(OPENAI, 'tool:get_time Paris')).toEqual([]);
    // A tool name is compared whole: "weather" is not "get_weather".
    expect(where(OPENAI, 'tool:weather Paris')).toEqual([]);
    // The arguments are searched as the text they are, keys included (a replace changes values only).
    expect(where(OPENAI, 'in:args city')).toEqual([ARGS]);
  });

  it('qualifiers alone find the calls, the fields or the messages they name', () => {
    expect(where(OPENAI, 'tool:get_weather')).toEqual([ARGS]);
    expect(where(OPENAI, 'role:assistant')).toEqual(['messages.2', 'messages.4']);
    expect(where(OPENAI, 'in:results')).toEqual(['messages.3.content']);
    // An empty assistant turn is a message of that role all the same.
    expect(where(JSON.stringify({ messages: [{ role: 'user', content: 'hi' }, { role: 'bot', content: '' }] }), 'role:bot')).toEqual(['messages.1']);
  });

  it('roles are the model’s: a ShareGPT human is a user, and an unknown role is kept as written', () => {
    const sharegpt = JSON.stringify({ conversations: [{ from: 'human', value: 'Hello Paris' }, { from: 'gpt', value: 'Bonjour Paris' }] });
    expect(where(sharegpt, 'role:user Paris')).toEqual(['messages.0.content']);
    expect(where(sharegpt, 'role:assistant Paris')).toEqual(['messages.1.content']);
    const human = JSON.stringify({ messages: [{ role: 'human', content: 'Hello Paris' }] });
    expect(where(human, 'role:human Paris')).toEqual(['messages.0.content']);
  });
});

describe('key: conditions on the record’s JSON', () => {
  it('a key, a value compared whole (strings as they are, other values as JSON), with wildcards and the case toggle', () => {
    const count = (pattern: string, caseSensitive = false): number => countInRecordText(OPENAI, search(pattern, { caseSensitive }), undefined);
    expect(count('key:metadata.source="web crawl"')).toBe(1);
    expect(count('key:metadata.source=web')).toBe(0);
    expect(count('key:metadata.source=web*')).toBe(1);
    expect(count('key:metadata.source=WEB*')).toBe(1);
    expect(count('key:metadata.source=WEB*', true)).toBe(0);
    expect(count('key:metadata.id=7')).toBe(1);
    expect(count('key:metadata.tags.1=fr')).toBe(1);
    expect(count('key:metadata.tags=*"fr"*')).toBe(1);
    expect(count('key:metadata.reviewed')).toBe(1);
    expect(count('key:metadata.reviewed=null')).toBe(1);
    expect(count('key:metadata.missing')).toBe(0);
    expect(count('key:messages.0.role=system')).toBe(1);
    // Every key: must hold; the text is then searched as usual.
    expect(count('key:metadata.id=7 key:model=gpt-4.1 Paris')).toBe(5);
    expect(count('key:metadata.id=8 Paris')).toBe(0);
  });

  it('valueAt walks objects by key and arrays by index, nothing else', () => {
    const json = { a: [{ b: 1 }], 'x.y': 2 };
    expect(valueAt(json, ['a', '0', 'b'])).toBe(1);
    expect(valueAt(json, ['x.y'])).toBe(2);
    expect(valueAt(json, ['a', '00'])).toBeUndefined();
    expect(valueAt(json, ['a', 'length'])).toBeUndefined();
    expect(valueAt(json, ['toString'])).toBeUndefined();
    expect(valueAt('text', ['length'])).toBeUndefined();
  });

  it('wholeValue takes every character but * literally', () => {
    expect(wholeValue('a.b*', true).test('a.bcd')).toBe(true);
    expect(wholeValue('a.b*', true).test('axbcd')).toBe(false);
    expect(wholeValue('(x)', true).test('(x)')).toBe(true);
    expect(wholeValue('*', true).test('')).toBe(true);
  });
});

describe('records that are not conversations', () => {
  it('a bad line is searched as text, but never in a role, tool or area, nor under a key', () => {
    const bad = '{"broken": "cat"';
    expect(where(bad, 'cat')).toEqual(['']);
    expect(where(bad, 'role:user cat')).toEqual([]);
    expect(where(bad, 'in:text cat')).toEqual([]);
    expect(where(bad, 'key:broken cat')).toEqual([]);
  });

  it('JSON that is no conversation has keys: a key condition holds, and its text is searched as text', () => {
    const other = '{"foo":"cat"}';
    expect(where(other, 'key:foo')).toEqual(['']);
    expect(where(other, 'key:foo=cat cat')).toEqual(['']);
    expect(where(other, 'key:bar cat')).toEqual([]);
    expect(where(other, 'role:user cat')).toEqual([]);
  });
});

describe('compileSearch', () => {
  it('says what is wrong: nothing typed, a bad qualifier, a bad regular expression after qualifiers', () => {
    expect(compileSearch({ pattern: '', regex: false, caseSensitive: false })).toEqual({ ok: false, error: 'Nothing to search for' });
    expect(compileSearch({ pattern: 'in:nowhere x', regex: false, caseSensitive: false }).ok).toBe(false);
    const broken = compileSearch({ pattern: 'role:user a(b', regex: true, caseSensitive: false });
    expect(broken.ok ? '' : broken.error).toMatch(/Unterminated group/);
  });
});
