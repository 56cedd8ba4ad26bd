import { describe, expect, it } from 'vitest';
import { locateJsonPath } from './json-locate.ts';

const text = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'Hi, "you"' }, { role: 'tool', content: [{ type: 'text', text: 'x' }], n: 12 }] }, null, 2);

function marked(path: (string | number)[]): string | undefined {
  const range = locateJsonPath(text, path);
  return range && text.slice(range.start, range.end);
}

describe('locateJsonPath', () => {
  it('marks a scalar value itself', () => {
    expect(marked(['messages', 0, 'content'])).toBe('"Hi, \\"you\\""');
    expect(marked(['messages', 1, 'n'])).toBe('12');
    expect(marked(['messages', 1, 'content', 0, 'text'])).toBe('"x"');
  });

  it('marks the key of an object or array property, and the first line of an array item', () => {
    expect(marked(['messages'])).toBe('"messages"');
    expect(marked(['messages', 1])).toBe('{');
  });

  it('marks the deepest part that exists for a missing field', () => {
    expect(marked(['messages', 1, 'name'])).toBe('{');
    expect(marked(['messages', 5, 'role'])).toBe('"messages"');
    expect(marked([])).toBe('{');
  });

  it('gives nothing for text that is not JSON', () => {
    expect(locateJsonPath('{"a": "unterminated', ['a'])).toBeUndefined();
  });
});
