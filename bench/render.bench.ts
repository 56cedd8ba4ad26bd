/**
 * Core render benchmark (`npm run bench`): Parley's native Apertus renderer against
 * - the official template rendered by `@huggingface/jinja` (parsed once; only `render` is timed),
 * - `JSON.stringify` of the same Apertus JSON (a floor: the cost of merely serialising it),
 * on generated conversations of 10, 100 and 1,000 messages with tools, thoughts, tool calls,
 * tool outputs and tool messages. The three are measured in one run, interleaved round by
 * round, and each figure is the median of the rounds, so that machine noise hits all alike.
 */
import { render } from '../src/core/formats/apertus/render.ts';
import { apertusJsonCodec } from '../src/core/interchange/apertus-json/index.ts';
import type { Conversation } from '../src/core/model/types.ts';
import { referenceAvailable, referenceTemplate, SKIP_REASON } from '../test/reference/apertus-template.ts';

const SIZES = [10, 100, 1000];
const ROUNDS = 15;
/** Each measurement of one round runs for about this long. */
const SLICE_MS = 60;
const OPTIONS = { bosToken: '<s>', enableThinking: true, addGenerationPrompt: false, date: '2025-08-25' };

const TOOLS = [
  {
    name: 'get_weather',
    description: 'Get the current weather for a city.',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string', description: 'City name.' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'], default: 'celsius' } },
      required: ['city'],
    },
  },
  {
    name: 'web_search',
    description: 'Search the web.',
    parameters: { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'integer', default: 5 }, filters: { type: 'object', properties: { site: { type: 'string' } } } }, required: ['query'] },
  },
  { name: 'calculator', description: 'Evaluate an expression.', parameters: { type: 'object', properties: { expression: { type: 'string' } }, required: ['expression'] } },
];

/** A deterministic pseudo-random sentence generator (the same conversation on every run). */
function words(seed: number, count: number): string {
  const vocabulary = ['the', 'weather', 'in', 'Zurich', 'is', 'cloudy', 'and', 'search', 'results', 'show', 'that', 'Apertus', 'models', 'use', 'tools', 'to', 'answer', 'questions', 'précisément', '— ok.'];
  let x = seed * 2654435761;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out.push(vocabulary[x % vocabulary.length] as string);
  }
  return out.join(' ');
}

/** Apertus JSON with `size` messages: user turns, structured assistants, tool messages. */
function makeConversation(size: number): { messages: unknown[]; tools: unknown[] } {
  const messages: unknown[] = [{ role: 'system', content: 'You are Apertus, an agent that can use tools.' }];
  let i = 0;
  while (messages.length < size) {
    i += 1;
    messages.push({ role: 'user', content: words(i, 25) });
    messages.push({
      role: 'assistant',
      content: {
        blocks: [
          { type: 'thoughts', text: words(i + 1, 40) },
          { type: 'tool_calls', calls: [{ name: 'get_weather', arguments: `{"city": "${words(i + 2, 1)}"}` }, { name: 'web_search', arguments: `{"query": "${words(i + 3, 5)}"}` }] },
        ],
      },
    });
    messages.push({ role: 'tool', content: `{"temp_c": ${i % 30}, "sky": "cloudy"}` });
    messages.push({ role: 'tool', content: words(i + 4, 30) });
    messages.push({
      role: 'assistant',
      content: {
        blocks: [
          { type: 'thoughts', text: words(i + 5, 20) },
          { type: 'tool_calls', calls: [{ name: 'calculator', arguments: '{"expression": "17 * 23"}' }] },
          { type: 'tool_outputs', outputs: [{ output: '391' }] },
          { type: 'response', text: words(i + 6, 60) },
        ],
      },
    });
  }
  messages.length = size;
  return { messages, tools: TOOLS };
}

/** Operations per second of `fn`, run repeatedly for about `SLICE_MS`. */
function opsPerSecond(fn: () => unknown): number {
  let sink = 0;
  let runs = 0;
  const start = performance.now();
  let elapsed: number;
  do {
    const result = fn();
    sink += typeof result === 'string' ? result.length : 1;
    runs += 1;
    elapsed = performance.now() - start;
  } while (elapsed < SLICE_MS);
  if (sink < 0) throw new Error('unreachable'); // keeps the results alive
  return (runs * 1000) / elapsed;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function format(n: number): string {
  return n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1);
}

function main(): void {
  const template = referenceAvailable ? referenceTemplate() : undefined;
  if (!template) process.stdout.write(`(@huggingface/jinja column skipped: ${SKIP_REASON})\n`);
  const rows: string[][] = [];
  for (const size of SIZES) {
    const json = makeConversation(size);
    const decoded = apertusJsonCodec.decode(json);
    const record = decoded.record as Conversation;
    const context = { messages: json.messages, tools: json.tools, bos_token: '<s>', enable_thinking: true, add_generation_prompt: false, parley_reference_date: OPTIONS.date };
    const native = () => render(record, OPTIONS).text;
    const jinja = template ? () => template.render(context) : undefined;
    const stringify = () => JSON.stringify(json);
    // Same output, or the comparison means nothing.
    if (jinja && jinja() !== native()) throw new Error(`native and reference renders differ at ${size} messages`);
    for (let i = 0; i < 3; i++) [native, stringify, ...(jinja ? [jinja] : [])].forEach((fn) => opsPerSecond(fn)); // warm-up
    const samples = { native: [] as number[], jinja: [] as number[], stringify: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      samples.native.push(opsPerSecond(native));
      if (jinja) samples.jinja.push(opsPerSecond(jinja));
      samples.stringify.push(opsPerSecond(stringify));
    }
    const n = median(samples.native);
    const j = jinja ? median(samples.jinja) : NaN;
    const s = median(samples.stringify);
    rows.push([
      String(size),
      format(n),
      jinja ? format(j) : '–',
      jinja ? `${(n / j).toFixed(1)}×` : '–',
      format(s),
      `${(s / n).toFixed(2)}×`,
      `${native().length.toLocaleString('en-US')}`,
    ]);
  }
  const header = ['messages', 'native ops/s', '@huggingface/jinja ops/s', 'native ÷ jinja', 'JSON.stringify ops/s', 'stringify ÷ native', 'rendered chars'];
  const lines = [header, header.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

main();
