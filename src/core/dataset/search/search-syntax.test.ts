import { describe, expect, it } from 'vitest';
import { parseSearch, type ParsedSearch } from './search-syntax.ts';

function parsed(input: string): ParsedSearch {
  const result = parseSearch(input);
  if (!result.ok) throw new Error(result.error);
  return result.search;
}

function error(input: string): string {
  const result = parseSearch(input);
  return result.ok ? '' : result.error;
}

describe('parseSearch', () => {
  it('takes a box without qualifiers whole, spaces and all', () => {
    expect(parsed('hello world')).toEqual({ text: 'hello world', scope: { roles: [], tools: [], areas: [], keys: [] } });
    expect(parsed('  two  spaces ').text).toBe('  two  spaces ');
    // Not qualifiers: an unknown name, an upper-case one, a colon followed by a space, one not at the start.
    for (const text of ['Note: see', 'Role:assistant hi', 'role: assistant', 'say role:assistant', 'https://example.org']) expect(parsed(text).text).toBe(text);
  });

  it('reads qualifiers at the start, the rest being the text as typed', () => {
    expect(parsed('role:assistant hello  there')).toEqual({ text: 'hello  there', scope: { roles: ['assistant'], tools: [], areas: [], keys: [] } });
    expect(parsed(' role:user role:assistant   in:args tool:get_weather Paris')).toEqual({
      text: 'Paris',
      scope: { roles: ['user', 'assistant'], tools: ['get_weather'], areas: ['args'], keys: [] },
    });
    expect(parsed('tool:get_weather')).toEqual({ text: '', scope: { roles: [], tools: ['get_weather'], areas: [], keys: [] } });
    // A regular expression after qualifiers is left as it is.
    expect(parsed('in:thoughts \\d+:\\d+').text).toBe('\\d+:\\d+');
  });

  it('reads keys: a path of keys and indexes, with or without a value, quoted where needed', () => {
    expect(parsed('key:metadata.source=web x').scope.keys).toEqual([{ path: ['metadata', 'source'], value: 'web' }]);
    expect(parsed('key:metadata.source').scope.keys).toEqual([{ path: ['metadata', 'source'] }]);
    expect(parsed('key:metadata.source="web crawl" key:messages.0.role=system').scope.keys).toEqual([
      { path: ['metadata', 'source'], value: 'web crawl' },
      { path: ['messages', '0', 'role'], value: 'system' },
    ]);
    expect(parsed('key:"my.key".b="say \\"hi\\""').scope.keys).toEqual([{ path: ['my.key', 'b'], value: 'say "hi"' }]);
    expect(parsed('key:a= text').scope.keys).toEqual([{ path: ['a'], value: '' }]);
    expect(parsed('key:a=').scope.keys).toEqual([{ path: ['a'], value: '' }]);
  });

  it('quoted role and tool values may hold spaces', () => {
    expect(parsed('role:"tool result" x').scope.roles).toEqual(['tool result']);
  });

  it('text: ends the qualifiers, so a text that looks like one can be searched', () => {
    expect(parsed('text:role:assistant')).toEqual({ text: 'role:assistant', scope: { roles: [], tools: [], areas: [], keys: [] } });
    expect(parsed('role:user text:key:x').text).toBe('key:x');
    // What follows text: is the text, a space included.
    expect(parsed('role:user text: key:x').text).toBe(' key:x');
    expect(parsed('text:').text).toBe('');
    expect(parsed('text:text:x').text).toBe('text:x');
  });

  it('says what is wrong with a qualifier', () => {
    expect(error('in:arguments x')).toBe('in: is one of text, thoughts, args, results, not “arguments”');
    expect(error('role:"assistant x')).toBe('A quote is not closed: "assistant x');
    expect(error('role:"a"b x')).toBe('role: ends at a space; found “b” after its value');
    expect(error('key:a..b')).toBe('A value is missing at “.b”');
    expect(error('key:.a')).toBe('A value is missing at “.a”');
  });
});
