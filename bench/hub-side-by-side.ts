/**
 * Native ChatML-Qwen2.5 and Llama 3.1 renders of this checkout beside those of another tree (the
 * build before a change) and their Hub templates on `@huggingface/jinja`, interleaved round by
 * round in one process, at 100 messages (issue 23: ≥ 50× the template at 100 messages). Each
 * figure is the best round's renders per CPU second of this process (`process.cpuUsage`), which
 * the other jobs of a shared machine disturb far less than wall-clock medians. The rounds
 * alternate the order of the sides (since 2026-11-27 17:10; runs recorded before used one order).
 *
 *   git archive BASE src | tar -x -C /tmp/base   # the tree to compare with
 *   PARLEY_BASE_DIR=/tmp/base npx tsx bench/hub-side-by-side.ts [--after-apertus]
 *
 * `--after-apertus`: first render Apertus conversations (10, 100, 1,000 messages) with both
 * trees, as `npm run bench` does before these rows: code the formats share (the span builder,
 * the reports) then runs as it does there, compiled for Apertus's renders too.
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openAiChatCodec } from '../src/core/interchange/openai-chat/index.ts';
import type { ParleyRecord } from '../src/core/model/types.ts';
import { render as renderApertus } from '../src/core/formats/apertus/render.ts';
import { apertusJsonCodec } from '../src/core/interchange/apertus-json/index.ts';
import { renderChatMl } from '../src/core/formats/chatml/render.ts';
import { renderLlama3 } from '../src/core/formats/llama3/render.ts';
import { goldenAvailable, goldenTemplate, GOLDEN_SKIP_REASON, LLAMA31, QWEN25 } from '../test/reference/hf-jinja-golden.ts';
import { makeConversation, makeOpenAiConversation } from './conversations.ts';

type Render = (record: ParleyRecord) => { text: string };
const ROUNDS = 21;
const SIZE = 100;
const SLICE_MS = 60;

function rendersPerCpuSecond(fn: () => unknown): number {
  let runs = 0;
  const start = performance.now();
  const cpu = process.cpuUsage();
  do {
    fn();
    runs += 1;
  } while (performance.now() - start < SLICE_MS);
  const used = process.cpuUsage(cpu);
  return (runs * 1e6) / (used.user + used.system);
}

async function baseRender(dir: string, file: string, name: string): Promise<Render | undefined> {
  if (dir === '') return undefined;
  const module = (await import(pathToFileURL(join(resolve(dir), 'src/core/formats', file)).href)) as Record<string, Render>;
  return module[name];
}

/** Renders of Apertus conversations, about 20,000 messages in all per tree, as `npm run bench`'s first table makes them. */
const APERTUS_MESSAGES = 20_000;

async function afterApertus(baseDir: string): Promise<void> {
  const renders = [renderApertus as Render, ...(baseDir === '' ? [] : [(await baseRender(baseDir, 'apertus/render.ts', 'render')) as Render])];
  for (const size of [10, 100, 1000]) {
    const record = apertusJsonCodec.decode(makeConversation(size)).record as ParleyRecord;
    for (let i = 0; i < APERTUS_MESSAGES / size; i++) for (const render of renders) render(record);
  }
}

async function main(): Promise<void> {
  if (!goldenAvailable) return void process.stdout.write(`skipped: ${GOLDEN_SKIP_REASON}\n`);
  const baseDir = process.env.PARLEY_BASE_DIR ?? '';
  if (process.argv.includes('--after-apertus')) await afterApertus(baseDir);
  const formats = [
    { label: 'chatml (Qwen2.5)', model: QWEN25, render: renderChatMl as Render, base: await baseRender(baseDir, 'chatml/render.ts', 'renderChatMl'), variables: {} },
    { label: 'llama3 (Llama 3.1)', model: LLAMA31, render: renderLlama3 as Render, base: await baseRender(baseDir, 'llama3/render.ts', 'renderLlama3'), variables: { bos_token: '<|begin_of_text|>' } },
  ];
  const rows: string[] = [];
  for (const { label, model, render, base, variables } of formats) {
    const template = goldenTemplate(model);
    const json = makeOpenAiConversation(SIZE);
    const record = openAiChatCodec.decode(json).record as ParleyRecord;
    const context = { ...json, ...variables };
    const sides = [() => render(record).text, () => template.render(context), ...(base ? [() => base(record).text] : [])];
    const texts = sides.map((fn) => fn());
    if (texts.some((text) => text !== texts[1])) throw new Error(`${label}: the renders differ`);
    for (let i = 0; i < 3; i++) sides.forEach((fn) => rendersPerCpuSecond(fn));
    const best = sides.map(() => 0);
    // Every other round in the reverse order: in a fixed order the side after the template paid
    // for collecting the template's garbage (the collector's threads count in the process's CPU time).
    const order = sides.map((_, i) => i);
    for (let round = 0; round < ROUNDS; round++) {
      for (const i of round % 2 === 0 ? order : [...order].reverse()) best[i] = Math.max(best[i] as number, rendersPerCpuSecond(sides[i] as () => unknown));
    }
    const [n, j, b] = best as [number, number, number | undefined];
    rows.push(`| ${label} | ${Math.round(n)} | ${Math.round(j)} | ${(n / j).toFixed(1)}× | ${b === undefined ? '–' : `${Math.round(b)} | ${(b / j).toFixed(1)}× | ${(n / b).toFixed(2)}×`} |`);
  }
  process.stdout.write(['| format | native /CPU s | @huggingface/jinja /CPU s | native ÷ jinja | base /CPU s | base ÷ jinja | native ÷ base |', '| --- | --- | --- | --- | --- | --- | --- |', ...rows].join('\n') + '\n');
}

await main();
