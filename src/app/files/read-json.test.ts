import { describe, expect, it } from 'vitest';
import { readJson } from './read-json.ts';

describe('readJson', () => {
  it('parses JSON', () => {
    expect(readJson('[{"role": "user", "content": "hi"}]', 'a.json')).toEqual({ ok: true, value: [{ role: 'user', content: 'hi' }] });
  });

  it('reports the line and column of malformed JSON and what is wrong', () => {
    const result = readJson('[\n  {"role": "user",\n   "content": "hi",}\n]', 'broken.json');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.title).toBe("broken.json is not valid JSON: Trailing comma before '}' at line 3, column 19. Nothing was changed.");
  });

  it('opens the first record of a .jsonl file and says how many there are', () => {
    const result = readJson('{"messages": [1]}\n\n{"messages": [2]}\n', 'data.jsonl');
    expect(result).toEqual({ ok: true, value: { messages: [1] }, note: 'data.jsonl is JSON Lines with 2 records: Parley opened the first (line 1); the others were not opened.' });
  });

  it('reports a malformed first JSON Lines record with its line', () => {
    const result = readJson('\n{"messages": [1}\n', 'data.jsonl');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.title).toContain('at line 2, column 16');
  });

  it('recognises pasted JSON Lines', () => {
    const result = readJson('{"a": 1}\n{"a": 2}', 'The pasted text');
    expect(result).toMatchObject({ ok: true, value: { a: 1 } });
  });

  it('does not mistake a broken pretty-printed document for JSON Lines', () => {
    const result = readJson('{\n  "a": 1\n  "b": 2\n}', 'x.json');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.title).toContain('line 3, column 3');
  });
});
