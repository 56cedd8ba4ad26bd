import { describe, expect, it } from 'vitest';
import { diagnosticsLabel } from './RecordList.tsx';

const summary = (errors: number, warnings: number, infos: number) => ({ preview: '', dialect: 'openai-chat', messages: 1, turns: 1, hasToolCalls: false, hasThoughts: false, diagnostics: errors + warnings + infos, errors, warnings });

describe("a row's diagnostics label", () => {
  it('counts errors, warnings and infos apart, as the diagnostics panel does', () => {
    expect(diagnosticsLabel({ summary: summary(2, 1, 1) })).toBe('2 errors, 1 warning, 1 info');
    expect(diagnosticsLabel({ summary: summary(0, 3, 0) })).toBe('3 warnings');
    expect(diagnosticsLabel({ summary: summary(1, 0, 0) })).toBe('1 error');
    expect(diagnosticsLabel({ summary: summary(0, 0, 0) })).toBe('no problems');
    expect(diagnosticsLabel({})).toBe('not checked yet');
    expect(diagnosticsLabel({ problem: { kind: 'json', message: 'x', line: 1 } })).toBe('bad line');
  });
});
