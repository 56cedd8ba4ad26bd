/**
 * Two builds of the command side by side (`npx tsx bench/cli-compare.ts <other bin/parley.js>`):
 * render, validate and convert `--jsonl` on the same generated file (PARLEY_BENCH_CONVERSATIONS
 * conversations of 100 messages, default 500), each contender once per round, interleaved, and
 * the median wall time of the rounds (PARLEY_BENCH_ROUNDS, default 7), so that the load of a
 * shared machine hits both alike. Prints new/other time ratios (> 1: this build is slower).
 * PARLEY_BENCH_NO_NUMBERS=1 leaves out the records' only number (a tool schema's `default`), as
 * in plain chat data, which holds none.
 * Used to measure what issue 20's guards (per-record failures, the depth and UTF-8 checks,
 * numbers as written) cost against the build before them.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeConversation } from './conversations.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const THIS_BIN = join(ROOT, 'bin', 'parley.js');
const OTHER_BIN = process.argv[2];
if (!OTHER_BIN) throw new Error('usage: npx tsx bench/cli-compare.ts <other build>/bin/parley.js');
const CONVERSATIONS = Number(process.env.PARLEY_BENCH_CONVERSATIONS ?? 500);
const ROUNDS = Number(process.env.PARLEY_BENCH_ROUNDS ?? 7);
const COMMANDS: readonly (readonly string[])[] = [
  ['render', '--format', 'apertus', '--date', '2025-08-25', '--jsonl'],
  ['validate', '--format', 'apertus', '--jsonl'],
  ['convert', '--to', 'openai-chat', '--jsonl'],
];

function seconds(bin: string, args: readonly string[], file: string): number {
  const start = process.hrtime.bigint();
  const run = spawnSync(process.execPath, [bin, ...args, file], { stdio: ['ignore', 'ignore', 'ignore'] });
  if (run.status !== 0 && run.status !== 1) throw new Error(`${bin} ${args.join(' ')} exited ${run.status}`);
  return Number(process.hrtime.bigint() - start) / 1e9;
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const dir = mkdtempSync(join(tmpdir(), 'parley-cli-compare-'));
try {
  const file = join(dir, 'data.jsonl');
  const noNumbers = process.env.PARLEY_BENCH_NO_NUMBERS === '1';
  const line = (i: number): string => JSON.stringify(makeConversation(100, i), noNumbers ? (key, value: unknown) => (key === 'default' && typeof value === 'number' ? undefined : value) : undefined);
  writeFileSync(file, Array.from({ length: CONVERSATIONS }, (_, i) => line(i)).join('\n') + '\n');
  const mb = statSync(file).size / 1e6;
  console.log(`${CONVERSATIONS} conversations${noNumbers ? ' (no numbers)' : ''}, ${mb.toFixed(1)} MB, ${ROUNDS} rounds, load ${loadavg()[0]!.toFixed(1)}`);
  for (const args of COMMANDS) {
    const mine: number[] = [];
    const other: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      mine.push(seconds(THIS_BIN, args, file));
      other.push(seconds(OTHER_BIN, args, file));
    }
    const [a, b] = [median(mine), median(other)];
    console.log(`${args[0]!.padEnd(8)} this ${a.toFixed(2)} s  other ${b.toFixed(2)} s  this/other ${(a / b).toFixed(3)}`);
  }
  console.log(`load at the end ${loadavg()[0]!.toFixed(1)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
