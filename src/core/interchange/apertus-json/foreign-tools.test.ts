/**
 * Tools from another dialect written as Apertus JSON and read back (found by the interop oracle,
 * test/interop/oracle.test.ts): an Anthropic function tool that says `"type": "custom"` stays a
 * function tool with its description and schema, and a built-in tool keeps its display name.
 */
import { describe, expect, it } from 'vitest';
import { anthropicCodec } from '../anthropic/index.ts';
import { openAiResponsesCodec } from '../openai-responses/index.ts';
import type { Conversation } from '../../model/types.ts';
import { LOST_CODE } from '../../shared/lost-in-conversion.ts';
import { apertusJsonCodec } from './index.ts';

const SCHEMA = { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] };

describe('another dialect’s tools in Apertus JSON', () => {
  it('an Anthropic "custom" tool is written as a function tool, its "type" reported as a harmless difference', () => {
    const source = anthropicCodec.decode({
      model: 'claude',
      max_tokens: 10,
      messages: [{ role: 'user', content: 'Hi' }],
      tools: [{ type: 'custom', name: 'get_weather', description: 'Gets the weather.', input_schema: SCHEMA, strict: true }],
    }).record as Conversation;
    const written = apertusJsonCodec.encode(source);
    const back = apertusJsonCodec.decode(written.json).record as Conversation;
    expect(back.tools[0]).toMatchObject({ name: 'get_weather', description: 'Gets the weather.', parameters: SCHEMA });
    expect(back.tools[0]?.type).toBeUndefined();
    const typeLoss = written.diagnostics.find((d) => d.path?.join('.') === 'tools.0.extra.type');
    expect(typeLoss).toMatchObject({ code: LOST_CODE, loss: 'harmless' });
  });

  it('a built-in tool without a name keeps its type as the name shown, as every other dialect reads it', () => {
    const source = openAiResponsesCodec.decode({ model: 'gpt', input: 'Search.', tools: [{ type: 'web_search' }] }).record as Conversation;
    expect(source.tools[0]?.name).toBe('web_search');
    const back = apertusJsonCodec.decode(apertusJsonCodec.encode(source).json).record as Conversation;
    expect(back.tools[0]).toMatchObject({ name: 'web_search', type: 'web_search' });
  });
});
