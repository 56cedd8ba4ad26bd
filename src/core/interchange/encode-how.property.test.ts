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

  // The loss probe (loss-probe.ts) looks for the encoder's own report of a dropped block: declined, it must not report the block's summary again.
  it.each(CODECS.map((codec) => [codec.id, codec] as const))('%s: a reasoning summary read from OpenAI Responses, dropped with its block, is counted once', (_id, codec) => {
    const responses = CODECS.find((c) => c.id === 'openai-responses');
    const input = [
      { role: 'user', content: 'hi' },
      { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'a' }, { type: 'summary_text', text: 'b' }] },
      { type: 'message', role: 'assistant', id: 'msg_1', status: 'completed', content: [{ type: 'output_text', text: 'x' }] },
      { type: 'message', role: 'assistant', id: 'msg_2', status: 'completed', content: [{ type: 'output_text', text: 'y' }] },
    ];
    const record = responses?.decode({ input }).record;
    if (!record) throw new Error('the Responses reader did not read the example');
    const full = codec.encode(record);
    let declined = 0;
    const lean = codec.encode(record, {}, { wants: () => (declined++, false) });
    expect(lean.diagnostics.length).toBe(full.diagnostics.length - declined);
    expect(isSubsequence(lean.diagnostics, full.diagnostics)).toBe(true);
  });
});
