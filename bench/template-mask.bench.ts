/**
 * The template mask's cost (docs/tokens.md, "Under a Jinja template"): one render of a
 * conversation with the real Qwen2.5 template (../shared/reference) without spans (the text
 * alone), with spans before the mask (field recovery only: the mask's prefix renders skipped by
 * reading the render with `spans: false` then recovering nothing is not possible, so the figure
 * is the whole render with spans, the prefix renders cold), and after a keystroke in the last
 * message (the prefix renders kept). Median of 7 runs each, side by side in one process.
 *   npx tsx bench/template-mask.bench.ts
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { renderJinja } from '../src/core/formats/jinja/render.ts';
import { clearPrefixRenders } from '../src/core/formats/jinja/mask/prefix-cache.ts';
import { openAiChatCodec } from '../src/core/interchange/openai-chat/index.ts';
import type { Conversation } from '../src/core/model/types.ts';
import { goldenAvailable, goldenCase, QWEN25 } from '../test/reference/hf-jinja-golden.ts';

if (!goldenAvailable) throw new Error('needs ../shared/reference (the Qwen2.5 template)');
const template = goldenCase(QWEN25).chat_template;

function conversation(messages: number): Conversation {
  const json = { messages: Array.from({ length: messages }, (_, i) => (i % 2 === 0 ? { role: 'user', content: `Question ${i}: what is ${i} + ${i}?` } : { role: 'assistant', content: `It is ${i - 1 + (i - 1)}. Anything else?` })) };
  const record = openAiChatCodec.decode(json).record;
  if (record === undefined || record.kind !== 'chat') throw new Error('no record');
  return record;
}

function median(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function time(run: () => void, before: () => void = () => undefined): number {
  const times: number[] = [];
  for (let k = 0; k < 7; k++) {
    before();
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return median(times);
}

console.log(`load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
console.log('messages | text only (ms) | spans + mask, cold (ms) | spans + mask, last message typed (ms) | cold / text');
for (const n of [10, 100, 300]) {
  const record = conversation(n);
  const typed = structuredClone(record);
  const textOnly = time(() => renderJinja(record, { template }, { spans: false }));
  const cold = time(() => renderJinja(record, { template }), clearPrefixRenders);
  let flip = 0;
  const warm = time(
    () => renderJinja(typed, { template }),
    () => {
      // Each run: the prefixes kept from the record, then a keystroke in its last message.
      clearPrefixRenders();
      renderJinja(record, { template });
      const last = typed.messages[n - 1];
      if (last) last.content = { type: 'text', text: `typed ${flip++}` };
    },
  );
  console.log(`${n} | ${textOnly.toFixed(1)} | ${cold.toFixed(1)} | ${warm.toFixed(1)} | ${(cold / textOnly).toFixed(1)}×`);
}
