/**
 * Differential property (differential.ts): random OpenAI-style conversations rendered by
 * Qwen2.5-7B-Instruct's chat template and by Parley's native ChatML renderer.
 * Runs when the reference templates are present (test/reference/hf-jinja-golden.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderChatMl } from '../../src/core/formats/chatml/render.ts';
import { GOLDEN_SKIP_REASON, goldenAvailable, QWEN25 } from '../reference/hf-jinja-golden.ts';
import { hubConversation } from './arbitraries.ts';
import { checkAgainstTemplate, newTally } from './differential.ts';

const RUNS = 2000;

describe.skipIf(!goldenAvailable)(`ChatML native render vs Qwen2.5's template${goldenAvailable ? '' : ` (skipped: ${GOLDEN_SKIP_REASON})`}`, () => {
  it(`agrees with @huggingface/jinja on ${RUNS} generated conversations`, () => {
    const tally = newTally();
    fc.assert(
      fc.property(hubConversation(3), fc.boolean(), ({ json, style }, addGenerationPrompt) => {
        checkAgainstTemplate(QWEN25, { ...json, add_generation_prompt: addGenerationPrompt }, json, (record) => renderChatMl(record, { addGenerationPrompt, arguments: style }), tally);
      }),
      { numRuns: RUNS },
    );
    // Meaningful only if most runs compare texts, many with tools and calls, and some exercise errors.
    expect(tally.compared).toBeGreaterThan(RUNS * 0.5);
    expect(tally.withTools).toBeGreaterThan(RUNS * 0.2);
    expect(tally.withCalls).toBeGreaterThan(RUNS * 0.2);
    expect(tally.rejectedByBoth).toBeGreaterThan(RUNS * 0.02);
  });
});
