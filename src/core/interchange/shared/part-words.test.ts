/**
 * A part kept whole from its dialect (OpenAI's `input_audio`, …) is named by its type and
 * dialect where a target writes it as text, not as "a value part" (issue 22): the reader of the
 * message never saw a value part.
 */
import { describe, expect, it } from 'vitest';
import { loadFormat } from '../../formats/registry.ts';
import type { Conversation } from '../../model/types.ts';
import { findCodec } from '../registry.ts';

const AUDIO = { messages: [{ role: 'user', content: [{ type: 'text', text: 'Listen:' }, { type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'wav' } }] }] };
const NAMED = 'a part of type "input_audio" (from OpenAI Chat Completions)';

function audioRecord(): Conversation {
  return findCodec('openai-chat')?.decode(AUDIO).record as Conversation;
}

function lossMessages(diagnostics: readonly { code: string; message: string }[]): string[] {
  return diagnostics.filter((d) => d.message.startsWith('lost in conversion')).map((d) => d.message);
}

describe('an input_audio part where it can only be text', () => {
  it('is named by its type in ShareGPT', () => {
    const { diagnostics } = findCodec('sharegpt')?.encode(audioRecord()) ?? { diagnostics: [] };
    expect(lossMessages(diagnostics)).toEqual([`lost in conversion: ${NAMED} at messages[0].content.parts[1] (ShareGPT values are text; written as its JSON text)`]);
  });

  it.each(['chatml', 'llama3', 'harmony', 'rwkv'])('is named by its type in the %s render', async (formatId) => {
    const format = await loadFormat(formatId);
    if (!format) throw new Error(`no format ${formatId}`);
    const messages = lossMessages(format.render(audioRecord()).diagnostics);
    expect(messages.some((m) => m.startsWith(`lost in conversion: ${NAMED} at messages[0].content.parts[1]`))).toBe(true);
    expect(messages.join('\n')).not.toContain('value part');
  });

  it('is still "a value part" where it is one (spec 002 value parts)', () => {
    const record = findCodec('chat-completion')?.decode({ messages: [{ role: 'user', contents: [{ type: 'value', value: { a: 1 } }] }] }).record as Conversation;
    const { diagnostics } = findCodec('sharegpt')?.encode(record) ?? { diagnostics: [] };
    expect(lossMessages(diagnostics)).toEqual(['lost in conversion: the type of a value part at messages[0].content.parts[0] (ShareGPT values are text; written as its JSON text)']);
  });
});
