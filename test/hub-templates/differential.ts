/**
 * One case of the differential tests of the native Hub formats (chatml, llama3): a generated
 * OpenAI-style conversation rendered by the model's own chat template (`@huggingface/jinja`, the
 * reference) and by the OpenAI Chat reader + Parley's native renderer.
 * - The template renders → Parley reports no error and the texts are equal, byte for byte.
 * - The template raises → Parley reports an error.
 */
import { expect } from 'vitest';
import type { Rendered } from '../../src/core/formats/types.ts';
import { openAiChatCodec } from '../../src/core/interchange/openai-chat/index.ts';
import type { ParleyRecord } from '../../src/core/model/types.ts';
import { renderTemplate } from '../reference/hf-jinja-golden.ts';
import type { HubCase } from './arbitraries.ts';

/** What the runs exercised: the caller checks that most compared texts, with tools and calls, and that some were refused by both. */
export interface DifferentialTally {
  compared: number;
  rejectedByBoth: number;
  withTools: number;
  withCalls: number;
}

export function newTally(): DifferentialTally {
  return { compared: 0, rejectedByBoth: 0, withTools: 0, withCalls: 0 };
}

/** `context`: the template's variables (the conversation's JSON and the template's own, e.g. `add_generation_prompt`). */
export function checkAgainstTemplate(template: string, context: Record<string, unknown>, json: HubCase['json'], render: (record: ParleyRecord) => Rendered, tally: DifferentialTally): void {
  let expected: string | undefined;
  let raised: string | undefined;
  try {
    expected = renderTemplate(template, context);
  } catch (thrown) {
    raised = thrown instanceof Error ? thrown.message : String(thrown);
  }
  const decoded = openAiChatCodec.decode(json);
  expect(decoded.record, 'the generator makes only decodable JSON').toBeDefined();
  if (decoded.record === undefined) return;
  const rendered = render(decoded.record);
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
}
