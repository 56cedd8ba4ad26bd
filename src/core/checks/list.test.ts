import { describe, expect, it } from 'vitest';
import { error, warning, type Diagnostic } from '../model/diagnostic.ts';
import { combineDiagnostics, countBySeverity, type DiagnosticSources } from './list.ts';

const none: DiagnosticSources = { reader: [], record: [], structure: [], format: [], rules: [] };
const listDiagnostics = (sources: Partial<DiagnosticSources>) => combineDiagnostics({ ...none, ...sources });

const info: Diagnostic = { severity: 'info', code: 'note', message: 'fyi' };

describe('combineDiagnostics', () => {
  it('lists each problem once, errors first, then in document order', () => {
    const shared = error('bad-json', 'Arguments are not JSON.', ['messages', 2, 'content', 'blocks', 0, 'calls', 0, 'arguments']);
    const list = listDiagnostics({
      reader: [warning('kept', 'Unknown field kept.', ['messages', 0, 'extra'])],
      record: [shared, info],
      format: [{ ...shared }, error('role', 'Unknown role.', ['messages', 1, 'role']), warning('inject', 'Special token in text.', ['messages', 10, 'content'])],
    });
    expect(list.map((d) => [d.severity, d.code, d.source])).toEqual([
      ['error', 'role', 'format'],
      ['error', 'bad-json', 'record'],
      ['warning', 'kept', 'reader'],
      ['warning', 'inject', 'format'],
      ['info', 'note', 'record'],
    ]);
    expect(countBySeverity(list)).toEqual({ error: 2, warning: 2, info: 1 });
  });

  it('keeps the check\'s copy of a problem the format reports in its own words (same code and path), as the CLI does', () => {
    const path = ['messages', 1, 'content', 'blocks', 0, 'calls', 0, 'arguments'];
    const list = listDiagnostics({
      reader: [],
      record: [error('tool-call/arguments-syntax', 'Not valid JSON.', path)],
      format: [warning('tool-call/arguments-syntax', 'Written as it is.', path)],
    });
    expect(list.map((d) => [d.severity, d.message, d.source])).toEqual([['error', 'Not valid JSON.', 'record']]);
  });

  it('lists an open\'s warning once when a check says the same at the same path', () => {
    const same = warning('dup', 'Twice.', ['messages', 0]);
    expect(listDiagnostics({ reader: [same], record: [{ ...same }], format: [] }).map((d) => d.source)).toEqual(['reader']);
  });
});
