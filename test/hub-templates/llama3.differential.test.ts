/**
 * Differential property: random OpenAI-style conversations rendered by Llama-3.1-8B-Instruct's
 * chat template (`@huggingface/jinja`, the reference) and by the OpenAI Chat reader + Parley's
 * native Llama 3.1 renderer, with random template variables (bos_token, date_string,
 * tools_in_user_message, add_generation_prompt).
 * - The template renders → Parley reports no error and the texts are equal, byte for byte.
 * - The template raises → Parley reports an error.
 * Built-in tools are not generated: `@huggingface/jinja` 0.5.11 has no `reject` filter and raises
 * on every template that uses them (llama3/render.test.ts checks them against jinja2's output).
 * Runs when the reference templates are present (test/reference/hf-jinja-golden.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderLlama3 } from '../../src/core/formats/llama3/render.ts';
import { openAiChatCodec } from '../../src/core/interchange/openai-chat/index.ts';
import { GOLDEN_SKIP_REASON, goldenAvailable, LLAMA31, renderTemplate } from '../reference/hf-jinja-golden.ts';
import { hubConversation, text } from './arbitraries.ts';

const RUNS = 2000;

const variables = fc.record({
  bosToken: fc.constantFrom('<|begin_of_text|>', '', '<s>'),
  dateString: fc.oneof({ arbitrary: fc.constantFrom('26 Jul 2024', '10 Jul 2025'), weight: 3 }, { arbitrary: text, weight: 1 }),
  toolsInUserMessage: fc.boolean(),
  addGenerationPrompt: fc.boolean(),
});

describe.skipIf(!goldenAvailable)(`Llama 3.1 native render vs its template${goldenAvailable ? '' : ` (skipped: ${GOLDEN_SKIP_REASON})`}`, () => {
  it(`agrees with @huggingface/jinja on ${RUNS} generated conversations`, () => {
    const tally = { compared: 0, rejectedByBoth: 0, withTools: 0, withCalls: 0 };
    fc.assert(
      fc.property(hubConversation(2), variables, ({ json, style }, v) => {
        let expected: string | undefined;
        let raised: string | undefined;
        const context = { ...json, bos_token: v.bosToken, date_string: v.dateString, tools_in_user_message: v.toolsInUserMessage, add_generation_prompt: v.addGenerationPrompt };
        try {
          expected = renderTemplate(LLAMA31, context);
        } catch (thrown) {
          raised = thrown instanceof Error ? thrown.message : String(thrown);
        }
        const decoded = openAiChatCodec.decode(json);
        expect(decoded.record, 'the generator makes only decodable JSON').toBeDefined();
        if (decoded.record === undefined) return;
        const rendered = renderLlama3(decoded.record, { ...v, arguments: style });
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
    expect(tally.compared).toBeGreaterThan(RUNS * 0.4);
    expect(tally.withTools).toBeGreaterThan(RUNS * 0.15);
    expect(tally.withCalls).toBeGreaterThan(RUNS * 0.15);
    expect(tally.rejectedByBoth).toBeGreaterThan(RUNS * 0.02);
  });
});
