import { describe, expect, it } from 'vitest';
import { compileQuery, type Matcher, type SearchQuery } from './query.ts';
import { replaceInArguments, replaceInRecord, stringValueSpans } from './replace.ts';
import { readForSearch } from './search-record.ts';

function matcher(pattern: string, options: Partial<SearchQuery> = {}): Matcher {
  const compiled = compileQuery({ pattern, regex: false, caseSensitive: true, ...options });
  if (!compiled.ok) throw new Error(compiled.error);
  return compiled.matcher;
}

const OPENAI = '{"model":"gpt-4.1","messages":[{"role":"user","content":"What is the weather in Paris?"},{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"get_weather","arguments":"{\\"city\\":\\"Paris\\"}"}}]},{"role":"tool","tool_call_id":"c1","content":"14°C"},{"role":"assistant","content":"14°C.","x_note":"Paris"}]}';

function replace(line: string, m: Matcher, template: string): { text: string; places: number } | undefined {
  const read = readForSearch(line);
  if (!read) throw new Error('not a record');
  return replaceInRecord(read.record, read.dialect, read.json, m, template);
}

describe('replaceInRecord', () => {
  it('changes the text values only, keeping the dialect, key order and unknown fields', () => {
    // Two places: the user's question and the call's arguments; the unknown field x_note is not text a person reviews.
    const expected = OPENAI.replace('weather in Paris', 'weather in Lyon').replace('\\"Paris\\"', '\\"Lyon\\"');
    expect(replace(OPENAI, matcher('Paris'), 'Lyon')).toEqual({ text: expected, places: 2 });
  });

  it('never touches roles, ids, tool names or argument keys', () => {
    for (const word of ['user', 'c1', 'get_weather', 'city', 'model']) expect(replace(OPENAI, matcher(word), 'X')).toBeUndefined();
  });

  it('expands groups in a regular expression replace', () => {
    const result = replace(OPENAI, matcher('(\\d+)°C', { regex: true }), '$1 degrees');
    expect(result?.places).toBe(2);
    expect(result?.text).toContain('"content":"14 degrees"');
    expect(result?.text).toContain('"content":"14 degrees."');
  });

  it('works on thoughts and tool results of an Anthropic record', () => {
    const line = '{"max_tokens":5,"messages":[{"role":"user","content":"Hi"},{"role":"assistant","content":[{"type":"thinking","thinking":"Hm, hi.","signature":"s"},{"type":"text","text":"Hello."}]}]}';
    const result = replace(line, matcher('hi', { caseSensitive: false }), 'yo');
    // "Hi" (user), "hi" (thinking); not "thinking" the key nor the signature.
    expect(result?.places).toBe(2);
    expect(JSON.parse(result?.text ?? '')).toEqual(JSON.parse(line.replace('"Hi"', '"yo"').replace('Hm, hi.', 'Hm, yo.')));
  });
});

describe('replaceInArguments', () => {
  it('replaces inside string values, escaping the new text, never keys or escapes', () => {
    const args = '{"city": "Paris", "note": "Paris\\nParis", "Paris": 1}';
    expect(replaceInArguments(args, matcher('Paris'), 'Saint "Lô"')).toEqual({ text: '{"city": "Saint \\"Lô\\"", "note": "Saint \\"Lô\\"\\nSaint \\"Lô\\"", "Paris": 1}', places: 3 });
    // "nP" starts inside the escape \n: replacing it would break the JSON.
    expect(replaceInArguments(args, matcher('nP'), 'x')).toEqual({ text: args, places: 0 });
  });

  it('replaces arguments that are not JSON as plain text', () => {
    expect(replaceInArguments('city=Paris, "Paris"', matcher('Paris'), 'Lyon')).toEqual({ text: 'city=Lyon, "Lyon"', places: 2 });
  });

  it('finds the values of nested objects and arrays', () => {
    const text = '{"a":["x",{"b":"y"}],"c":{"d":"e"}}';
    expect(stringValueSpans(text).map(([from, to]) => text.slice(from, to))).toEqual(['x', 'y', 'e']);
  });
});
