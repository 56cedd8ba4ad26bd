import { describe, expect, it } from 'vitest';
import { formatPath, parsePath, Place } from './path.ts';

describe('formatPath', () => {
  it('writes identifiers with dots, indexes in brackets and other keys as JSON strings', () => {
    expect(formatPath(['messages', 3, 'content', 'blocks', 1, 'calls', 0, 'arguments'])).toBe('messages[3].content.blocks[1].calls[0].arguments');
    expect(formatPath(['extra', '$ref', '_x9', 'A_b$2'])).toBe('extra.$ref._x9.A_b$2');
    expect(formatPath(['extra', '9lives', 'a-b', 'a b', '', 'é', 'x.y'])).toBe('extra["9lives"]["a-b"]["a b"][""]["é"]["x.y"]');
    expect(formatPath([0, 'name'])).toBe('[0].name');
    expect(formatPath(['a"b'])).toBe('["a\\"b"]');
  });

  it('writes a key the same at the start and further in, whichever it met first', () => {
    expect(formatPath(['x', 'content'])).toBe('x.content');
    expect(formatPath(['content', 'x'])).toBe('content.x');
    expect(formatPath(['a b', 'a b'])).toBe('["a b"]["a b"]');
  });

  it('writes indexes past the usual ones, and numbers that are not indexes, as they are', () => {
    expect(formatPath(['messages', 1023, 'x', 1024, 'y', 123456])).toBe('messages[1023].x[1024].y[123456]');
    expect(formatPath([-1, 'a', 1.5, 'b', Number.NaN])).toBe('[-1].a[1.5].b[NaN]');
  });

  it('writes every key right after a thousand different keys', () => {
    const keys = Array.from({ length: 1100 }, (_, i) => `k${i}`);
    for (const key of keys) formatPath(['extra', key]);
    expect(formatPath(['extra', 'k1099', 'a-b', 'k5'])).toBe('extra.k1099["a-b"].k5');
  });

  it('is read back by parsePath', () => {
    const path = ['messages', 0, 'extra', 'a-b', '$ok', '1x', 'Z_9'];
    expect(parsePath(formatPath(path))).toEqual(path);
  });
});

describe('Place', () => {
  it('names the record itself, then one key at a time', () => {
    const root = new Place();
    expect(root.path).toEqual([]);
    const call = root.at('messages').at(3).at('content').at('blocks').at(1).at('calls').at(0);
    expect(call.path).toEqual(['messages', 3, 'content', 'blocks', 1, 'calls', 0]);
    expect(call.at('arguments').path).toEqual(['messages', 3, 'content', 'blocks', 1, 'calls', 0, 'arguments']);
  });

  it('leaves the parent as it was and makes the path once', () => {
    const message = new Place().at('messages').at(0);
    const role = message.at('role');
    expect(role.path).toEqual(['messages', 0, 'role']);
    expect(message.path).toEqual(['messages', 0]);
    expect(role.path).toBe(role.path);
  });
});
