import { describe, expect, it } from 'vitest';
import { apertusFormat, blocksMessage, conversation, textMessage, toolCall, toolCalls, validateRecord, type Diagnostic } from '../../core/index.ts';
import { placeDiagnostics } from './diagnostic-ranges.ts';
import { SpanIndex } from './span-index.ts';

describe('placeDiagnostics', () => {
  it('places a check of tool-call arguments on the arguments text', () => {
    const record = conversation([textMessage('user', 'Go'), blocksMessage([toolCalls([toolCall('search', '{"q": ')])])]);
    const { text, spans } = apertusFormat.render(record, { date: '2025-01-01' });
    const diagnostics = validateRecord(record).filter((d) => d.path?.includes('arguments'));
    expect(diagnostics.length).toBeGreaterThan(0);
    const placed = placeDiagnostics(new SpanIndex(spans), diagnostics);
    expect(placed.map((p) => text.slice(p.start, p.end))).toEqual(diagnostics.map(() => '{"q": '));
  });

  it('leaves out diagnostics without a path or whose path produced no text, and stops at the maximum', () => {
    const record = conversation([textMessage('user', 'Hi')]);
    const { spans } = apertusFormat.render(record, { date: '2025-01-01' });
    const index = new SpanIndex(spans);
    const some: Diagnostic[] = [
      { severity: 'error', code: 'a', message: 'no path' },
      { severity: 'error', code: 'b', message: 'elsewhere', path: ['messages', 7] },
      { severity: 'warning', code: 'c', message: 'the message', path: ['messages', 0, 'role'] },
    ];
    const placed = placeDiagnostics(index, some);
    expect(placed.map((p) => p.diagnostic.code)).toEqual(['c']);
    expect(placeDiagnostics(index, [some[2]!, some[2]!, some[2]!], 2)).toHaveLength(2);
  });
});
