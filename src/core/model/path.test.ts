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
