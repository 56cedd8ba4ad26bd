/**
 * Core render benchmark (`npm run bench`): Parley's native Apertus renderer against
 * - the official template rendered by `@huggingface/jinja` (parsed once; only `render` is timed),
 * - `JSON.stringify` of the same Apertus JSON (a floor: the cost of merely serialising it),
 * on generated conversations of 10, 100 and 1,000 messages with tools, thoughts, tool calls,
 * tool outputs and tool messages. The three are measured in one run, interleaved round by
 * round, and each figure is the median of the rounds, so that machine noise hits all alike.
 * Then the native ChatML-Qwen2.5 and Llama 3.1 renderers against their own Hub templates on
 * `@huggingface/jinja`, on OpenAI-style conversations (issue 11 asks for ≥ 20× at 100 messages).
 */
import { render } from '../src/core/formats/apertus/render.ts';
import { apertusJsonCodec } from '../src/core/interchange/apertus-json/index.ts';
import type { Conversation } from '../src/core/model/types.ts';
import { referenceAvailable, referenceTemplate, SKIP_REASON } from '../test/reference/apertus-template.ts';
import { renderChatMl } from '../src/core/formats/chatml/render.ts';
import { renderLlama3 } from '../src/core/formats/llama3/render.ts';
import { openAiChatCodec } from '../src/core/interchange/openai-chat/index.ts';
import type { ParleyRecord } from '../src/core/model/types.ts';
import { goldenAvailable, goldenTemplate, GOLDEN_SKIP_REASON, LLAMA31, QWEN25 } from '../test/reference/hf-jinja-golden.ts';
import { makeConversation, makeOpenAiConversation } from './conversations.ts';
import { harmonyTable } from './harmony-render.ts';

const SIZES = [10, 100, 1000];
const ROUNDS = 15;
/** Each measurement of one round runs for about this long. */
const SLICE_MS = 60;
const OPTIONS = { bosToken: '<s>', enableThinking: true, addGenerationPrompt: false, date: '2025-08-25' };

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
  hubTemplates();
  process.stdout.write(harmonyTable(opsPerSecond, median, format, ROUNDS));
}

const HUB_SIZES = [10, 100];

/** Native ChatML-Qwen2.5 and Llama 3.1 against their templates, interleaved as above. */
function hubTemplates(): void {
  if (!goldenAvailable) {
    process.stdout.write(`\n(Hub template table skipped: ${GOLDEN_SKIP_REASON})\n`);
    return;
  }
  const formats = [
    { label: 'chatml (Qwen2.5)', model: QWEN25, render: (r: ParleyRecord) => renderChatMl(r).text, variables: {} },
    { label: 'llama3 (Llama 3.1)', model: LLAMA31, render: (r: ParleyRecord) => renderLlama3(r).text, variables: { bos_token: '<|begin_of_text|>' } },
  ];
  const rows: string[][] = [];
  for (const { label, model, render: renderNative, variables } of formats) {
    const template = goldenTemplate(model);
    for (const size of HUB_SIZES) {
      const json = makeOpenAiConversation(size);
      const record = openAiChatCodec.decode(json).record as ParleyRecord;
      const context = { ...json, ...variables };
      const native = () => renderNative(record);
      const jinja = () => template.render(context);
      if (jinja() !== native()) throw new Error(`${label}: native and reference renders differ at ${size} messages`);
      for (let i = 0; i < 3; i++) [native, jinja].forEach((fn) => opsPerSecond(fn));
      const samples = { native: [] as number[], jinja: [] as number[] };
      for (let round = 0; round < ROUNDS; round++) {
        samples.native.push(opsPerSecond(native));
        samples.jinja.push(opsPerSecond(jinja));
      }
      const n = median(samples.native);
      const j = median(samples.jinja);
      rows.push([label, String(size), format(n), format(j), `${(n / j).toFixed(1)}×`, native().length.toLocaleString('en-US')]);
    }
  }
  const header = ['format', 'messages', 'native ops/s', '@huggingface/jinja ops/s', 'native ÷ jinja', 'rendered chars'];
  const lines = [header, header.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`);
  process.stdout.write(`\n${lines.join('\n')}\n`);
}

main();
