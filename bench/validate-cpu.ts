/**
 * `parley validate` in CPU time (issue 21's method; `npx tsx bench/validate-cpu.ts [OTHER_BIN]`):
 * user + system seconds of each command (`/usr/bin/time`, Linux) on 1,000 conversations of
 * 100 messages (bench/conversations.ts, 32.7 MB), minus the same command on an empty file (its
 * start-up), the median of PARLEY_BENCH_ROUNDS (default 3) interleaved rounds, `--jobs 1`,
 * beside the floor (bench/cli.bench.ts's: read the file, `JSON.parse` every line). CPU time,
 * not wall time, because the machine is shared: other processes slow a command's wall time far
 * more than its CPU time. OTHER_BIN (say, a build of the commit before, bin/parley.js of a
 * `git archive` built with `npm run build:lib`) is measured in the same rounds, for a
 * side-by-side comparison. The rules files: docs/rules.example.json without its token rules,
 * and bench/cli.bench.ts's.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { conversationsJsonl } from './conversations.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.PARLEY_BENCH_ROUNDS ?? 3);
/** Conversations in the file (PARLEY_BENCH_CONVERSATIONS): more than 1,000 make /usr/bin/time's 10 ms steps a smaller share. */
const CONVERSATIONS = Number(process.env.PARLEY_BENCH_CONVERSATIONS ?? 1000);
const DIR = mkdtempSync(join(tmpdir(), 'parley-bench-validate-'));

/** bench/cli.bench.ts's FLOOR, parse only. */
const FLOOR = `
import { openSync, readSync } from 'node:fs';
const fd = openSync(process.argv[1], 'r');
const block = Buffer.allocUnsafe(1 << 20);
let rest = Buffer.alloc(0);
const line = (text) => { if (text.trim() !== '') JSON.parse(text); };
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

/** CPU seconds (user + system) of `node args… file`, by /usr/bin/time; exit 0 or 1 only. */
function cpuSeconds(args: readonly string[], file: string): number {
  const timing = join(DIR, 'time.txt');
  const run = spawnSync('/usr/bin/time', ['-o', timing, '-f', '%U %S', process.execPath, ...args, file], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 30 });
  if (run.error) throw new Error(`/usr/bin/time is needed (Linux): ${run.error.message}`);
  if (run.status !== 0 && run.status !== 1) throw new Error(`${args.join(' ')} exited with ${run.status}: ${run.stderr.toString().slice(0, 500)}`);
  const last = readFileSync(timing, 'utf8').trim().split('\n').at(-1) ?? '';
  const [user, system] = last.split(' ').map(Number);
  return (user ?? NaN) + (system ?? NaN);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function main(): void {
  try {
    const data = join(DIR, 'data.jsonl');
    const empty = join(DIR, 'empty.jsonl');
    writeFileSync(data, conversationsJsonl(CONVERSATIONS, 100));
    writeFileSync(empty, '');
    const example = JSON.parse(readFileSync(join(ROOT, 'docs', 'rules.example.json'), 'utf8')) as Record<string, unknown>;
    delete example.$schema;
    delete example.maxTokens;
    delete example.minTrainedShare;
    const rules = join(DIR, 'rules.json');
    writeFileSync(rules, JSON.stringify(example));
    const benchRules = join(DIR, 'bench-rules.json');
    writeFileSync(benchRules, JSON.stringify({ allowedRoles: { roles: ['system', 'developer', 'user', 'assistant', 'tool'] }, alternation: {}, maxTurns: { max: 200 }, forbiddenText: { patterns: [{ text: 'As an AI language model' }, { regex: 'I (cannot|can not) (help|assist)', flags: 'i' }] } }));
    const bins: [string, string][] = [['this', join(ROOT, 'bin', 'parley.js')]];
    if (process.argv[2] !== undefined) bins.push(['other', resolve(process.argv[2])]);
    const contenders: [string, string[]][] = [['floor: JSON.parse of every line', ['--input-type=module', '-e', FLOOR]]];
    for (const [name, bin] of bins) {
      contenders.push([`${name}: validate --jsonl`, [bin, 'validate', '--format', 'apertus', '--jsonl', '--jobs', '1']]);
      contenders.push([`${name}: validate --rules (rules.example.json without token rules)`, [bin, 'validate', '--format', 'apertus', '--rules', rules, '--jsonl', '--jobs', '1']]);
      contenders.push([`${name}: validate --rules (bench/cli.bench.ts's rules)`, [bin, 'validate', '--format', 'apertus', '--rules', benchRules, '--jsonl', '--jobs', '1']]);
    }
    process.stdout.write(`Node ${process.version}, ${CONVERSATIONS} conversations, load average ${loadavg()[0]?.toFixed(1)} at the start, ${ROUNDS} rounds\n`);
    const net = new Map<string, number[]>(contenders.map(([name]) => [name, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, args] of contenders) net.get(name)?.push(cpuSeconds(args, data) - cpuSeconds(args, empty));
    }
    const floor = median(net.get(contenders[0]![0]) ?? []);
    process.stdout.write('| command | CPU s (net) | ÷ parse floor |\n| --- | --- | --- |\n');
    for (const [name] of contenders) {
      const seconds = median(net.get(name) ?? []);
      process.stdout.write(`| ${name} | ${seconds.toFixed(3)} | ${(floor / seconds).toFixed(2)}× |\n`);
    }
    process.stdout.write(`Load average ${loadavg()[0]?.toFixed(1)} at the end.\n`);
  } finally {
    rmSync(DIR, { recursive: true, force: true });
  }
}

main();
