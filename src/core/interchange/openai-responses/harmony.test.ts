/**
 * OpenAI Responses ↔ harmony channels, as harmony's documents map them (harmony is "designed
 * to mimic the Responses API", ../shared/reference/harmony/format.md): a `reasoning` item is an
 * analysis message, a `function_call` a commentary message to `functions.NAME` ending with
 * `<|call|>`, its `function_call_output` a message from `functions.NAME` to the assistant, and
 * assistant `output_text` the final message. Both ways go through the record's blocks
 * (thoughts, tool calls, response), which the harmony format writes as those channels and reads
 * back into.
 */
import { describe, expect, it } from 'vitest';
import { parseHarmony } from '../../formats/harmony/parse.ts';
import { renderHarmony } from '../../formats/harmony/render.ts';
import { decodeOpenAiResponses } from './decode.ts';
import { encodeOpenAiResponses } from './encode.ts';

const RESPONSES = {
  input: [
    { role: 'user', content: 'Weather in Tokyo?' },
    { type: 'reasoning', summary: [{ type: 'summary_text', text: 'Need get_weather.' }] },
    { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"location":"Tokyo"}' },
    { type: 'function_call_output', call_id: 'call_1', output: '{"temp":20}' },
    { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'It is 20 degrees.' }] },
  ],
};

const HARMONY =
  '<|start|>user<|message|>Weather in Tokyo?<|end|>' +
  '<|start|>assistant<|channel|>analysis<|message|>Need get_weather.<|end|>' +
  '<|start|>assistant to=functions.get_weather<|channel|>commentary <|constrain|>json<|message|>{"location":"Tokyo"}<|call|>' +
  '<|start|>functions.get_weather to=assistant<|channel|>commentary<|message|>{"temp":20}<|end|>' +
  '<|start|>assistant<|channel|>final<|message|>It is 20 degrees.<|return|>';

describe('OpenAI Responses and harmony channels', () => {
  it('writes reasoning as analysis, function calls as commentary to functions.NAME, their outputs from functions.NAME, output text as final', () => {
    const { record } = decodeOpenAiResponses(RESPONSES);
    if (!record) throw new Error('no record');
    const rendered = renderHarmony(record, { systemMessage: false, keepAnalysis: true });
    expect(rendered.text).toBe(HARMONY);
    // Only the call ids have no place in harmony.
    expect(rendered.diagnostics.filter((d) => d.severity !== 'info').map((d) => d.message)).toEqual([
      expect.stringContaining('the call id "call_1"'),
      expect.stringContaining('the call id "call_1"'),
    ]);
  });

  it('reads harmony channels back into Responses items of the same kinds', () => {
    const { record } = parseHarmony(HARMONY);
    const { json } = encodeOpenAiResponses(record);
    const items = (json as { input: { type?: string; role?: string; name?: string; arguments?: string }[] }).input;
    expect(items.map((item) => item.type ?? `${item.role ?? ''} message`)).toEqual(['user message', 'reasoning', 'function_call', 'function_call_output', 'message']);
    expect(items[2]).toMatchObject({ name: 'get_weather', arguments: '{"location":"Tokyo"}' });
  });
});
