import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileSafeRegex, MAX_PROGRAM_SIZE, MAX_STEPS_PER_CHAR, SEARCH_BASE_STEPS, type RegexMatch, type SafeRegex } from './match.ts';

function regex(source: string, flags = ''): SafeRegex {
  const compiled = compileSafeRegex(source, flags);
  if (!compiled.ok) throw new Error(compiled.message);
  return compiled.regex;
}

/** The match, failing the test when the search was stopped. */
function found(regex: SafeRegex, text: string): RegexMatch | undefined {
  const result = regex.find(text);
  if (result && 'stopped' in result) throw new Error(`stopped after ${result.steps} steps`);
  return result;
}

/** Where JavaScript's engine finds the pattern, and whether it matches at `start` too. */
function nativeFinds(source: string, flags: string, text: string): boolean {
  return new RegExp(source, flags).test(text);
}
/** JavaScript's engine can match exactly `text.slice(start, end)` there (the lookahead pins the end, whatever the flags). */
function nativeMatchesAt(source: string, flags: string, text: string, match: RegexMatch): boolean {
  const exact = new RegExp(`(?:${source})(?=[\\s\\S]{${text.length - match.end}}(?![\\s\\S]))`, `${flags}y`);
  exact.lastIndex = match.start;
  return exact.test(text);
}

describe('compileSafeRegex', () => {
  it('finds what JavaScript finds, in the cases a forbidden-text rule meets', () => {
    const cases: [string, string, string, number][] = [
      ['As an AI', '', 'Sure! As an AI, I cannot.', 6],
      ['as an ai', 'i', 'Sure! As an AI, I cannot.', 6],
      ['as an ai', '', 'Sure! As an AI, I cannot.', -1],
      ['\\bAI\\b', '', 'SAID AI.', 5],
      ['^Sorry', 'm', 'Well.\nSorry, no.', 6],
      ['^Sorry', '', 'Well.\nSorry, no.', -1],
      ['no\\.$', '', 'Sorry, no.', 7],
      ['I (?:cannot|can\'t) help', '', "I can't help with that", 0],
      ['colou?r', '', 'the color', 4],
      ['a{2,3}b', '', 'ab aab', 3],
      ['\\p{Lu}{3}', 'u', 'abc DEF', 4],
      ['😀+', 'u', 'hi 😀😀', 3],
      ['[^\\s]+@[^\\s]+', '', 'mail me: x@y.org', 9],
      ['.', 's', '\n', 0],
      ['.', '', '\n', -1],
    ];
    for (const [source, flags, text, start] of cases) {
      expect({ source, flags, text, start: found(regex(source, flags), text)?.start ?? -1 }).toEqual({ source, flags, text, start });
      expect(nativeFinds(source, flags, text)).toBe(start >= 0);
    }
  });

  it('finds a match exactly where JavaScript finds one, on generated patterns and texts', () => {
    const atom = fc.constantFrom('a', 'b', '.', '[ab]', '[^a]', '\\s', '\\w', 'A');
    const pattern: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        atom,
        fc.constantFrom('^', '$', '\\b', '\\B'),
        fc.tuple(tie('node'), tie('node')).map(([x, y]) => x + y),
        fc.tuple(tie('node'), tie('node')).map(([x, y]) => `(?:${x}|${y})`),
        fc.tuple(tie('node'), fc.constantFrom('*', '+', '?', '{2}', '{1,3}', '{2,}', '*?')).map(([x, q]) => `(?:${x})${q}`),
        tie('node').map((x) => `(${x})`),
      ),
    })).node;
    fc.assert(
      fc.property(pattern, fc.string({ unit: fc.constantFrom('a', 'b', 'A', ' ', '\n', '-') }), fc.constantFrom('', 'i', 'm', 's', 'im'), (source, text, flags) => {
        const match = found(regex(source, flags), text);
        expect(match !== undefined).toBe(nativeFinds(source, flags, text));
        if (match) expect(nativeMatchesAt(source, flags, text, match)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('never hangs: patterns that take JavaScript exponential or cubic time run in linear time', () => {
    const long = `${'a'.repeat(200_000)}!`;
    const began = performance.now();
    // JavaScript's engine does not finish these in any useful time (the first from ~30 characters).
    expect(found(regex('(a+)+$'), long)).toBeUndefined();
    expect(found(regex('(a|aa)*b'), long)).toBeUndefined();
    expect(found(regex('.*.*.*x'), long)).toBeUndefined();
    expect(performance.now() - began).toBeLessThan(5_000);
  });

  it('stops a search that keeps too many threads alive, within its budget, and says so', () => {
    const text = 'ab '.repeat(10_000);
    const budget = SEARCH_BASE_STEPS + MAX_STEPS_PER_CHAR * text.length;
    const result = regex('(?:.*){600}x').find(text);
    expect(result).toEqual({ stopped: true, steps: expect.any(Number) });
    // Checked once per character: past the budget by at most one character's steps (two passes over the program).
    const steps = (result as { steps: number }).steps;
    expect(steps).toBeGreaterThan(budget);
    expect(steps).toBeLessThanOrEqual(budget + 2 * MAX_PROGRAM_SIZE);
    // A pattern a person writes stays far below the budget on the same text.
    expect(found(regex("\\bI (?:can't|cannot) help\\b|as an ai", 'i'), text)).toBeUndefined();
  });

  it('refuses what it cannot run in linear time, and says why', () => {
    expect(compileSafeRegex('(a)\\1')).toEqual({ ok: false, message: expect.stringContaining('backreferences') });
    expect(compileSafeRegex('(?<x>a)\\k<x>')).toEqual({ ok: false, message: expect.stringContaining('backreferences') });
    expect(compileSafeRegex('AI(?= model)')).toEqual({ ok: false, message: expect.stringContaining('lookahead and lookbehind') });
    expect(compileSafeRegex('(?<!an )AI')).toEqual({ ok: false, message: expect.stringContaining('lookahead and lookbehind') });
    expect(compileSafeRegex('a{5000}')).toEqual({ ok: false, message: expect.stringContaining(`more than ${MAX_PROGRAM_SIZE.toLocaleString('en')} steps`) });
    expect(compileSafeRegex('(?:ab){1200,}')).toEqual({ ok: false, message: expect.stringContaining('too large') });
  });

  it('refuses invalid patterns and flags with the reason', () => {
    expect(compileSafeRegex('(unclosed')).toEqual({ ok: false, message: expect.stringMatching(/^not a valid regular expression: .*Unterminated group/) });
    expect(compileSafeRegex('x', 'g')).toEqual({ ok: false, message: 'the flag "g" is not supported (allowed: i, m, s, u)' });
    expect(compileSafeRegex('x', 'ii')).toEqual({ ok: false, message: 'the flags "ii" repeat a flag' });
  });
});
