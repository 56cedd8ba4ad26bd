/**
 * Differential property: random OpenAI-style conversations rendered by Qwen2.5-7B-Instruct's
 * chat template (`@huggingface/jinja`, the reference) and by the OpenAI Chat reader + Parley's
 * native ChatML renderer.
 * - The template renders → Parley reports no error and the texts are equal, byte for byte.
 * - The template raises → Parley reports an error.
 * Runs when the reference templates are present (test/reference/hf-jinja-golden.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderChatMl } from '../../src/core/formats/chatml/render.ts';
import { openAiChatCodec } from '../../src/core/interchange/openai-chat/index.ts';
import { GOLDEN_SKIP_REASON, goldenAvailable, QWEN25, renderTemplate } from '../reference/hf-jinja-golden.ts';
import { hubConversation } from './arbitraries.ts';

const RUNS = 2000;

describe.skipIf(!goldenAvailable)(`ChatML native render vs Qwen2.5's template${goldenAvailable ? '' : ` (skipped: ${GOLDEN_SKIP_REASON})`}`, () => {
  it(`agrees with @huggingface/jinja on ${RUNS} generated conversations`, () => {
    const tally = { compared: 0, rejectedByBoth: 0, withTools: 0, withCalls: 0 };
    fc.assert(
      fc.property(hubConversation(3), fc.boolean(), ({ json, style }, addGenerationPrompt) => {
        let expected: string | undefined;
        let raised: string | undefined;
        try {
          expected = renderTemplate(QWEN25, { ...json, add_generation_prompt: addGenerationPrompt });
        } catch (thrown) {
          raised = thrown instanceof Error ? thrown.message : String(thrown);
        }
        const decoded = openAiChatCodec.decode(json);
        expect(decoded.record, 'the generator makes only decodable JSON').toBeDefined();
        if (decoded.record === undefined) return;
        const rendered = renderChatMl(decoded.record, { addGenerationPrompt, arguments: style });
        const errors = [...decoded.diagnostics, ...rendered.diagnostics].filter((d) => d.severity === 'error');
        if (raised !== undefined) {
          expect(errors, `the template raised "${raised}"; Parley must report an error`).not.toHaveLength(0);
          tally.rejectedByBoth += 1;
        } else {
          expect(errors.map((d) => d.message), 'the template renders; Parley must report no error').toEqual([]);
          expect(rendered.text).toBe(expected);
          tally.compared += 1;
          if (json.tools) tally.withTools += 1;
          if (json.messages.some((m) => 'tool_calls' in m)) tally.withCalls += 1;
        }
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
