/**
 * The review, as a test: on a file with planted defects at known lines, the one check of a
 * record (decode, then checkRecord) finds every planted line and nothing else, in every format that
 * writes plain chat; the duplicates are found as a property of the file.
 */
import { describe, expect, it } from 'vitest';
import { decodeRecordText } from '../dataset/record-decode.ts';
import { checkRecord } from './check-record.ts';
import { contentKey, DuplicateFinder } from './duplicates.ts';
import { dialectContextOf, type CheckProfile } from './profile.ts';
import { defectFile } from './test-defects.ts';

const file = defectFile(600);
const lines = file.text.slice(0, -1).split('\n');

function severities(profile: CheckProfile): { errors: number[]; warnings: number[] } {
  const context = dialectContextOf(profile);
  const errors: number[] = [];
  const warnings: number[] = [];
  lines.forEach((text, i) => {
    const line = i + 1;
    const decoded = decodeRecordText(text, line, context);
    if (!decoded.ok) {
      errors.push(line);
      return;
    }
    const check = checkRecord({ record: decoded.record, readerDiagnostics: decoded.diagnostics }, profile, { once: true });
    if (check.errors > 0) errors.push(line);
    else if (check.warnings > 0) warnings.push(line);
  });
  return { errors, warnings };
}

describe('a file with planted defects', () => {
  const plantedErrors = file.defects.filter((d) => d.severity === 'error').map((d) => d.line);
  const plantedWarnings = file.defects.filter((d) => d.severity === 'warning').map((d) => d.line);

  it('plants every kind of defect', () => {
    expect(new Set(file.defects.map((d) => d.kind)).size).toBe(10);
    expect(plantedWarnings.length).toBeGreaterThan(0);
  });

  for (const formatId of ['chatml', 'llama3', 'openchatml', 'harmony', 'rwkv']) {
    it(`${formatId}: the records with errors are the planted error lines, those with warnings only the planted warnings`, () => {
      const found = severities({ formatId });
      expect(found.errors).toEqual(plantedErrors);
      expect(found.warnings).toEqual(plantedWarnings);
    });
  }

  it('apertus: the same, but a second system message is an error (its template raises: apertus/system-not-first)', () => {
    const found = severities({ formatId: 'apertus' });
    expect(found.errors).toEqual([...plantedErrors, ...plantedWarnings].sort((a, b) => a - b));
    expect(found.warnings).toEqual([]);
  });

  it('finds the duplicate records, and only them', () => {
    const finder = new DuplicateFinder();
    lines.forEach((text, i) => finder.add(i + 1, contentKey(text)));
    expect(finder.groups()).toEqual(file.duplicates);
  });
});
