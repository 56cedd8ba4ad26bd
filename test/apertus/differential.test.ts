/**
 * Differential property (test/reference/differential-case.ts): random Apertus JSON
 * conversations rendered by the official template (`@huggingface/jinja`, the reference) and by
 * decode + Parley's native renderer.
 * Runs when the reference template is present (see test/reference/apertus-template.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkStructure, STRUCTURE_CODES } from '../../src/core/checks/structure.ts';
import { apertusFormat } from '../../src/core/formats/apertus/index.ts';
import { render } from '../../src/core/formats/apertus/render.ts';
import type { Rendered } from '../../src/core/formats/types.ts';
import type { ParleyRecord } from '../../src/core/model/types.ts';
import { apertusJsonCodec } from '../../src/core/interchange/apertus-json/index.ts';
import { referenceAvailable, renderReference, SKIP_REASON } from '../reference/apertus-template.ts';
import { checkAgainstReference } from '../reference/differential-case.ts';
import { conversationCase } from './arbitraries.ts';

const RUNS = 2000;

/**
 * The render's diagnostics and the structural checks' role errors: a role the template raises
 * on ("Invalid message role") is reported once for every format, by core/checks/structure,
 * not by the render. (The other structural checks speak of training data, not of what the
 * template accepts: an empty assistant turn renders.)
 */
function withRoleErrors(record: ParleyRecord, rendered: Rendered): Rendered {
  const roles = checkStructure(record, apertusFormat).filter((d) => d.code === STRUCTURE_CODES.unknownRole);
  return { ...rendered, diagnostics: [...rendered.diagnostics, ...roles] };
}

// Object arguments are compared as the template writes them ("[object Map]", the objectMapArguments
// option); Parley's default writes their JSON text instead (calls.test.ts).
describe.skipIf(!referenceAvailable)(`Apertus native render vs the official template${referenceAvailable ? '' : ` (skipped: ${SKIP_REASON})`}`, () => {
  it(`agrees with @huggingface/jinja on ${RUNS} generated conversations`, () => {
    const tally = { compared: 0, rejectedByBoth: 0 };
    fc.assert(
      fc.property(conversationCase, ({ json, options }) => {
        const outcome = checkAgainstReference(() => renderReference(json, options), apertusJsonCodec.decode(json), (record) => withRoleErrors(record, render(record, { ...options, objectMapArguments: true })));
        if (outcome === 'compared') tally.compared += 1;
        else tally.rejectedByBoth += 1;
      }),
      { numRuns: RUNS },
    );
    // The property is only meaningful if most runs compare texts and some exercise errors.
    expect(tally.compared).toBeGreaterThan(RUNS * 0.4);
    expect(tally.rejectedByBoth).toBeGreaterThan(RUNS * 0.05);
  });
});
