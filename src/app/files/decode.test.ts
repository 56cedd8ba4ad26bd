import { describe, expect, it } from 'vitest';
import { describeDiagnostic } from './decode.ts';

describe('describeDiagnostic', () => {
  it('does not repeat a path that the message already starts with', () => {
    expect(describeDiagnostic({ severity: 'error', code: 'x', message: 'messages[0].role: missing', path: ['messages', 0, 'role'] })).toBe('messages[0].role: missing');
  });

  it('adds the path to messages without it', () => {
    expect(describeDiagnostic({ severity: 'warning', code: 'x', message: 'lost in conversion', path: ['messages', 1, 'name'] })).toBe('messages[1].name: lost in conversion');
    expect(describeDiagnostic({ severity: 'warning', code: 'x', message: 'messages[1] is odd', path: ['messages', 1, 'name'] })).toBe('messages[1].name: messages[1] is odd');
    expect(describeDiagnostic({ severity: 'info', code: 'x', message: 'no path' })).toBe('no path');
  });
});
