/**
 * The harmony part of `npm run bench`: Parley's harmony renderer against the gpt-oss chat
 * template rendered by `@huggingface/jinja` (parsed once; only `render` is timed), on
 * conversations of 10, 100 and 1,000 messages (user questions, tool calls, tool results and
 * answers, with function tools) that both render to the same text: the rows are only written
 * when the texts are equal. Timed like the Apertus rows: interleaved rounds, medians.
 */
import { conversation, textMessage, toolDefinition } from '../src/core/model/builders.ts';
import type { Conversation, Message } from '../src/core/model/types.ts';
import { renderHarmony } from '../src/core/formats/harmony/render.ts';
import { harmonyAvailable, SKIP_REASON } from '../test/harmony/reference.ts';
import { renderGptOss } from '../test/harmony/template.ts';

const SIZES = [10, 100, 1000];
const DATE = '2025-06-28';
const PARAMETERS = { type: 'object', properties: { location: { type: 'string', description: 'City and country' }, days: { type: 'integer', description: 'Days ahead' } }, required: ['location'] };

/** The same conversation as template input and as a record: a cycle of question, call, result, answer. */
export function makeHarmonyConversation(size: number): { context: Record<string, unknown>; record: Conversation } {
  const hf: Record<string, unknown>[] = [{ role: 'developer', content: 'You are a weather assistant. Answer briefly.' }];
  const messages: Message[] = [textMessage('developer', 'You are a weather assistant. Answer briefly.')];
  for (let i = 1; i < size; i++) {
    const city = `City ${i}`;
    switch (i % 4) {
      case 1:
        hf.push({ role: 'user', content: `What is the weather in ${city} tomorrow? Please include the temperature.` });
        messages.push(textMessage('user', `What is the weather in ${city} tomorrow? Please include the temperature.`));
        break;
      case 2:
        hf.push({ role: 'assistant', tool_calls: [{ type: 'function', function: { name: 'get_weather', arguments: { location: city, days: 1 } } }] });
        messages.push(textMessage('assistant', `{"location": "${city}", "days": 1}`, { channel: 'commentary', recipient: 'functions.get_weather', contentType: 'json' }));
        break;
      case 3:
        hf.push({ role: 'tool', content: { temperature: 20 + (i % 7), sky: 'clear', wind: 'light' } });
        messages.push(textMessage('tool', `{"temperature": ${20 + (i % 7)}, "sky": "clear", "wind": "light"}`, { name: 'get_weather' }));
        break;
      default:
        hf.push({ role: 'assistant', content: `Tomorrow in ${city}: clear sky, light wind, about ${20 + (i % 7)} degrees.` });
        messages.push(textMessage('assistant', `Tomorrow in ${city}: clear sky, light wind, about ${20 + (i % 7)} degrees.`));
    }
  }
  const tool = { type: 'function', function: { name: 'get_weather', description: 'Gets the weather forecast for a location.', parameters: PARAMETERS } };
  return {
    context: { messages: hf, tools: [tool], add_generation_prompt: true },
    record: conversation(messages, [toolDefinition('get_weather', 'Gets the weather forecast for a location.', PARAMETERS)]),
  };
}

type Measure = (fn: () => unknown) => number;

/** The harmony table (markdown), or a line saying why it was skipped. */
export function harmonyTable(opsPerSecond: Measure, median: (values: number[]) => number, format: (n: number) => string, rounds: number): string {
  if (!harmonyAvailable) return `(harmony rows skipped: ${SKIP_REASON})\n`;
  const rows: string[][] = [];
  for (const size of SIZES) {
    const { context, record } = makeHarmonyConversation(size);
    const native = () => renderHarmony(record, { date: DATE, addGenerationPrompt: true }).text;
    const jinja = () => renderGptOss(context, DATE);
    if (native() !== jinja()) throw new Error(`harmony and the gpt-oss template differ at ${size} messages`);
    for (let i = 0; i < 3; i++) [native, jinja].forEach((fn) => opsPerSecond(fn));
    const samples = { native: [] as number[], jinja: [] as number[] };
    for (let round = 0; round < rounds; round++) {
      samples.native.push(opsPerSecond(native));
      samples.jinja.push(opsPerSecond(jinja));
    }
    const n = median(samples.native);
    const j = median(samples.jinja);
    rows.push([String(size), format(n), format(j), `${(n / j).toFixed(1)}×`, native().length.toLocaleString('en-US')]);
  }
  const header = ['messages', 'harmony ops/s', '@huggingface/jinja (gpt-oss) ops/s', 'harmony ÷ jinja', 'rendered chars'];
  return `\nHarmony (gpt-oss template)\n\n${[header, header.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n')}\n`;
}
