/**
 * Round trip of the ChatML-Qwen2.5 and Llama 3.1 formats on generated conversations:
 * `parse(render(r))` reads back without errors a record that renders the same text, and holds
 * the same messages (roles and text, calls and their arguments) within what the format writes:
 * no names or call ids, ChatML's default system message (Llama 3.1: the same text again). Conversations
 * whose text contains the format's own tokens (reported as token injection) are not expected to
 * read back and are skipped; so are those the template rejects.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { chatMlFormat } from '../../src/core/formats/chatml/index.ts';
import { llama3Format } from '../../src/core/formats/llama3/index.ts';
import type { Format } from '../../src/core/formats/types.ts';
import { openAiChatCodec } from '../../src/core/interchange/openai-chat/index.ts';
import type { Conversation, Message } from '../../src/core/model/types.ts';
import type { OptionValues } from '../../src/core/shared/options.ts';
import { argumentsJson, type ArgumentsMode } from '../../src/core/formats/shared/arguments-mode.ts';
import { DEFAULT_SYSTEM } from '../../src/core/formats/chatml/tokens.ts';
import { hubConversation } from './arbitraries.ts';

// Their renderers and parsers are loaded on demand (Format.prepare).
beforeAll(() => Promise.all([chatMlFormat.prepare?.(), llama3Format.prepare?.()]));

const RUNS = 600;

/** What of a message the format writes (and so must read back). */
function essence(message: Message, mode: ArgumentsMode): unknown {
  const content = message.content?.type === 'text' ? message.content.text : '';
  const calls = (message.toolCalls ?? []).map((call) => ({ name: call.name, arguments: argumentsJson(call, mode).text }));
  return { role: message.role, content: calls.length > 0 ? undefined : content, calls };
}

function checkRoundTrip(format: Format<OptionValues>, options: Partial<OptionValues>, record: Conversation): boolean {
  const rendered = format.render(record, options);
  if (rendered.diagnostics.some((d) => d.severity === 'error' || d.code.endsWith('/token-injection'))) return false;
  const parsed = format.parse(rendered.text, options);
  expect(parsed.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  expect(format.render(parsed.record, options).text).toBe(rendered.text);
  return true;
}

describe('ChatML (Qwen2.5) and Llama 3.1 read back what they render', () => {
  it(`chatml: ${RUNS} generated conversations`, () => {
    let checked = 0;
    fc.assert(
      fc.property(hubConversation(3), fc.boolean(), ({ json, style }, addGenerationPrompt) => {
        // A message ChatML drops (developer, ipython) can join the tool results around it into one turn.
        if (json.messages.some((m) => m.role === 'developer' || m.role === 'ipython')) return;
        const record = openAiChatCodec.decode(json).record as Conversation;
        const options = { addGenerationPrompt, arguments: style };
        if (!checkRoundTrip(chatMlFormat, options, record)) return;
        checked += 1;
        const parsed = chatMlFormat.parse(chatMlFormat.render(record, options).text).record as Conversation;
        // The default system message is no message; tool messages come back as tool messages.
        const expected = record.messages.filter((m, i) => ['user', 'assistant', 'tool', 'system'].includes(m.role) && !(i === 0 && m.role === 'system' && m.content?.type === 'text' && m.content.text === DEFAULT_SYSTEM));
        expect(parsed.messages.map((m) => essence(m, style))).toEqual(expected.map((m) => essence(m, style)));
        expect(parsed.tools.map((t) => t.name)).toEqual(record.tools.map((t) => t.name));
      }),
      { numRuns: RUNS },
    );
    expect(checked).toBeGreaterThan(RUNS * 0.3);
  });

  it(`llama3: ${RUNS} generated conversations`, () => {
    let checked = 0;
    fc.assert(
      fc.property(hubConversation(1), fc.boolean(), fc.boolean(), ({ json, style }, addGenerationPrompt, toolsInUserMessage) => {
        const record = openAiChatCodec.decode(json).record as Conversation;
        const options = { addGenerationPrompt, toolsInUserMessage, arguments: style };
        if (!checkRoundTrip(llama3Format, options, record)) return;
        checked += 1;
      }),
      { numRuns: RUNS },
    );
    expect(checked).toBeGreaterThan(RUNS * 0.3);
  });
});

describe('ChatML (Qwen2.5) and Llama 3.1 parse any text without throwing', () => {
  it.each([
    ['chatml', chatMlFormat],
    ['llama3', llama3Format],
  ] as const)('%s: cut and spliced renders, and arbitrary text, give a record and diagnostics', (_id, format) => {
    fc.assert(
      fc.property(hubConversation(2), fc.nat(), fc.nat(), fc.string({ maxLength: 20 }), ({ json }, a, b, noise) => {
        const text = format.render(openAiChatCodec.decode(json).record as Conversation).text;
        const [from, to] = [a % (text.length + 1), b % (text.length + 1)].sort((x, y) => x - y) as [number, number];
        for (const input of [text.slice(from, to), text.slice(0, from) + noise + text.slice(to), noise]) {
          const parsed = format.parse(input);
          expect(parsed.record.kind).toBe('chat');
          for (const d of parsed.diagnostics) expect(d.message.trim()).not.toBe('');
        }
      }),
      { numRuns: 300 },
    );
  });
});
