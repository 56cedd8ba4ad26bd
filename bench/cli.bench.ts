/**
 * Command benchmark (`npm run bench:cli`): the `parley` command as a pipeline runs it, one
 * process per measurement, on generated data (2,000 conversations of 100 messages, written to
 * a temporary directory and removed at the end):
 * - start-up: `parley formats`, wall time (median of several runs);
 * - MB/s of input for `render --jsonl`, `validate --jsonl`, `convert --jsonl` and
 *   `parse --jsonl` (on what render --jsonl wrote), with `--jobs 1`, after start-up (the wall
 *   time of the same command on an empty file is subtracted);
 * - `validate --rules` with a rules file without token rules (decided on the JSON of the records
 *   the clean check passes, the others checked in full), and with a maxTokens rule (the qwen3
 *   tokenizer counts the tokens of every render) on the first 200 conversations, also as tokens/s;
 * - the floors: a plain Node process that reads the same file the same way (1 MB reads, split
 *   at line breaks) and `JSON.parse`s every line, and one that also `JSON.stringify`s each
 *   value and writes it (an output of the same size);
 * - `--jobs 2` against `--jobs 1` for render and validate, on four times the data (so that the
 *   start of a worker is not most of the run), next to two `--jobs 1` processes on the two
 *   halves (the most two cores give this workload here) and to two busy loops at once (what
 *   the machine gives plain computation; a shared machine may give less than its core count),
 *   and to two floor processes on the halves (what it gives JSON.parse + stringify of this data).
 * Every contender runs once per round, interleaved, and each figure is the median of the
 * rounds, so that the load of a shared machine hits all alike. Output goes to /dev/null.
 * PARLEY_BENCH_CONVERSATIONS and PARLEY_BENCH_ROUNDS make a quicker run.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeConversation } from './conversations.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The command to measure: bin/parley.js, or another entry (e.g. a build elsewhere) named by PARLEY_BENCH_BIN. */
const BIN = process.env.PARLEY_BENCH_BIN ?? join(ROOT, 'bin', 'parley.js');
const CONVERSATIONS = Number(process.env.PARLEY_BENCH_CONVERSATIONS ?? 2000);
const MESSAGES = 100;
const ROUNDS = Number(process.env.PARLEY_BENCH_ROUNDS ?? 3);
const STARTS = 7;
/** Conversations of the token-rule run: it goes at the tokenizer's speed (about 1 MB/s). */
const TOKEN_CONVERSATIONS = Math.min(200, CONVERSATIONS);

const DIR = mkdtempSync(join(tmpdir(), 'parley-bench-cli-'));
/** A team's rules without token rules (docs/rules.md), and one with a token budget. */
const RULES = join(DIR, 'rules.json');
const TOKEN_RULES = join(DIR, 'token-rules.json');

/**
 * The floor, run by plain `node` (no loader, nothing of Parley): what Node itself needs to
 * read the lines and parse them (`parse`), or parse, stringify and write them (`stringify`).
 */
const FLOOR = `
import { openSync, readSync, writeSync } from 'node:fs';
const [file, mode] = process.argv.slice(1);
const fd = openSync(file, 'r');
const block = Buffer.allocUnsafe(1 << 20);
let rest = Buffer.alloc(0);
const line = (text) => {
  if (text.trim() === '') return;
  const value = JSON.parse(text);
  if (mode === 'stringify') writeSync(1, JSON.stringify(value) + '\\n');
};
for (;;) {
  const got = readSync(fd, block, 0, block.length, null);
  if (got === 0) break;
  const buffer = Buffer.concat([rest, block.subarray(0, got)]);
  let start = 0;
  for (let end = buffer.indexOf(10, start); end !== -1; end = buffer.indexOf(10, start)) {
    line(buffer.toString('utf8', start, end));
    start = end + 1;
  }
  rest = Buffer.from(buffer.subarray(start));
}
if (rest.length > 0) line(rest.toString('utf8'));
`;

interface Contender {
  name: string;
  /** The command line, given the input file. */
  args(file: string): string[];
  input: 'data' | 'large' | 'rendered' | 'tokens';
}

const parley = (...args: string[]) => (file: string) => [BIN, ...args, file];
const floor = (mode: string) => (file: string) => ['--input-type=module', '-e', FLOOR, file, mode];

const CONTENDERS: Contender[] = [
  { name: 'floor: JSON.parse', args: floor('parse'), input: 'data' },
  { name: 'floor: JSON.parse + stringify', args: floor('stringify'), input: 'data' },
  { name: 'render --jsonl --jobs 1', args: parley('render', '--format', 'apertus', '--jsonl', '--jobs', '1'), input: 'data' },
  { name: 'validate --jsonl --jobs 1', args: parley('validate', '--format', 'apertus', '--jsonl', '--jobs', '1'), input: 'data' },
  { name: 'validate --rules --jsonl --jobs 1', args: parley('validate', '--format', 'apertus', '--rules', RULES, '--jsonl', '--jobs', '1'), input: 'data' },
  { name: 'validate --rules (maxTokens, qwen3) --jsonl --jobs 1 (200 conversations)', args: parley('validate', '--format', 'apertus', '--rules', TOKEN_RULES, '--tokenizer', 'qwen3', '--jsonl', '--jobs', '1'), input: 'tokens' },
  { name: 'convert --to openai-chat --jsonl --jobs 1', args: parley('convert', '--to', 'openai-chat', '--jsonl', '--jobs', '1'), input: 'data' },
  // Scaling on 4 × the data: a worker takes 0.15-0.3 s to start, a large share of a 1 s run.
  { name: 'render --jsonl --jobs 1 (4× data)', args: parley('render', '--format', 'apertus', '--jsonl', '--jobs', '1'), input: 'large' },
  { name: 'render --jsonl --jobs 2 (4× data)', args: parley('render', '--format', 'apertus', '--jsonl', '--jobs', '2'), input: 'large' },
  { name: 'validate --jsonl --jobs 1 (4× data)', args: parley('validate', '--format', 'apertus', '--jsonl', '--jobs', '1'), input: 'large' },
  { name: 'validate --jsonl --jobs 2 (4× data)', args: parley('validate', '--format', 'apertus', '--jsonl', '--jobs', '2'), input: 'large' },
  // Convert's code is the largest to warm up (the first ~200 records cost several times the rest): its steady state.
  { name: 'convert --to openai-chat --jsonl --jobs 1 (4× data)', args: parley('convert', '--to', 'openai-chat', '--jsonl', '--jobs', '1'), input: 'large' },
  { name: 'floor: JSON.parse + stringify (rendered)', args: floor('stringify'), input: 'rendered' },
  { name: 'parse --jsonl --jobs 1', args: parley('parse', '--format', 'apertus', '--jsonl', '--jobs', '1'), input: 'rendered' },
];

/** Wall milliseconds of one run; the exit code must be 0 or 1 (1: records with errors). */
function wallMs(args: readonly string[]): number {
  const start = performance.now();
  const run = spawnSync(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 30 });
  const ms = performance.now() - start;
  if (run.status !== 0 && run.status !== 1) throw new Error(`${args.join(' ')} exited with ${run.status}: ${run.stderr.toString().slice(0, 500)}`);
  return ms;
}

/** A busy loop of about 0.3 s on an idle core. */
const SPIN = 'let x = 0; for (let i = 0; i < 3e8; i++) x += i % 7; if (x < 0) console.log(x);';

/** Wall milliseconds until every one of the commands, started at once, has exited. */
async function togetherMs(...commands: (readonly string[])[]): Promise<number> {
  const start = performance.now();
  await Promise.all(
    commands.map(
      (args) =>
        new Promise<void>((resolvePromise, reject) => {
          const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
          const err: Buffer[] = [];
          child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
          child.on('error', reject);
          child.on('close', (code) => {
            if (code === 0 || code === 1) resolvePromise();
            else reject(new Error(`${args.join(' ').slice(0, 200)} exited with ${code}: ${Buffer.concat(err).toString().slice(-500)}`));
          });
        }),
    ),
  );
  return performance.now() - start;
}

const spinMs = () => togetherMs(['-e', SPIN]);

/** Work done by two busy processes at once ÷ by one alone (2.0 on two free cores). */
async function machineScaling(): Promise<number> {
  const alone: number[] = [];
  const together: number[] = [];
  for (let i = 0; i < 3; i++) {
    alone.push(await spinMs());
    together.push(await togetherMs(['-e', SPIN], ['-e', SPIN]));
  }
  return (2 * median(alone)) / median(together);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function table(header: string[], rows: string[][]): string {
  return [header, header.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n');
}

async function main(): Promise<void> {
  const dir = DIR;
  try {
    const load = loadavg()[0]?.toFixed(1);
    process.stdout.write(`Node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), load average ${load} at the start\n`);
    const files = { data: join(dir, 'data.jsonl'), large: join(dir, 'large.jsonl'), rendered: join(dir, 'rendered.jsonl'), tokens: join(dir, 'tokens.jsonl'), empty: join(dir, 'empty.jsonl') };
    writeFileSync(
      RULES,
      JSON.stringify({
        allowedRoles: { roles: ['system', 'developer', 'user', 'assistant', 'tool'] },
        alternation: {},
        maxTurns: { max: 200 },
        forbiddenText: { patterns: [{ text: 'As an AI language model' }, { regex: 'I (cannot|can not) (help|assist)', flags: 'i' }] },
      }),
    );
    writeFileSync(TOKEN_RULES, JSON.stringify({ maxTokens: { max: 32768 } }));
    const lines: string[] = [];
    for (let n = 0; n < CONVERSATIONS; n++) lines.push(JSON.stringify(makeConversation(MESSAGES, n)));
    const data = `${lines.join('\n')}\n`;
    writeFileSync(files.data, data);
    writeFileSync(files.large, data.repeat(4));
    const halves = [join(dir, 'half-1.jsonl'), join(dir, 'half-2.jsonl')];
    for (const half of halves) writeFileSync(half, data.repeat(2));
    writeFileSync(files.tokens, `${lines.slice(0, TOKEN_CONVERSATIONS).join('\n')}\n`);
    writeFileSync(files.empty, '');
    const rendered = spawnSync(process.execPath, [BIN, 'render', '--format', 'apertus', '--jsonl', files.data], { cwd: ROOT, maxBuffer: 1 << 30 });
    writeFileSync(files.rendered, rendered.stdout);
    const mb = { data: statSync(files.data).size / 1e6, large: statSync(files.large).size / 1e6, rendered: statSync(files.rendered).size / 1e6, tokens: statSync(files.tokens).size / 1e6 };
    // The tokens the token rule counts: those parley tokenize counts with the same tokenizer.
    const tokenized = spawnSync(process.execPath, [BIN, 'tokenize', '--format', 'apertus', '--tokenizer', 'qwen3', '--jsonl', files.tokens], { cwd: ROOT, maxBuffer: 1 << 30 });
    const tokenCount = tokenized.stdout
      .toString('utf8')
      .split('\n')
      .filter((line) => line !== '')
      .reduce((sum, line) => sum + ((JSON.parse(line) as { count?: number }).count ?? 0), 0);
    process.stdout.write(`Data: ${CONVERSATIONS} conversations × ${MESSAGES} messages, ${mb.data.toFixed(1)} MB of Apertus JSON; parse reads what render --jsonl wrote (${mb.rendered.toFixed(1)} MB)\n\n`);

    const startups: number[] = [];
    for (let i = 0; i < STARTS; i++) startups.push(wallMs([BIN, 'formats']));
    const idle = new Map<string, number[]>();
    const full = new Map<string, number[]>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const contender of CONTENDERS) {
        idle.set(contender.name, [...(idle.get(contender.name) ?? []), wallMs(contender.args(files.empty))]);
        full.set(contender.name, [...(full.get(contender.name) ?? []), wallMs(contender.args(files[contender.input]))]);
      }
    }
    const rate = new Map<string, number>();
    for (const contender of CONTENDERS) {
      const ms = median(full.get(contender.name) ?? []) - median(idle.get(contender.name) ?? []);
      rate.set(contender.name, mb[contender.input] / (ms / 1000));
    }
    const r = (name: string) => rate.get(name) as number;
    const parseFloor = r('floor: JSON.parse');
    const bothFloor = r('floor: JSON.parse + stringify');
    const rows = CONTENDERS.map((contender) => {
      const mbs = r(contender.name);
      const start = median(idle.get(contender.name) ?? []);
      const vsParse = contender.input === 'rendered' ? '–' : `${(mbs / parseFloor).toFixed(2)}×`;
      const vsBoth = `${(mbs / (contender.input === 'rendered' ? r('floor: JSON.parse + stringify (rendered)') : bothFloor)).toFixed(2)}×`;
      return [contender.name, mbs.toFixed(1), `${Math.round(start)} ms`, vsParse, vsBoth, `${(1000 / mbs).toFixed(1)} s`];
    });
    process.stdout.write(`${table(['run', 'MB/s after start-up', 'start-up (empty input)', '÷ parse floor', '÷ parse+stringify floor', 'per GB'], rows)}\n\n`);
    const tokenRun = 'validate --rules (maxTokens, qwen3) --jsonl --jobs 1 (200 conversations)';
    process.stdout.write(`Token rules: ${tokenCount.toLocaleString('en')} tokens in ${mb.tokens.toFixed(1)} MB, counted at ${Math.round((tokenCount * r(tokenRun)) / mb.tokens).toLocaleString('en')} tokens/s (validate --rules with maxTokens, one job).\n\n`);
    // Wall times with start-up, against the same work done by two processes on the two halves
    // (what GNU parallel would do): the most two cores of this machine give this workload.
    const scaling: string[][] = [];
    for (const command of ['render', 'validate']) {
      const wall = (name: string) => median(full.get(name) ?? []);
      const one = wall(`${command} --jsonl --jobs 1 (4× data)`);
      const two = wall(`${command} --jsonl --jobs 2 (4× data)`);
      const flags = command === 'render' ? ['render', '--format', 'apertus', '--jsonl', '--jobs', '1'] : ['validate', '--format', 'apertus', '--jsonl', '--jobs', '1'];
      const pairs: number[] = [];
      for (let round = 0; round < ROUNDS; round++) pairs.push(await togetherMs(...halves.map((half) => [BIN, ...flags, half])));
      const pair = median(pairs);
      scaling.push([command, `${(one / 1000).toFixed(2)} s`, `${(two / 1000).toFixed(2)} s`, `${(one / two).toFixed(2)}×`, `${(pair / 1000).toFixed(2)} s`, `${(one / pair).toFixed(2)}×`]);
    }
    process.stdout.write(`${table([`--jobs scaling, ${mb.large.toFixed(0)} MB (wall)`, '--jobs 1', '--jobs 2', '1 ÷ 2', 'two --jobs 1 processes on halves', '1 ÷ two'], scaling)}\n`);
    // The same for the floor (JSON.parse + stringify of each line): plain work on this data, without the command's allocation.
    const floorAlone: number[] = [];
    const floorPair: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      floorAlone.push(await togetherMs(floor('stringify')(halves[0] as string)));
      floorPair.push(await togetherMs(...halves.map((half) => floor('stringify')(half))));
    }
    process.stdout.write(`The machine itself: two busy processes at once do ${(await machineScaling()).toFixed(2)}× the work of one; two floor processes (JSON.parse + stringify) on the halves ${((2 * median(floorAlone)) / median(floorPair)).toFixed(2)}×.\n\n`);
    process.stdout.write(`${table(['start-up', 'median of ' + STARTS, 'min'], [['parley formats', `${Math.round(median(startups))} ms`, `${Math.round(Math.min(...startups))} ms`]])}\n`);
    process.stdout.write(`\nTargets (issue 8): render and convert ≥ 0.6× the parse+stringify floor; validate ≥ 0.6× the parse floor; --jobs 2 ≥ 1.7× --jobs 1. Issue 21: validate --rules without token rules ≥ 0.5× the parse floor. Load average ${loadavg()[0]?.toFixed(1)} at the end.\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
