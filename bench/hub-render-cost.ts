/**
 * What one native ChatML-Qwen2.5 or Llama 3.1 render of the benchmark's 100-message
 * conversation costs, in figures that the other jobs of a shared machine do not move:
 * - bytes allocated per render (`--alloc`): the heap's growth over 500 renders, with a young
 *   generation too large to be collected in between (run node with the flags below);
 * - machine instructions (no flag): it renders N times, so that valgrind's instruction count at
 *   two values of N, subtracted, gives instructions per render (start-up and warm-up cancel).
 * `PARLEY_BASE_DIR` renders with another tree (the build before a change) instead of this one.
 *
 *   node --max-semi-space-size=1024 --min-semi-space-size=1024 --import tsx bench/hub-render-cost.ts --alloc
 *   FMT=llama3 N=4000 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
 *     node --single-threaded --import tsx bench/hub-render-cost.ts   # again with N=1000; (I4000 − I1000) / 3000
 */
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openAiChatCodec } from '../src/core/interchange/openai-chat/index.ts';
import type { ParleyRecord } from '../src/core/model/types.ts';
import { makeOpenAiConversation } from './conversations.ts';

type Render = (record: ParleyRecord) => { text: string };
const SIZE = 100;
const WARM_UP = 200;
const ALLOC_RENDERS = 500;

async function renderer(format: string): Promise<Render> {
  const root = process.env.PARLEY_BASE_DIR === undefined ? fileURLToPath(new URL('..', import.meta.url)) : resolve(process.env.PARLEY_BASE_DIR);
  const [file, name] = format === 'chatml' ? ['chatml/render.ts', 'renderChatMl'] : ['llama3/render.ts', 'renderLlama3'];
  const module = (await import(pathToFileURL(join(root, 'src/core/formats', file)).href)) as Record<string, Render>;
  const render = module[name];
  if (render === undefined) throw new Error(`no ${name} in ${root}`);
  return render;
}

async function main(): Promise<void> {
  const record = openAiChatCodec.decode(makeOpenAiConversation(SIZE)).record as ParleyRecord;
  let sink = 0;
  if (process.argv.includes('--alloc')) {
    for (const format of ['chatml', 'llama3']) {
      const render = await renderer(format);
      for (let i = 0; i < WARM_UP; i++) sink += render(record).text.length;
      const before = process.memoryUsage().heapUsed;
      for (let i = 0; i < ALLOC_RENDERS; i++) sink += render(record).text.length;
      const perRender = (process.memoryUsage().heapUsed - before) / ALLOC_RENDERS;
      process.stdout.write(`${format}: ${(perRender / 1024).toFixed(1)} KiB allocated per render\n`);
    }
  } else {
    const render = await renderer(process.env.FMT ?? 'chatml');
    const n = Number(process.env.N ?? 1000);
    for (let i = 0; i < n; i++) sink += render(record).text.length;
  }
  if (sink < 0) throw new Error('unreachable'); // keeps the results alive
}

await main();
