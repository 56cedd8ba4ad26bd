/**
 * One case of the differential tests of the native Hub formats (chatml, llama3): a generated
 * OpenAI-style conversation rendered by the model's own chat template and by the OpenAI Chat
 * reader + Parley's native renderer (test/reference/differential-case.ts says what must agree).
 */
import type { Rendered } from '../../src/core/formats/types.ts';
import { openAiChatCodec } from '../../src/core/interchange/openai-chat/index.ts';
import type { ParleyRecord } from '../../src/core/model/types.ts';
import { checkAgainstReference } from '../reference/differential-case.ts';
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
  const outcome = checkAgainstReference(() => renderTemplate(template, context), openAiChatCodec.decode(json), render);
  if (outcome === 'rejected') {
    tally.rejectedByBoth += 1;
    return;
  }
  tally.compared += 1;
  if (json.tools) tally.withTools += 1;
  if (json.messages.some((m) => 'tool_calls' in m)) tally.withCalls += 1;
}
