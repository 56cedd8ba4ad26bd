import { describe, expect, it } from 'vitest';
import { offsetInMessage, placeParseDiagnostics } from './problems.ts';

const text = '<<USER>>\nHi\n<<USER_END>>\n\n<<ASSISTANT>>\nyes';

describe('offsetInMessage', () => {
  it('reads "(offset N)" first, then "line L, column C"', () => {
    expect(offsetInMessage(text, 'line 9, column 9 (offset 3): bad')).toBe(3);
    expect(offsetInMessage(text, 'line 5, column 3: no <<ASSISTANT_END>>')).toBe(text.indexOf('<<ASSISTANT>>') + 2);
    expect(offsetInMessage(text, 'something without a place')).toBeUndefined();
  });

  it('stays inside the text and the line', () => {
    expect(offsetInMessage(text, 'line 1, column 99: x')).toBe(text.indexOf('\n'));
    expect(offsetInMessage(text, 'line 40, column 1: x')).toBe(text.length);
  });
});

describe('placeParseDiagnostics', () => {
  it('marks the word at the position, and leaves unplaced diagnostics without a range', () => {
    const [placed, unplaced] = placeParseDiagnostics(text, [
      { severity: 'error', code: 'x', message: 'line 5, column 1: not closed' },
      { severity: 'info', code: 'y', message: 'Render with date 2024-01-01.' },
    ]);
    expect(placed?.range && text.slice(placed.range.start, placed.range.end)).toBe('<<ASSISTANT>>');
    expect(unplaced?.range).toBeUndefined();
  });
});
