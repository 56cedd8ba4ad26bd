/**
 * The loss tag (issue 22 item 3; docs/formats.md, 'All formats: nothing is dropped silently'):
 * every diagnostic of a render or a conversion that reports something not written as it is says
 * whether content is lost or the difference is harmless (`Diagnostic.loss`), so that the app can
 * group the harmless ones. One record holding what most targets cannot write (call ids,
 * thoughts, a speaker name, unknown fields, citations, a built-in tool) goes through every
 * format and every dialect.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { FORMATS, loadFormat } from '../formats/registry.ts';
import { CODECS } from '../interchange/registry.ts';
import { blocksMessage, conversation, response, textMessage, thoughts, toolCall, toolCalls, toolDefinition } from '../model/builders.ts';
import type { Diagnostic } from '../model/diagnostic.ts';
import type { Conversation } from '../model/types.ts';
import { LOST_CODE } from './lost-in-conversion.ts';

/** Codes that report something a render or a conversion does not write as it is. */
const NOT_WRITTEN_CODES: readonly string[] = [
  LOST_CODE,
  'harmony/not-shown',
  'rwkv/not-shown',
  'chatml/not-shown',
  'llama3/not-shown',
  'harmony/dropped-analysis',
  'apertus/name-ignored',
  'apertus/tool-calls-ignored',
  'apertus/content-keys-ignored',
  'harmony/header-unused',
  'openchatml/flags-not-system',
  'generated-call-id',
  'anthropic/id-mapped',
  'anthropic/empty-arguments',
];

function sample(): Conversation {
  const system = textMessage('system', 'Be brief.');
  system.extra = { cache_control: { type: 'ephemeral' } };
  system.extraSource = 'anthropic';
  const answer = response('It is sunny.');
  answer.extra = { citations: [{ type: 'web_search_result_location', url: 'https://example.com' }] };
  answer.extraSource = 'anthropic';
  const search = toolDefinition('web_search');
  search.type = 'web_search_20250305';
  search.extraSource = 'anthropic';
  return conversation(
    [
      system,
      textMessage('user', 'Weather in Bern?', { name: 'ada', thoughtFlags: ['reason'] }),
      blocksMessage([thoughts('Need the tool.'), toolCalls([toolCall('get_weather', '{"city":"Bern"}', { callId: 'functions.get_weather:0' })])]),
      textMessage('tool', '{"sky":"clear"}', { toolCallId: 'functions.get_weather:0' }),
      blocksMessage([answer], { channel: 'final' }),
    ],
    [toolDefinition('get_weather', 'Gets the weather.', { type: 'object', properties: { city: { type: 'string' } } }), search],
  );
}

function notWritten(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.filter((d) => NOT_WRITTEN_CODES.includes(d.code));
}

beforeAll(async () => {
  for (const format of FORMATS) await loadFormat(format.id);
});

describe('every "not written" diagnostic says what it costs', () => {
  it.each(FORMATS.map((format) => [format.id] as const))('render %s', (id) => {
    const format = FORMATS.find((f) => f.id === id)!;
    const found = notWritten(format.render(sample()).diagnostics);
    expect(found.filter((d) => d.loss === undefined).map((d) => d.message)).toEqual([]);
  });

  it.each(CODECS.map((codec) => [codec.id] as const))('convert to %s', (id) => {
    const codec = CODECS.find((c) => c.id === id)!;
    const found = notWritten(codec.encode(sample()).diagnostics);
    expect(found.filter((d) => d.loss === undefined).map((d) => d.message)).toEqual([]);
  });
});

describe('which losses are harmless', () => {
  it('a call id that ShareGPT does not carry is harmless; the thoughts it has no place for are content', () => {
    const diagnostics = CODECS.find((c) => c.id === 'sharegpt')!.encode(sample()).diagnostics;
    const at = (path: string) => diagnostics.find((d) => d.code === LOST_CODE && d.path?.join('.') === path);
    expect(at('messages.2.content.blocks.1.calls.0.callId')?.loss).toBe('harmless');
    expect(at('messages.3.toolCallId')?.loss).toBe('harmless');
    expect(at('messages.2.content.blocks.0')?.loss).toBe('content');
    expect(at('messages.1.name')?.loss).toBe('content');
  });

  it("an id rewritten to Anthropic's pattern is harmless", () => {
    const diagnostics = CODECS.find((c) => c.id === 'anthropic')!.encode(sample()).diagnostics;
    const mapped = diagnostics.filter((d) => d.code === 'anthropic/id-mapped');
    expect(mapped.length).toBeGreaterThan(0);
    expect(mapped.every((d) => d.loss === 'harmless')).toBe(true);
  });

  it('empty arguments written as {} for Anthropic are harmless', () => {
    const record = conversation([textMessage('user', 'Go.'), blocksMessage([toolCalls([toolCall('go', '', { callId: 'toolu_1' })])])]);
    const empty = CODECS.find((c) => c.id === 'anthropic')!.encode(record).diagnostics.find((d) => d.code === 'anthropic/empty-arguments');
    expect(empty?.loss).toBe('harmless');
  });

  it('harmony: call ids are harmless; citations, a built-in tool and the source fields it cannot show are content', () => {
    const diagnostics = FORMATS.find((f) => f.id === 'harmony')!.render(sample()).diagnostics;
    const byPath = (path: string) => diagnostics.filter((d) => d.path?.join('.') === path).map((d) => d.loss);
    expect(byPath('messages.2.content.blocks.1.calls.0.callId')).toEqual(['harmless']);
    expect(byPath('messages.3.toolCallId')).toEqual(['harmless']);
    expect(byPath('messages.0.extra')).toEqual(['content']);
    expect(byPath('tools.1')).toEqual(['content']);
  });

  it('ChatML: the built-in tool, the citations and the reasoning it does not write are content', () => {
    const diagnostics = FORMATS.find((f) => f.id === 'chatml')!.render(sample()).diagnostics;
    const lost = diagnostics.filter((d) => d.code === LOST_CODE);
    const byPath = (path: string) => lost.find((d) => d.path?.join('.') === path)?.loss;
    expect(byPath('tools.1')).toBe('content');
    expect(byPath('messages.4.content.blocks.0.extra.citations')).toBe('content');
    expect(byPath('messages.2.content.blocks.0')).toBe('content');
  });
});
