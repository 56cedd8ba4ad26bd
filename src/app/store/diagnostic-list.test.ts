import { describe, expect, it } from 'vitest';
import { error, warning, type Diagnostic } from '../../core/index.ts';
import { countBySeverity, listDiagnostics } from './diagnostic-list.ts';

const info: Diagnostic = { severity: 'info', code: 'note', message: 'fyi' };

describe('listDiagnostics', () => {
  it('lists each problem once, errors first, then in document order', () => {
    const shared = error('bad-json', 'Arguments are not JSON.', ['messages', 2, 'content', 'blocks', 0, 'calls', 0, 'arguments']);
    const list = listDiagnostics({
      import: [warning('kept', 'Unknown field kept.', ['messages', 0, 'extra'])],
      editor: [shared, info],
      format: [{ ...shared }, error('role', 'Unknown role.', ['messages', 1, 'role']), warning('inject', 'Special token in text.', ['messages', 10, 'content'])],
    });
    expect(list.map((d) => [d.severity, d.code, d.source])).toEqual([
      ['error', 'role', 'format'],
      ['error', 'bad-json', 'editor'],
      ['warning', 'kept', 'import'],
      ['warning', 'inject', 'format'],
      ['info', 'note', 'editor'],
    ]);
    expect(new Set(list.map((d) => d.key)).size).toBe(list.length);
    expect(countBySeverity(list)).toEqual({ error: 2, warning: 2, info: 1 });
  });

  it('keeps the check\'s copy of a problem the format reports in its own words (same code and path), as the CLI does', () => {
    const path = ['messages', 1, 'content', 'blocks', 0, 'calls', 0, 'arguments'];
    const list = listDiagnostics({
      import: [],
      editor: [error('tool-call/arguments-syntax', 'Not valid JSON.', path)],
      format: [warning('tool-call/arguments-syntax', 'Written as it is.', path)],
    });
    expect(list.map((d) => [d.severity, d.message, d.source])).toEqual([['error', 'Not valid JSON.', 'editor']]);
  });

  it('lists an open\'s warning once when a check says the same at the same path', () => {
    const same = warning('dup', 'Twice.', ['messages', 0]);
    expect(listDiagnostics({ import: [same], editor: [{ ...same }], format: [] }).map((d) => d.source)).toEqual(['import']);
  });
});
