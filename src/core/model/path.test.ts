import { describe, expect, it } from 'vitest';
import { formatPath, parsePath } from './path.ts';

describe('formatPath', () => {
  it('writes identifiers with dots, indexes in brackets and other keys as JSON strings', () => {
    expect(formatPath(['messages', 3, 'content', 'blocks', 1, 'calls', 0, 'arguments'])).toBe('messages[3].content.blocks[1].calls[0].arguments');
    expect(formatPath(['extra', '$ref', '_x9', 'A_b$2'])).toBe('extra.$ref._x9.A_b$2');
    expect(formatPath(['extra', '9lives', 'a-b', 'a b', '', 'é', 'x.y'])).toBe('extra["9lives"]["a-b"]["a b"][""]["é"]["x.y"]');
    expect(formatPath([0, 'name'])).toBe('[0].name');
    expect(formatPath(['a"b'])).toBe('["a\\"b"]');
  });

  it('is read back by parsePath', () => {
    const path = ['messages', 0, 'extra', 'a-b', '$ok', '1x', 'Z_9'];
    expect(parsePath(formatPath(path))).toEqual(path);
  });
});
