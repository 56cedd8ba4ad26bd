/**
 * Differential property: random Apertus JSON conversations rendered by the official template
 * (`@huggingface/jinja`, the reference) and by decode + Parley's native renderer.
 * - The template renders → Parley reports no error (decoder and renderer) and the texts are
 *   equal, byte for byte. Nothing is skipped: an error of Parley's where the template renders
 *   is a failure, so that no difference can hide behind one.
 * - The template raises → Parley reports an error (from the decoder or the renderer).
 * Runs when the reference template is present (see test/reference/apertus-template.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { render } from '../../src/core/formats/apertus/render.ts';
import { apertusJsonCodec } from '../../src/core/interchange/apertus-json/index.ts';
import { referenceAvailable, renderReference, SKIP_REASON } from '../reference/apertus-template.ts';
import { conversationCase } from './arbitraries.ts';

const RUNS = 2000;

describe.skipIf(!referenceAvailable)(`Apertus native render vs the official template${referenceAvailable ? '' : ` (skipped: ${SKIP_REASON})`}`, () => {
  it(`agrees with @huggingface/jinja on ${RUNS} generated conversations`, () => {
    const tally = { compared: 0, rejectedByBoth: 0 };
    fc.assert(
      fc.property(conversationCase, ({ json, options }) => {
        let expected: string | undefined;
        let raised: string | undefined;
        try {
          expected = renderReference(json, options);
        } catch (thrown) {
          raised = thrown instanceof Error ? thrown.message : String(thrown);
        }
        const decoded = apertusJsonCodec.decode(json);
        expect(decoded.record, 'the generator makes only decodable JSON').toBeDefined();
        if (decoded.record === undefined) return;
        const rendered = render(decoded.record, options);
        const errors = [...decoded.diagnostics, ...rendered.diagnostics].filter((d) => d.severity === 'error');
        if (raised !== undefined) {
          expect(errors, `the template raised "${raised}"; Parley must report an error`).not.toHaveLength(0);
          tally.rejectedByBoth += 1;
        } else {
          expect(errors.map((d) => d.message), 'the template renders; Parley must report no error').toEqual([]);
          expect(rendered.text).toBe(expected);
          tally.compared += 1;
        }
      }),
      { numRuns: RUNS },
    );
    // The property is only meaningful if most runs compare texts and some exercise errors.
    expect(tally.compared).toBeGreaterThan(RUNS * 0.4);
    expect(tally.rejectedByBoth).toBeGreaterThan(RUNS * 0.05);
  });
});
