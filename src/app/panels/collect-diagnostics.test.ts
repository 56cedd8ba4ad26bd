import { describe, expect, it } from 'vitest';
import { error, warning, type Diagnostic } from '../../core/index.ts';
import { collectDiagnostics, countBySeverity } from './collect-diagnostics.ts';

const info: Diagnostic = { severity: 'info', code: 'note', message: 'fyi' };

describe('collectDiagnostics', () => {
  it('lists each problem once, errors first, then in document order', () => {
    const shared = error('bad-json', 'Arguments are not JSON.', ['messages', 2, 'content', 'blocks', 0, 'calls', 0, 'arguments']);
    const list = collectDiagnostics({
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
});
