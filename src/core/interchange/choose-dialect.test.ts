import { describe, expect, it } from 'vitest';
import { chooseDialect } from './choose-dialect.ts';
import { findCodec } from './registry.ts';
import { dialectContextOf } from '../checks/profile.ts';

/** A format whose native dialect is Apertus JSON. */
const APERTUS = 'apertus';
/** A format without one. */
const NO_NATIVE = 'openchatml';

const plainChat = { messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello.' }] };
const toolChat = [
  { role: 'user', content: 'Weather?' },
  { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{}' } }] },
  { role: 'tool', tool_call_id: 'c1', content: '{"temp": 21}' },
];

/** Read for the profile of format `formatId` (the format shown: since issue 24 it must not change the choice). */
function choose(json: unknown, formatId?: string, override?: string) {
  const reading = chooseDialect(json, formatId === undefined ? { override: override === undefined ? undefined : findCodec(override) } : dialectContextOf({ formatId, ...(override === undefined ? {} : { readAs: override }) }));
  return reading && { codec: reading.codec.id, how: reading.how, ok: reading.decoded.record !== undefined };
}

describe('chooseDialect', () => {
  it('reads with the dialect the person named, whatever the value looks like', () => {
    expect(choose(plainChat, APERTUS, 'anthropic')).toEqual({ codec: 'anthropic', how: 'given', ok: true });
    expect(choose({ conversations: [] }, APERTUS, 'openai-chat')).toMatchObject({ codec: 'openai-chat', how: 'given' });
  });

  it('reads plain OpenAI chat, which Apertus JSON reads whole too, as OpenAI Chat whatever the format (the tie goes to the most common writer)', () => {
    // Issue 24: the dialect follows the data, not the format shown; a plain OpenAI export is also valid Apertus JSON.
    expect(choose(plainChat, APERTUS)).toMatchObject({ codec: 'openai-chat', how: 'detected', ok: true });
    expect(choose(toolChat, APERTUS)).toMatchObject({ codec: 'openai-chat', how: 'detected', ok: true });
    expect(choose(plainChat, APERTUS)).toEqual(choose(plainChat, NO_NATIVE));
    expect(choose(toolChat, APERTUS)).toEqual(choose(toolChat));
  });

  it('reads a value with Apertus JSON marks as Apertus JSON whatever the format', () => {
    const blocks = [{ role: 'assistant', content: { blocks: [{ type: 'response', text: 'Hi.' }] } }];
    expect(choose(blocks, NO_NATIVE)).toMatchObject({ codec: 'apertus-json', how: 'detected', ok: true });
  });

  it('reads the same value as the detected dialect for a format without a native one, or none', () => {
    expect(choose(toolChat, NO_NATIVE)).toEqual({ codec: 'openai-chat', how: 'detected', ok: true });
    expect(choose(toolChat)).toEqual({ codec: 'openai-chat', how: 'detected', ok: true });
  });

  it('does not read as the native dialect a value with fields it does not know', () => {
    // `model` is a request field of OpenAI (and Anthropic): kept as an unknown Apertus JSON field, it would be lost on export to Anthropic.
    expect(choose({ model: 'gpt-4o', ...plainChat }, APERTUS)).toMatchObject({ codec: 'openai-chat', how: 'detected' });
    // A legacy OpenAI function call is a call to OpenAI, an unknown message field to Apertus JSON.
    const legacy = { messages: [{ role: 'user', content: 'W?' }, { role: 'assistant', content: null, function_call: { name: 'f', arguments: '{}' } }] };
    expect(choose(legacy, APERTUS)).toMatchObject({ codec: 'openai-chat', how: 'detected' });
  });

  it('reads a value with a shape of another dialect as that dialect', () => {
    expect(choose({ system: 'Be brief.', messages: [{ role: 'user', content: 'hi' }] }, APERTUS)).toMatchObject({ codec: 'anthropic', how: 'detected' });
  });

  it('falls back to the detected dialect when the native one finds errors', () => {
    // Content parts as a list: OpenAI's form; Apertus JSON takes {"parts": [...]}.
    expect(choose({ messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] }, APERTUS)).toMatchObject({ codec: 'openai-chat', how: 'detected' });
  });

  it('reads a value Apertus JSON detects as itself with its own unknown keys or with errors', () => {
    // Keys of a content mapping that the template ignores are Apertus JSON's own (kept for the round trip).
    const mapping = [{ role: 'user', content: { text: 'ignored', parts: [{ type: 'text', text: 'hi' }] } }];
    expect(choose(mapping, APERTUS)).toEqual({ codec: 'apertus-json', how: 'detected', ok: true });
    const broken = [{ role: 'assistant', content: { blocks: [{ type: 'response' }] } }];
    const reading = chooseDialect(broken, dialectContextOf({ formatId: APERTUS }));
    expect(reading?.codec.id).toBe('apertus-json');
    expect(reading?.how).toBe('detected');
    expect(reading?.decoded.diagnostics.some((d) => d.severity === 'error')).toBe(true);
  });

  it('says undefined when no dialect claims the value', () => {
    expect(choose({ hello: 'world' }, APERTUS)).toBeUndefined();
    expect(choose('just a string')).toBeUndefined();
  });
});
