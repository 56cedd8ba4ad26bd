import { describe, expect, it } from 'vitest';
import { cleanCheckFor } from '../clean-check/index.ts';
import { decodeRecordText } from '../dataset/record-decode.ts';
import { checkRecord } from './check-record.ts';
import { dialectContextOf, type CheckProfile } from './profile.ts';
import { defectFile } from './test-defects.ts';

const PROFILE: CheckProfile = { formatId: 'apertus', rules: { maxTurns: { max: 2 }, forbiddenText: { patterns: [{ text: 'why why why' }] }, lastRole: { roles: ['assistant'] } } };

describe('checkRecord with provenClean (the rules alone, after a clean check)', () => {
  it('gives what the full check gives, on every record the Apertus clean check passes', () => {
    const isClean = cleanCheckFor('apertus', {});
    if (isClean === undefined) throw new Error('Apertus has a clean check');
    const lines = defectFile(400).text.trim().split('\n');
    let passed = 0;
    let flagged = 0;
    lines.forEach((text, i) => {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return;
      }
      if (isClean(json) === false) return;
      const decoded = decodeRecordText(text, i + 1, dialectContextOf(PROFILE));
      if (!decoded.ok) throw new Error(decoded.message);
      passed++;
      const full = checkRecord({ record: decoded.record, readerDiagnostics: decoded.diagnostics }, PROFILE, { once: true });
      const quick = checkRecord({ record: decoded.record }, PROFILE, { once: true, provenClean: true });
      expect(quick).toEqual(full);
      if (full.diagnostics.length > 0) flagged++;
    });
    // The comparison covers clean records and records the rules flag.
    expect(passed).toBeGreaterThan(300);
    expect(flagged).toBeGreaterThan(100);
  });
});
