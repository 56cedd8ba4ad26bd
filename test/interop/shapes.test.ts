/**
 * The real training records of ../shared/interop (trl's preference record, LLaMA-Factory's
 * preference and KTO records): each opens as a record with branches or a label, with no error,
 * and is written back as it was by the dialect that read it (issue 22, item 5): the same JSON
 * with its top-level keys in their order (inside a message, the key order is the dialect's own,
 * as for any record of it).
 */
import { describe, expect, it } from 'vitest';
import { hasErrors } from '../../src/core/model/diagnostic.ts';
import { branchNamesOf } from '../../src/core/model/branches.ts';
import type { Conversation } from '../../src/core/model/types.ts';
import { detectDialect } from '../../src/core/interchange/registry.ts';
import { interopAvailable, interopCases, interopValues, SKIP_REASON } from './cases.ts';

/** The training records among the documents, with what they hold. */
const TRAINING: Record<string, { branches: string[]; label?: boolean }> = {
  'hf-trl-tool-pref': { branches: ['chosen', 'rejected'] },
  'lf-dpo': { branches: ['chosen', 'rejected'] },
  'lf-kto': { branches: [], label: true },
};

const cases = interopCases().filter((entry) => entry.id in TRAINING);

describe.skipIf(!interopAvailable)(`the interop training records${interopAvailable ? '' : ` (skipped: ${SKIP_REASON})`}`, () => {
  it('has them all', () => {
    expect(cases.map((entry) => entry.id).sort()).toEqual(Object.keys(TRAINING).sort());
  });

  it.each(cases.map((entry) => [entry.id, entry] as const))('%s: opens with its branches and is written back as it was', (id, entry) => {
    for (const value of interopValues(entry)) {
      const codec = detectDialect(value)?.codec;
      const { record, diagnostics } = codec?.decode(value) ?? { record: undefined, diagnostics: [] };
      expect(hasErrors(diagnostics), JSON.stringify(diagnostics)).toBe(false);
      const chat = record as Conversation;
      expect(branchNamesOf(chat)).toEqual(TRAINING[id]?.branches);
      expect(chat.label).toBe(TRAINING[id]?.label);
      const back = codec?.encode(chat).json;
      expect(back).toEqual(value);
      expect(Object.keys(back as object)).toEqual(Object.keys(value as object));
    }
  });
});

/** LLaMA-Factory's v1 documents, refused before: each record reads without an error and is written back byte for byte. */
const V1 = ['lf-reason-tool-use', 'lf-v1-sft', 'lf-v1-multimodal', 'lf-reason-tool-use-rec2'];
const v1Cases = interopCases().filter((entry) => V1.includes(entry.id));

describe.skipIf(!interopAvailable)(`the interop LLaMA-Factory v1 records${interopAvailable ? '' : ` (skipped: ${SKIP_REASON})`}`, () => {
  it.each(v1Cases.map((entry) => [entry.id, entry] as const))('%s: read as LLaMA-Factory v1 and written back byte for byte', (_id, entry) => {
    for (const value of interopValues(entry)) {
      const codec = detectDialect(value)?.codec;
      expect(codec?.id).toBe('llamafactory');
      const { record, diagnostics } = codec?.decode(value) ?? { record: undefined, diagnostics: [] };
      expect(diagnostics).toEqual([]);
      const back = codec?.encode(record as Conversation);
      expect(back?.diagnostics).toEqual([]);
      expect(JSON.stringify(back?.json)).toBe(JSON.stringify(value));
    }
  });
});
