/**
 * Differential property (differential.ts): random OpenAI-style conversations rendered by
 * Llama-3.1-8B-Instruct's chat template and by Parley's native Llama 3.1 renderer, with random
 * template variables (bos_token, date_string, tools_in_user_message, add_generation_prompt).
 * Built-in tools are not generated: `@huggingface/jinja` 0.5.11 has no `reject` filter and raises
 * on every template that uses them (llama3/render.test.ts checks them against jinja2's output).
 * Runs when the reference templates are present (test/reference/hf-jinja-golden.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderLlama3 } from '../../src/core/formats/llama3/render.ts';
import { GOLDEN_SKIP_REASON, goldenAvailable, LLAMA31 } from '../reference/hf-jinja-golden.ts';
import { hubConversation, text } from './arbitraries.ts';
import { checkAgainstTemplate, newTally } from './differential.ts';

const RUNS = 2000;

const variables = fc.record({
  bosToken: fc.constantFrom('<|begin_of_text|>', '', '<s>'),
  dateString: fc.oneof({ arbitrary: fc.constantFrom('26 Jul 2024', '10 Jul 2025'), weight: 3 }, { arbitrary: text, weight: 1 }),
  toolsInUserMessage: fc.boolean(),
  addGenerationPrompt: fc.boolean(),
});

describe.skipIf(!goldenAvailable)(`Llama 3.1 native render vs its template${goldenAvailable ? '' : ` (skipped: ${GOLDEN_SKIP_REASON})`}`, () => {
  it(`agrees with @huggingface/jinja on ${RUNS} generated conversations`, () => {
    const tally = newTally();
    fc.assert(
      fc.property(hubConversation(2), variables, ({ json, style }, v) => {
        const context = { ...json, bos_token: v.bosToken, date_string: v.dateString, tools_in_user_message: v.toolsInUserMessage, add_generation_prompt: v.addGenerationPrompt };
        checkAgainstTemplate(LLAMA31, context, json, (record) => renderLlama3(record, { ...v, arguments: style }), tally);
      }),
      { numRuns: RUNS },
    );
    expect(tally.compared).toBeGreaterThan(RUNS * 0.4);
    expect(tally.withTools).toBeGreaterThan(RUNS * 0.15);
    expect(tally.withCalls).toBeGreaterThan(RUNS * 0.15);
    expect(tally.rejectedByBoth).toBeGreaterThan(RUNS * 0.02);
  });
});
