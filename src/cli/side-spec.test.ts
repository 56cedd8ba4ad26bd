import { describe, expect, it } from 'vitest';
import { splitWords } from './side-spec.ts';

describe('splitWords', () => {
  it('splits on white space and keeps quoted spaces', () => {
    expect(splitWords(`jinja --template 'my dir/q.jinja'  --date 2025-01-01`)).toEqual({ words: ['jinja', '--template', 'my dir/q.jinja', '--date', '2025-01-01'] });
    expect(splitWords(`a "b \\"c\\" d" e\\ f ''`)).toEqual({ words: ['a', 'b "c" d', 'e f', ''] });
  });

  it('says when a quote is not closed', () => {
    expect(splitWords(`chatml --bos 'x`)).toEqual({ error: "the quote ' is not closed" });
  });
});
