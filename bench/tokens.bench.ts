/**
 * Tokens benchmark (`npm run bench:tokens`, issue 12), written to BENCHMARKS.md ("Tokens"):
 * - loading each shipped tokenizer (JSON.parse of its tokenizer.json, then `loadTokenizer`);
 * - tokenizing a 1 MB render (Apertus, generated conversations) with each: the library's own
 *   `encode` alone, Parley's `encode` (the library plus the character ranges), and the mask and
 *   example on top (`spanTrainable`, `tokenMask`, `exampleOf`). The first run (the library's
 *   BPE cache empty) and the median of the next ones, each contender interleaved per round;
 * - `parley tokenize --jsonl` in conversations per second, after start-up (the same command on
 *   an empty file, which loads the tokenizer, is subtracted), beside `render --jsonl` on the same
 *   data and `--jobs 2`.
 * PARLEY_BENCH_ROUNDS and PARLEY_BENCH_CONVERSATIONS make a quicker run; PARLEY_BENCH_BIN names
 * another build of the command (default bin/parley.js: run `npm run build:lib` first).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Tokenizer as HfTokenizer } from '@huggingface/tokenizers';
import { apertusFormat } from '../src/core/formats/apertus/index.ts';
import { apertusJsonCodec } from '../src/core/interchange/apertus-json/index.ts';
import { DEFAULT_TOKENIZERS, loadTokenizer, spanTrainable, tokenMask, exampleOf, type Tokenizer } from '../src/core/tokens/index.ts';
import { writeBenchmarkSection } from './benchmarks-md.ts';
import { conversationsJsonl, makeConversation } from './conversations.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = process.env.PARLEY_BENCH_BIN ?? join(ROOT, 'bin', 'parley.js');
const ROUNDS = Number(process.env.PARLEY_BENCH_ROUNDS ?? 3);
const CONVERSATIONS = Number(process.env.PARLEY_BENCH_CONVERSATIONS ?? 300);
const MESSAGES = 20;
const HEADING = '## Tokens (npm run bench:tokens)';
const require = createRequire(import.meta.url);

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};
const ms = (start: number): number => performance.now() - start;
const fmt = (n: number, digits = 0): string => n.toFixed(digits);

/** An Apertus render of about 1 MB (the record is kept for the mask). */
function megabyteRender() {
  let size = 200;
  for (;;) {
    const { record } = apertusJsonCodec.decode(makeConversation(size));
    if (!record) throw new Error('generated conversation not readable');
    const rendered = apertusFormat.render(record, { date: '2025-08-25' });
    if (rendered.text.length >= 1_000_000) return { record, rendered };
    size = Math.ceil((size * 1_050_000) / rendered.text.length);
  }
}

interface Loaded {
  id: string;
  parseMs: number;
  loadMs: number;
  tokenizer: Tokenizer;
  hf: HfTokenizer;
}

function load(id: string, tokenizerJson: string, configJson: string): Loaded {
  let start = performance.now();
  const json = JSON.parse(readFileSync(require.resolve(tokenizerJson), 'utf8')) as object;
  const config = JSON.parse(readFileSync(require.resolve(configJson), 'utf8')) as object;
  const parseMs = ms(start);
  start = performance.now();
  const tokenizer = loadTokenizer({ tokenizer: json, config }, id);
  const loadMs = ms(start);
  return { id, parseMs, loadMs, tokenizer, hf: new HfTokenizer(json, config) };
}

function coreSection(): string {
  const { record, rendered } = megabyteRender();
  const rows: string[] = [];
  for (const entry of DEFAULT_TOKENIZERS) {
    const t = load(entry.id, entry.tokenizerJson, entry.configJson);
    const library: number[] = [];
    const parley: number[] = [];
    const mask: number[] = [];
    let count = 0;
    for (let round = 0; round <= ROUNDS; round++) {
      let start = performance.now();
      t.hf.encode(rendered.text, { add_special_tokens: false });
      library.push(ms(start));
      start = performance.now();
      const encoding = t.tokenizer.encode(rendered.text, { addSpecialTokens: false });
      parley.push(ms(start));
      start = performance.now();
      const tokens = tokenMask(encoding, rendered.spans, spanTrainable(record, rendered.spans, { turns: 'last' }));
      exampleOf(encoding, tokens, record.kind === 'chat' ? record.messages.length : 0);
      mask.push(ms(start));
      count = encoding.ids.length;
    }
    const [libraryCold = NaN, ...libraryWarm] = library;
    const [parleyCold = NaN, ...parleyWarm] = parley;
    rows.push(
      `| ${entry.label} | ${fmt(t.parseMs)} + ${fmt(t.loadMs)} ms | ${count} | ${fmt(libraryCold)} / ${fmt(median(libraryWarm))} ms | ${fmt(parleyCold)} / ${fmt(median(parleyWarm))} ms | ${fmt(median(parleyWarm) / median(libraryWarm), 2)}× | ${fmt(median(mask.slice(1)))} ms |`,
    );
    console.log(rows.at(-1));
  }
  return [
    `Render: Apertus, ${(rendered.text.length / 1e6).toFixed(2)} M characters (${record.kind === 'chat' ? record.messages.length : 0} messages). Times: first run / median of the next ${ROUNDS}.`,
    '',
    '| tokenizer | load (JSON.parse + loadTokenizer) | tokens | library encode | Parley encode (+ ranges) | Parley ÷ library | mask + labels |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

function wall(args: string[]): number {
  const start = performance.now();
  const run = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  if (run.status !== 0 && run.status !== 1) throw new Error(`${args.join(' ')} failed: ${run.stderr.toString()}`);
  return ms(start) / 1000;
}

function commandSection(): string {
  const dir = mkdtempSync(join(tmpdir(), 'parley-bench-tokens-'));
  try {
    const data = join(dir, 'data.jsonl');
    const empty = join(dir, 'empty.jsonl');
    writeFileSync(data, conversationsJsonl(CONVERSATIONS, MESSAGES));
    writeFileSync(empty, '');
    const contenders = [
      { name: 'render --format openchatml --jsonl --jobs 1', args: ['render', '--format', 'openchatml', '--jsonl', '--jobs', '1'] },
      { name: 'tokenize --format openchatml (Qwen3) --jsonl --jobs 1', args: ['tokenize', '--format', 'openchatml', '--jsonl', '--jobs', '1'] },
      { name: 'tokenize --format openchatml (Qwen3) --jsonl --jobs 2', args: ['tokenize', '--format', 'openchatml', '--jsonl', '--jobs', '2'] },
      { name: 'tokenize --tokenizer gpt-oss --jsonl --jobs 1', args: ['tokenize', '--format', 'openchatml', '--tokenizer', 'gpt-oss', '--jsonl', '--jobs', '1'] },
    ];
    const times = contenders.map(() => ({ run: [] as number[], start: [] as number[] }));
    for (let round = 0; round < ROUNDS; round++) {
      contenders.forEach((c, k) => {
        times[k]?.start.push(wall([BIN, ...c.args, empty]));
        times[k]?.run.push(wall([BIN, ...c.args, data]));
      });
    }
    const rows = contenders.map((c, k) => {
      const t = times[k] ?? { run: [], start: [] };
      const net = median(t.run) - median(t.start);
      return `| ${c.name} | ${fmt(median(t.start), 2)} s | ${fmt(median(t.run), 2)} s | ${fmt(CONVERSATIONS / net)} |`;
    });
    for (const row of rows) console.log(row);
    return [
      `Data: ${CONVERSATIONS} conversations × ${MESSAGES} messages of Apertus JSON (bench/conversations.ts); medians of ${ROUNDS} rounds, interleaved.`,
      '',
      '| command | start-up (empty input; loads the tokenizer) | wall | conversations/s after start-up |',
      '| --- | --- | --- | --- |',
      ...rows,
    ].join('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function main(): void {
  const started = loadavg()[0]?.toFixed(1);
  console.log('Tokenizing a 1 MB render…');
  const core = coreSection();
  console.log('Running parley tokenize…');
  const command = commandSection();
  const section = [
    HEADING,
    '',
    '```sh',
    'npm run bench:tokens    # tsx bench/tokens.bench.ts (run npm run build:lib first: it runs bin/parley.js)',
    '```',
    '',
    `Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load average ${started} at the start, ${loadavg()[0]?.toFixed(1)} at the end.`,
    '',
    '### Tokenizing a 1 MB render (core, this process)',
    '',
    core,
    '',
    '### parley tokenize',
    '',
    command,
    '',
  ].join('\n');
  console.log(`\n${section}`);
  writeBenchmarkSection(ROOT, HEADING, section);
  console.log('Written to BENCHMARKS.md.');
}

main();
