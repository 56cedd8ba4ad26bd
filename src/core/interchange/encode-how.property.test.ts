/**
 * `EncodeHow.wants` (types.ts), for every dialect: declining a diagnostic leaves out that one
 * and nothing else, the output is the same, the encoder asks once for each diagnostic it would
 * make (so that `parley convert` can count what it declined), and only about codes that are
 * never errors (so that declining cannot hide a failure).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../model/diagnostic.ts';
import { CODECS } from './registry.ts';
import { modelRecord } from './shared/test-model-records.ts';

function countOf(diagnostics: readonly Diagnostic[], code: string): number {
  return diagnostics.filter((d) => d.code === code).length;
}

/** Whether `part` is `whole` with some entries left out, in order. */
function isSubsequence(part: readonly Diagnostic[], whole: readonly Diagnostic[]): boolean {
  let at = 0;
  for (const item of whole) if (at < part.length && JSON.stringify(item) === JSON.stringify(part[at])) at += 1;
  return at === part.length;
}

describe('EncodeHow.wants, every dialect', () => {
  it.each(CODECS.map((codec) => [codec.id, codec] as const))('%s: leaves out exactly what it declined, asked once for each, never an error', (_id, codec) => {
    fc.assert(
      fc.property(modelRecord, fc.infiniteStream(fc.boolean()), (record, answers) => {
        const full = codec.encode(record);
        const asks: { code: string; yes: boolean }[] = [];
        const lean = codec.encode(record, {}, {
          wants: (code) => {
            const yes = answers.next().value as boolean;
            asks.push({ code, yes });
            return yes;
          },
        });
        expect(lean.json).toEqual(full.json);
        expect(isSubsequence(lean.diagnostics, full.diagnostics)).toBe(true);
        for (const code of new Set(asks.map((ask) => ask.code))) {
          const declined = asks.filter((ask) => ask.code === code && !ask.yes).length;
          expect(countOf(lean.diagnostics, code)).toBe(countOf(full.diagnostics, code) - declined);
          expect(full.diagnostics.filter((d) => d.code === code).every((d) => d.severity !== 'error')).toBe(true);
        }
        expect(lean.diagnostics.length).toBe(full.diagnostics.length - asks.filter((ask) => !ask.yes).length);
      }),
      { numRuns: 300 },
    );
  });
});
