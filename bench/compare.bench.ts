/**
 * `parley compare` beside the commands it does the work of twice (`npx tsx bench/compare.bench.ts`,
 * after `npm run build:lib`): on one generated JSON Lines file (PARLEY_BENCH_RECORDS records, default
 * 20,000: three plain two-turn chats for each tool-call conversation), `render` against
 * `compare` of ChatML with itself under the other arguments mode, and `tokenize` against
 * `compare --tokenizer qwen3`; each contender once per round, interleaved, the median wall time
 * of PARLEY_BENCH_ROUNDS rounds (default 3), so that the load of a shared machine hits both alike.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'bin', 'parley.js');
const RECORDS = Number(process.env.PARLEY_BENCH_RECORDS ?? 20_000);
const ROUNDS = Number(process.env.PARLEY_BENCH_ROUNDS ?? 3);

const PLAIN = { messages: [{ role: 'user', content: 'Hello, how are you today? '.repeat(4) }, { role: 'assistant', content: 'I am fine, thank you. '.repeat(8) }] };
const CALL = {
  messages: [
    { role: 'user', content: 'Weather in Bern?' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'weather', arguments: '{"city": "Bern"}' } }] },
    { role: 'tool', tool_call_id: 'c1', content: '{"t": 12}' },
    { role: 'assistant', content: 'It is 12 degrees.' },
  ],
};
const SIDES = ['--a', 'chatml', '--b', 'chatml --arguments as-given'];
const PAIRS: readonly { name: string; base: string[]; compare: string[] }[] = [
  { name: 'text', base: ['render', '--format', 'chatml'], compare: ['compare', ...SIDES] },
  { name: 'tokens', base: ['tokenize', '--format', 'chatml'], compare: ['compare', ...SIDES, '--tokenizer', 'qwen3'] },
];

function seconds(args: readonly string[], file: string): number {
  const start = process.hrtime.bigint();
  const run = spawnSync(process.execPath, [BIN, ...args, '--jobs', '1', '--notes', '0', file], { stdio: ['ignore', 'ignore', 'ignore'] });
  if (run.status !== 0 && run.status !== 1) throw new Error(`parley ${args.join(' ')} exited ${run.status}`);
  return Number(process.hrtime.bigint() - start) / 1e9;
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const dir = mkdtempSync(join(tmpdir(), 'parley-compare-bench-'));
try {
  const file = join(dir, 'data.jsonl');
  writeFileSync(file, Array.from({ length: RECORDS }, (_, i) => JSON.stringify(i % 4 === 0 ? CALL : PLAIN)).join('\n') + '\n');
  console.log(`${RECORDS} records, ${ROUNDS} rounds, load average before: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  for (const pair of PAIRS) {
    const base: number[] = [];
    const compare: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      base.push(seconds(pair.base, file));
      compare.push(seconds(pair.compare, file));
    }
    const [b, c] = [median(base), median(compare)];
    console.log(`${pair.name}: parley ${pair.base[0]} ${b.toFixed(2)} s, parley compare ${c.toFixed(2)} s, ratio ${(c / b).toFixed(2)}`);
  }
  console.log(`load average after: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
