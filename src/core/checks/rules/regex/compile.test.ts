import { describe, expect, it } from 'vitest';
import { literalPrefix } from './compile.ts';
import { parseRegex, type RegexNode } from './parse.ts';

function tree(source: string): RegexNode {
  const parsed = parseRegex(source, false);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.node;
}

describe('literalPrefix', () => {
  it('takes the leading run and the alternation after it when every option is a run of characters', () => {
    const prefix = literalPrefix(tree("\\bI (?:can't|cannot) (?:help|assist)"));
    expect(prefix).toEqual({ source: "\\b(?:I)(?: )(?:(?:c)(?:a)(?:n)(?:')(?:t)|(?:c)(?:a)(?:n)(?:n)(?:o)(?:t))", whole: false });
    // What the engine finds with it is where a match can start, nothing more: the rest is the search's.
    expect(new RegExp(prefix!.source, 'i').exec("So, i can't say")?.index).toBe(4);
    expect(literalPrefix(tree('as an ai|as a language model'))).toEqual({ source: '(?:(?:a)(?:s)(?: )(?:a)(?:n)(?: )(?:a)(?:i)|(?:a)(?:s)(?: )(?:a)(?: )(?:l)(?:a)(?:n)(?:g)(?:u)(?:a)(?:g)(?:e)(?: )(?:m)(?:o)(?:d)(?:e)(?:l))', whole: false });
  });

  it('stops before an alternation an option of which repeats, nests or reads nothing, and takes groups of characters as a run', () => {
    expect(literalPrefix(tree('ab(?:c|d+)'))).toEqual({ source: '(?:a)(?:b)', whole: false });
    expect(literalPrefix(tree('ab(?:c|)'))).toEqual({ source: '(?:a)(?:b)', whole: false });
    expect(literalPrefix(tree('ab(?:c|(?:d|e))'))).toEqual({ source: '(?:a)(?:b)', whole: false });
    expect(literalPrefix(tree('a(?:bc)d'))).toEqual({ source: '(?:a)(?:b)(?:c)(?:d)', whole: true });
    expect(literalPrefix(tree('a*b'))).toBeUndefined();
  });
});
