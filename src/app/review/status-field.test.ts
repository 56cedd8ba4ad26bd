import { describe, expect, it } from 'vitest';
import { statusFieldProblem, withStatusField } from './status-field.ts';

describe('statuses in an exported dataset', () => {
  it('adds the field before the closing brace, every other byte kept', () => {
    expect(withStatusField('{"a": 1.0, "b": [1, 2]}', 'review', 'done')).toBe('{"a": 1.0, "b": [1, 2],"review":"done"}');
    expect(withStatusField('{}', 'review', 'flagged')).toBe('{"review":"flagged"}');
  });

  it('sets a field the record already has (numbers as they were spelled)', () => {
    expect(withStatusField('{"review":"old","n":1.50}', 'review', 'rejected')).toBe('{"review":"rejected","n":1.50}');
  });

  it('leaves what is not an object alone and refuses an empty name', () => {
    expect(withStatusField('[1]', 'review', 'done')).toBeUndefined();
    expect(withStatusField('not json', 'review', 'done')).toBeUndefined();
    expect(statusFieldProblem('  ')).toBe('Give the field a name.');
    expect(statusFieldProblem('review')).toBeUndefined();
  });
});
