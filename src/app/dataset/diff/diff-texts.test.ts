import { describe, expect, it } from 'vitest';
import { prettyJson } from './diff-texts.ts';

describe('prettyJson', () => {
  it('puts each value on its own line, and leaves text that is not JSON as it is', () => {
    expect(prettyJson('{"a":[1,"x"]}')).toBe('{\n  "a": [\n    1,\n    "x"\n  ]\n}');
    expect(prettyJson('{"a":')).toBe('{"a":');
  });
});
