import { describe, expect, it } from 'vitest';
import { arrangeDiagnostics, harmlessLine } from './diagnostic-groups.ts';

const d = (severity: 'error' | 'warning' | 'info', code: string, message: string, loss?: 'content' | 'harmless') => ({ severity, code, message, ...(loss ? { loss } : {}) });

describe('arrangeDiagnostics', () => {
  it('puts errors first, keeps the checks order within a severity, and groups the harmless ones by code after them', () => {
    const list = [
      d('warning', 'chatml/not-shown', 'The call id "a" is not written by ChatML.', 'harmless'),
      d('info', 'x/info', 'An info.'),
      d('warning', 'x/warn', 'A warning.'),
      d('warning', 'chatml/not-shown', 'The call id "b" is not written by ChatML.', 'harmless'),
      d('error', 'x/err', 'An error.'),
      d('warning', 'chatml/not-shown', 'The thoughts are not written by ChatML.', 'content'),
      d('info', 'generated-call-id', 'An id was made up.', 'harmless'),
    ];
    const { problems, harmless } = arrangeDiagnostics(list);
    expect(problems.map((p) => p.code)).toEqual(['x/err', 'x/warn', 'chatml/not-shown', 'x/info']);
    expect(problems.find((p) => p.code === 'chatml/not-shown')?.loss).toBe('content');
    expect(harmless.map((g) => [g.code, g.items.length, g.example])).toEqual([
      ['chatml/not-shown', 2, 'The call id "a" is not written by ChatML.'],
      ['generated-call-id', 1, 'An id was made up.'],
    ]);
  });

  it('says a group in one line, with its count', () => {
    const { harmless } = arrangeDiagnostics([d('warning', 'c', 'Id "a" not written.', 'harmless'), d('warning', 'c', 'Id "b" not written.', 'harmless')]);
    expect(harmlessLine(harmless[0]!)).toBe('2 harmless differences like this one: Id "a" not written.');
  });
});
