/**
 * Every real document of ../shared/interop is detected as the dialect its manifest names
 * (issue 22, "detection by evidence"); one test a document. A document of no dialect
 * (`dialect: null`, a training-data shape such as a preference record) must not be read as a
 * conversation without errors: no dialect claims it, or the one that does says what is wrong.
 */
import { describe, expect, it } from 'vitest';
import type { ParleyRecord } from '../../src/core/model/types.ts';
import { detectDialect } from '../../src/core/interchange/registry.ts';
import { interopAvailable, interopCases, interopValues, SKIP_REASON } from './cases.ts';

const cases = interopCases();

/**
 * Documents the manifest lists as refused (`dialect: null`) that Parley reads since: the
 * training-data shapes (issue 22, item 5), read on top of the dialect their messages are in, and
 * LLaMA-Factory's v1 records (`{"type", "value"}` parts, tools as JSON text).
 */
export const NOW_READ: Record<string, string> = {
  'hf-trl-tool-pref': 'openai-chat',
  'lf-reason-tool-use': 'llamafactory',
  'lf-v1-sft': 'llamafactory',
  'lf-v1-multimodal': 'llamafactory',
  'lf-reason-tool-use-rec2': 'llamafactory',
};

describe.skipIf(!interopAvailable)(`the interop documents' dialects${interopAvailable ? '' : ` (skipped: ${SKIP_REASON})`}`, () => {
  it('has documents to check', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  it.each(cases.map((entry) => [entry.id, entry] as const))('%s', (_id, entry) => {
    for (const value of interopValues(entry)) {
      const detection = detectDialect(value);
      const dialect = entry.dialect ?? NOW_READ[entry.id];
      if (dialect !== undefined) {
        expect(detection?.codec.id).toBe(dialect);
        continue;
      }
      if (detection === undefined) continue;
      const { record, diagnostics } = detection.codec.decode(value);
      expect(record === undefined || diagnostics.some((d) => d.severity === 'error'), `read as ${detection.codec.id} without an error`).toBe(true);
    }
  });
});

/** The documents the audit saw detected as another dialect, whose blocks that dialect then dropped. */
const misdetected = cases.filter((entry) => entry.dialect !== null && entry.known?.includes('detected as') === true);

describe.skipIf(!interopAvailable)('the documents once detected as another dialect', () => {
  it.each(misdetected.map((entry) => [entry.id, entry] as const))('%s: read as detected and written back, is the same document', (_id, entry) => {
    for (const value of interopValues(entry)) {
      const detection = detectDialect(value);
      const { record, diagnostics } = detection?.codec.decode(value) ?? { record: undefined, diagnostics: [] };
      expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(detection?.codec.encode(record as ParleyRecord).json).toEqual(value);
    }
  });
});

