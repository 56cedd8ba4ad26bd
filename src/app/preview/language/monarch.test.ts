import { describe, expect, it } from 'vitest';
import type { languages } from 'monaco-editor/editor';
import { apertusFormat, findFormat, type SpecialToken } from '../../../core/index.ts';
import { alternation, buildMonarchLanguage, isTagCloser, isTagOpener, MAX_JSON_NESTING } from './monarch.ts';

/** Monaco's `maxStack` (monarchCompile.ts): deeper nesting throws on every line tokenized. */
const MONACO_MAX_STACK = 100;

/**
 * A small Monarch interpreter with the semantics the language relies on: rules tried in order
 * at each position, anchored; `@@` is a literal `@`; actions are a token class or
 * `{ token, next }` with `@push`, `@pop`, `@popall` or a state name; the state stack carries
 * over line ends and, as in Monaco, may not grow past 100 states. (Monaco itself cannot run in Node; e2e tests check the real colours.)
 */
function tokenize(language: languages.IMonarchLanguage, text: string): [string, string][] {
  const out: [string, string][] = [];
  const stack = ['root'];
  for (const line of text.split('\n')) {
    let at = 0;
    while (at < line.length) {
      const state = stack[stack.length - 1]!;
      const rules = language.tokenizer[state] as [RegExp, string | { token: string; next: string }][];
      let matched = false;
      for (const [regex, action] of rules) {
        const anchored = new RegExp(`^(?:${regex.source.replace(/@@/g, '@')})`);
        const match = anchored.exec(line.slice(at));
        if (!match || match[0].length === 0) continue;
        const token = typeof action === 'string' ? action : action.token;
        const last = out[out.length - 1];
        // Merge neighbours of the same class so expectations read as text.
        if (last && last[0] === token && token !== 'special') last[1] += match[0];
        else out.push([token, match[0]]);
        if (typeof action !== 'string') {
          if (action.next === '@pop') {
            if (stack.length > 1) stack.pop();
          }
          else if (action.next === '@popall') stack.length = 1;
          else {
            // Monaco's Monarch lexer throws past `maxStack` (100) nested states.
            if (stack.length >= MONACO_MAX_STACK) throw new Error(`maximum tokenizer stack size reached: [${stack.slice(-3).join(',')},...]`);
            stack.push(action.next === '@push' ? state : action.next.slice(1));
          }
        }
        at += match[0].length;
        matched = true;
        break;
      }
      if (!matched) throw new Error(`no rule matches at ${at} of ${JSON.stringify(line)} in state ${state}`);
    }
  }
  return out;
}

const apertus = buildMonarchLanguage(apertusFormat.specialTokens);
const rwkv = buildMonarchLanguage(findFormat('rwkv')?.specialTokens ?? []);
const classes = (tokens: [string, string][], cls: string) => tokens.filter(([c]) => c === cls).map(([, t]) => t);

describe('Apertus language', () => {
  it('marks every special token and leaves content as text', () => {
    const tokens = tokenize(apertus, '<|user_start|>What is 2 < 3 | x?<|user_end|><|assistant_start|>Yes.');
    expect(classes(tokens, 'special')).toEqual(['<|user_start|>', '<|user_end|>', '<|assistant_start|>']);
    expect(classes(tokens, 'text').join('')).toBe('What is 2 < 3 | x?Yes.');
  });

  it('colours a tool-call payload as JSON and returns to text after it', () => {
    const tokens = tokenize(apertus, '<|tools_prefix|>[{"web_search": {"query": "ml", "n": -1.5e3, "safe": true}}]<|tools_suffix|>[Machine learning is…]');
    expect(classes(tokens, 'key')).toEqual(['"web_search"', '"query"', '"n"', '"safe"']);
    expect(classes(tokens, 'string')).toEqual(['"ml"']);
    expect(classes(tokens, 'number')).toEqual(['-1.5e3']);
    expect(classes(tokens, 'keyword')).toEqual(['true']);
    expect(classes(tokens, 'delimiter.bracket').join('')).toBe('[{{}}]');
    // Prose in brackets after the call stays text.
    expect(tokens[tokens.length - 1]).toEqual(['text', '[Machine learning is…]']);
  });

  it('follows JSON across lines (pretty-printed payloads)', () => {
    const tokens = tokenize(apertus, '{\n  "a": [1,\n    2]\n}\nafter');
    expect(classes(tokens, 'key')).toEqual(['"a"']);
    expect(classes(tokens, 'number')).toEqual(['1', '2']);
    expect(tokens[tokens.length - 1]).toEqual(['text', 'after']);
  });

  it('ends a truncated payload at the next special token', () => {
    const tokens = tokenize(apertus, '<|tools_prefix|>[{"a": {"b": <|tools_suffix|>then text');
    expect(classes(tokens, 'special')).toEqual(['<|tools_prefix|>', '<|tools_suffix|>']);
    expect(tokens[tokens.length - 1]).toEqual(['text', 'then text']);
  });

  it('colours JSON nested 500 levels deep without overflowing the state stack, flatly past the limit', () => {
    const depth = 500;
    const args = `${'{"a": '.repeat(depth)}[1, true]${'}'.repeat(depth)}`;
    const tokens = tokenize(apertus, `<|tools_prefix|>[{"f": ${args}}]<|tools_suffix|>after<|assistant_end|>`);
    expect(classes(tokens, 'key')).toHaveLength(depth + 1);
    expect(classes(tokens, 'number')).toEqual(['1']);
    expect(classes(tokens, 'keyword')).toEqual(['true']);
    expect(classes(tokens, 'delimiter.bracket').join('')).toBe(`[{${'{'.repeat(depth)}[]${'}'.repeat(depth)}}]`);
    // The next special token ends the payload however deep it went.
    expect(classes(tokens, 'special')).toEqual(['<|tools_prefix|>', '<|tools_suffix|>', '<|assistant_end|>']);
    expect(classes(tokens, 'text')).toEqual(['after']);
  });

  it('still returns to text after a payload that stays within the followed depth', () => {
    const nested = `${'['.repeat(MAX_JSON_NESTING - 1)}0${']'.repeat(MAX_JSON_NESTING - 1)}`;
    const tokens = tokenize(apertus, `${nested} [prose in brackets]`);
    expect(tokens[tokens.length - 1]).toEqual(['text', ' [prose in brackets]']);
  });

  it('marks a special token typed inside content (token injection shows)', () => {
    const tokens = tokenize(apertus, '<|user_start|>say <|assistant_start|> please<|user_end|>');
    expect(classes(tokens, 'special')).toContain('<|assistant_start|>');
  });
});

describe('RWKV language', () => {
  it('colours tag attributes between an opener and its closer', () => {
    const tokens = tokenize(rwkv, '<<TOOL_CALL name="get_weather" id="c1">>\n{"city": "Bern"}\n<<END_TOOL_CALL>>');
    expect(classes(tokens, 'special')).toEqual(['<<TOOL_CALL', '>>', '<<END_TOOL_CALL>>']);
    expect(classes(tokens, 'attribute.name')).toEqual(['name', 'id']);
    expect(classes(tokens, 'attribute.value')).toEqual(['"get_weather"', '"c1"']);
    expect(classes(tokens, 'key')).toEqual(['"city"']);
  });

  it('does not treat a closer outside a tag as special', () => {
    const tokens = tokenize(rwkv, '<<USER>>\nx >> 2 and a<<b\n<<USER_END>>');
    expect(classes(tokens, 'special')).toEqual(['<<USER>>', '<<USER_END>>']);
    expect(classes(tokens, 'text').join('')).toBe('x >> 2 and a<<b');
  });
});

describe('building blocks', () => {
  it('sorts alternatives longest first and escapes regex syntax and Monarch @', () => {
    const source = alternation(['<|a|>', '<|a|>b', 'x@y', '[BOS]']);
    expect(source.split('|').length).toBeGreaterThan(1);
    const regex = new RegExp(`^(?:${source.replace(/@@/g, '@')})`);
    expect(regex.exec('<|a|>b')?.[0]).toBe('<|a|>b');
    expect(regex.exec('[BOS]')?.[0]).toBe('[BOS]');
    expect(regex.exec('x@y')?.[0]).toBe('x@y');
    expect(regex.exec('B')).toBeNull();
  });

  it('tells tag openers and closers from plain tokens', () => {
    expect(isTagOpener('<<TOOL_CALL')).toBe(true);
    expect(isTagOpener('<<USER>>')).toBe(false);
    expect(isTagCloser('>>')).toBe(true);
    expect(isTagCloser('<|im_end|>')).toBe(false);
  });

  it('builds a usable language for any token list, even an empty one', () => {
    const tokens: SpecialToken[] = [{ token: '[BOS]', doc: '' }, { token: '<|im_start|>', doc: '' }, { token: '', doc: 'ignored' }];
    expect(classes(tokenize(buildMonarchLanguage(tokens), '[BOS]<|im_start|>user\n[1, 2]'), 'special')).toEqual(['[BOS]', '<|im_start|>']);
    expect(tokenize(buildMonarchLanguage([]), 'plain {"a": 1} text').length).toBeGreaterThan(0);
  });
});
