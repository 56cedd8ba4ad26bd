import { describe, expect, it } from 'vitest';
import { compileQuery, findMatches, type Matcher, type SearchQuery } from './query.ts';
import { expandReplacement } from './substitution.ts';

function matcher(pattern: string, options: Partial<SearchQuery> = {}): Matcher {
  const compiled = compileQuery({ pattern, regex: false, caseSensitive: true, ...options });
  if (!compiled.ok) throw new Error(compiled.error);
  return compiled.matcher;
}

describe('compileQuery and findMatches', () => {
  it('finds a text with or without case, its regular-expression characters taken literally', () => {
    const text = 'Paris, paris, PARIS (a.b)';
    expect(findMatches(text, matcher('paris'))).toEqual([{ offset: 7, length: 5 }]);
    expect(findMatches(text, matcher('paris', { caseSensitive: false })).map((m) => m.offset)).toEqual([0, 7, 14]);
    expect(findMatches(text, matcher('(a.b)'))).toEqual([{ offset: 20, length: 5 }]);
    expect(findMatches('axb', matcher('a.b'))).toEqual([]);
    expect(findMatches('a-b a/b', matcher('a-b'))).toEqual([{ offset: 0, length: 3 }]);
  });

  it('runs a regular expression in Unicode mode, skipping empty matches', () => {
    expect(findMatches('axxb x', matcher('x*', { regex: true }))).toEqual([
      { offset: 1, length: 2 },
      { offset: 5, length: 1 },
    ]);
    // Unicode mode: . is a whole code point, so an emoji is one match of length 2.
    expect(findMatches('a😀b', matcher('a.b', { regex: true }))).toEqual([{ offset: 0, length: 4 }]);
    expect(findMatches('Été ÉTÉ', matcher('été', { caseSensitive: false }))).toHaveLength(2);
  });

  it('says why a pattern cannot be searched', () => {
    expect(compileQuery({ pattern: '', regex: false, caseSensitive: true })).toEqual({ ok: false, error: 'Nothing to search for' });
    const broken = compileQuery({ pattern: 'a(b', regex: true, caseSensitive: true });
    expect(broken.ok).toBe(false);
    expect(broken.ok ? '' : broken.error).toMatch(/Unterminated group/);
  });
});

describe('expandReplacement', () => {
  const re = /(\d+)-(?<unit>[a-z]+)/u;
  const input = 'take 12-kg now';
  const match = re.exec(input) as RegExpExecArray;

  it('expands $n, $<name>, $&, $`, $\' and $$ as String.prototype.replace does', () => {
    expect(expandReplacement('[$1 $<unit>]', match, input)).toBe('[12 kg]');
    expect(expandReplacement('<$&>', match, input)).toBe('<12-kg>');
    expect(expandReplacement('$`|$\'', match, input)).toBe('take | now');
    expect(expandReplacement('$$1 costs $', match, input)).toBe('$1 costs $');
    // Two groups only: $10 is $1 then "0"; $3 is no group and stays as written.
    expect(expandReplacement('$10 $3', match, input)).toBe('120 $3');
    for (const template of ['[$1 $<unit>]', '<$&>', '$`|$\'', '$$1 costs $', '$10 $3', '$<nope>x', '$<unit']) {
      const around = (middle: string): string => input.slice(0, match.index) + middle + input.slice(match.index + match[0].length);
      expect(around(expandReplacement(template, match, input))).toBe(input.replace(re, template));
    }
  });
});
