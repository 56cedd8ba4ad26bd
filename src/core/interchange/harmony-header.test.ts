/**
 * A message's harmony header fields (channel, recipient, content type; model/types.ts) through
 * the JSON dialects: Parley JSON and Apertus JSON keep them (Apertus JSON as the extension keys
 * `channel`, `recipient`, `content_type`, null included); every other dialect reports them as
 * lost in conversion (interchange/loss-probe.ts).
 */
import { describe, expect, it } from 'vitest';
import { conversation, textMessage } from '../model/builders.ts';
import type { Conversation } from '../model/types.ts';
import { findCodec } from './registry.ts';

const record = (): Conversation =>
  conversation([
    textMessage('user', 'Weather?'),
    textMessage('assistant', '{"city": "Bern"}', { channel: 'commentary', recipient: 'functions.get_weather', contentType: '<|constrain|>json' }),
    textMessage('tool', '{"temp": 20}', { name: 'get_weather', channel: null, recipient: null }),
  ]);

const header = (r: Conversation) => r.messages.map((m) => [m.channel, m.recipient, m.contentType]);

describe('harmony header fields in JSON dialects', () => {
  it.each(['parley-json', 'apertus-json'])('%s keeps them, null included', (id) => {
    const codec = findCodec(id);
    if (!codec) throw new Error(`no codec ${id}`);
    const encoded = codec.encode(record());
    expect(encoded.diagnostics.filter((d) => d.code === 'lost-in-conversion')).toEqual([]);
    const back = codec.decode(JSON.parse(JSON.stringify(encoded.json)));
    expect(header(back.record as Conversation)).toEqual(header(record()));
    expect((back.record as Conversation).messages.map((m) => m.extra)).toEqual([undefined, undefined, undefined]);
  });

  it('Apertus JSON writes them as channel, recipient and content_type', () => {
    const json = findCodec('apertus-json')?.encode(record()).json as { messages: Record<string, unknown>[] };
    expect(json.messages[1]).toMatchObject({ channel: 'commentary', recipient: 'functions.get_weather', content_type: '<|constrain|>json' });
    expect(json.messages[2]).toMatchObject({ channel: null, recipient: null });
  });

  it.each(['openai-chat', 'openai-responses', 'anthropic'])('%s reports them as lost in conversion', (id) => {
    const codec = findCodec(id);
    if (!codec) throw new Error(`no codec ${id}`);
    const lost = codec.encode(record()).diagnostics.filter((d) => d.code === 'lost-in-conversion' && d.message.includes('harmony header'));
    expect(lost.map((d) => d.path)).toEqual([
      ['messages', 1, 'channel'],
      ['messages', 2, 'channel'],
    ]);
  });
});
