/**
 * What reading training-data shapes on top of every dialect (withShapes) costs an ordinary
 * record: detection by every dialect and the decode, with the dialects wrapped (as registered)
 * and not, side by side in one run, rounds alternated (the machine is shared: compare the ratio).
 * `npx tsx bench/shapes-overhead.ts`
 */
import { CODECS } from '../src/core/interchange/registry.ts';
import { apertusJsonCodec } from '../src/core/interchange/apertus-json/index.ts';
import { openAiChatCodec } from '../src/core/interchange/openai-chat/index.ts';
import { openAiResponsesCodec } from '../src/core/interchange/openai-responses/index.ts';
import { anthropicCodec } from '../src/core/interchange/anthropic/index.ts';
import { chatCompletionCodec } from '../src/core/interchange/chat-completion/index.ts';
import { shareGptCodec } from '../src/core/interchange/sharegpt/index.ts';
import { alpacaCodec } from '../src/core/interchange/alpaca/index.ts';
import { llamaFactoryCodec } from '../src/core/interchange/llamafactory/index.ts';
import { parleyJsonCodec } from '../src/core/interchange/parley-json/index.ts';
import { withLossProbe } from '../src/core/interchange/loss-probe.ts';
const raw = [apertusJsonCodec, openAiChatCodec, openAiResponsesCodec, anthropicCodec, chatCompletionCodec, shareGptCodec, alpacaCodec, llamaFactoryCodec, parleyJsonCodec].map(withLossProbe);
const record = { messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'What is the weather in Paris?' }, { role: 'assistant', content: 'Sunny, 21 degrees.' }] };
const json = JSON.stringify(record);
function run(codecs: typeof raw, n: number): number {
  const t = performance.now();
  for (let i = 0; i < n; i++) {
    const v = JSON.parse(json);
    let best = codecs[0]!, score = -1;
    for (const c of codecs) { const s = c.detect(v); if (s > score) { score = s; best = c; } }
    best.decode(v);
  }
  return performance.now() - t;
}
const N = 20_000;
const ROUNDS = 11;
run(raw, 5000);
run(CODECS as typeof raw, 5000);
const a: number[] = [];
const b: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  a.push(run(raw, N));
  b.push(run(CODECS as typeof raw, N));
}
const med = (x: number[]) => x.sort((p, q) => p - q)[(ROUNDS - 1) / 2]!;
console.log(`unwrapped ${med(a).toFixed(0)} ms, with shapes ${med(b).toFixed(0)} ms per ${N} records; ratio ${(med(b) / med(a)).toFixed(3)}`);
