import { describe, expect, it } from 'vitest';
import { isJsonLinesName, isRecordArray, startsWithArray } from './detect.ts';

describe('dataset detection', () => {
  it('takes JSON Lines by name', () => {
    expect(isJsonLinesName('a.jsonl')).toBe(true);
    expect(isJsonLinesName('a.NDJSON')).toBe(true);
    expect(isJsonLinesName('a.json')).toBe(false);
  });

  it('takes a .json array as records when its first element is a conversation, not when it is a message', () => {
    expect(isRecordArray([{ messages: [{ role: 'user', content: 'hi' }] }])).toBe(true);
    expect(isRecordArray([{ conversations: [{ from: 'human', value: 'hi' }] }])).toBe(true);
    // An array of messages is one conversation (Apertus JSON and others): it opens in the editors.
    expect(isRecordArray([{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'yo' }])).toBe(false);
    expect(isRecordArray([])).toBe(false);
    expect(isRecordArray({ messages: [] })).toBe(false);
  });

  it('sees an array at the head of a large file, after a BOM and white space', () => {
    expect(startsWithArray('\uFEFF \n [ {')).toBe(true);
    expect(startsWithArray('{"messages": []}')).toBe(false);
  });
});
