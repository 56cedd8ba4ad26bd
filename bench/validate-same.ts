/**
 * `parley validate` gives the same bytes as another build (`npx tsx bench/validate-same.ts
 * OTHER_BIN`): stdout, stderr and the exit code of this checkout's bin/parley.js and OTHER_BIN
 * (say, main's build: `git archive main | tar -x -C /tmp/main`, `npm run build:lib` there) on
 * the files and flags a change to validate's paths must not alter: the benchmark's conversations
 * (bench/conversations.ts: 4,000 records, and 400 of them), the planted-defects file
 * (core/checks/test-defects.ts), the OpenAI dataset file (bench/dataset-data.ts), the interop
 * cases (../shared/interop, when present), records at the depth limit and duplicates written
 * with white space around them; each with `--format` apertus, chatml and llama3, no rules and
 * three rules files, `--jobs 1` and `2`, `--notes all` and `20`, a file and stdin.
 * PARLEY_SAME_QUICK=1 leaves out the 4,000-record file. Exits 1 at the first difference.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defectFile } from '../src/core/checks/test-defects.ts';
import { conversationsJsonl } from './conversations.ts';
import { recordLine } from './dataset-data.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const INTEROP = resolve(ROOT, '..', 'shared', 'interop', 'cases');
const DIR = mkdtempSync(join(tmpdir(), 'parley-validate-same-'));

interface Outcome {
  status: number | null;
  stdout: string;
  stderr: string;
}

function run(bin: string, args: readonly string[], file: string, stdin: boolean): Outcome {
  const result = stdin
    ? spawnSync(process.execPath, [bin, ...args, '--jsonl', '-'], { input: readFileSync(file), maxBuffer: 1 << 30 })
    : spawnSync(process.execPath, [bin, ...args, file], { maxBuffer: 1 << 30 });
  return { status: result.status, stdout: result.stdout.toString('utf8'), stderr: result.stderr.toString('utf8') };
}

/** Records nested to the depth limit and one past it, in tools, an unknown field and a block. */
function depthRecords(): string {
  const nested = (levels: number): unknown => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < levels; i++) schema = { type: 'array', items: schema };
    return schema;
  };
  const tools = (levels: number) => [{ name: 'deep', description: 'nested', parameters: { type: 'object', properties: { a: nested(levels) } } }];
  const turn = [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'ok' }];
  const records: unknown[] = [];
  for (const levels of [121, 122, 123, 124]) records.push({ messages: turn, tools: tools(levels) }, { messages: turn, x_meta: nested(levels + 4) });
  records.push({ messages: [turn[0], { role: 'assistant', content: { blocks: [{ type: 'response', text: 'ok', x: nested(130) }] } }] }, nested(200));
  return records.map((record) => JSON.stringify(record)).join('\n') + '\n';
}

/** Duplicates written with spaces, tabs and CR around them, and a few that differ by one character. */
function duplicateRecords(): string {
  const base = conversationsJsonl(40, 6).trim().split('\n');
  const out: string[] = [];
  base.forEach((line, i) => {
    out.push(line);
    if (i % 3 === 0) out.push(` \t${line}\r`);
    if (i % 4 === 0) out.push(line.replace('"user"', ' "user"'));
    if (i % 5 === 0) out.push(`${line}  `);
  });
  return out.join('\n') + '\n';
}

/** A case's record as one line; a case written as JSON Lines gives its lines. */
function interopLines(text: string): string[] {
  try {
    return [JSON.stringify(JSON.parse(text))];
  } catch {
    return text.split('\n').filter((line) => line.trim() !== '');
  }
}

function main(): void {
  const other = process.argv[2];
  if (other === undefined) throw new Error('usage: npx tsx bench/validate-same.ts OTHER_BIN');
  const bins = [join(ROOT, 'bin', 'parley.js'), resolve(other)];
  const write = (name: string, text: string): string => {
    const file = join(DIR, name);
    writeFileSync(file, text);
    return file;
  };
  const bench400 = conversationsJsonl(400, 100);
  const files: string[] = [write('bench400.jsonl', bench400), write('defects.jsonl', defectFile(12_000, 3, 3).text), write('dataset.jsonl', Array.from({ length: 3000 }, (_, i) => recordLine(i)).join('\n') + '\n'), write('depth.jsonl', depthRecords()), write('duplicates.jsonl', duplicateRecords())];
  if (existsSync(INTEROP)) files.push(write('interop.jsonl', readdirSync(INTEROP).sort().flatMap((name) => interopLines(readFileSync(join(INTEROP, name), 'utf8'))).join('\n') + '\n'));
  const example = JSON.parse(readFileSync(join(ROOT, 'docs', 'rules.example.json'), 'utf8')) as Record<string, unknown>;
  delete example.$schema;
  delete example.maxTokens;
  delete example.minTrainedShare;
  const rules = [
    [],
    ['--rules', write('example-rules.json', JSON.stringify(example))],
    ['--rules', write('bench-rules.json', JSON.stringify({ allowedRoles: { roles: ['system', 'developer', 'user', 'assistant', 'tool'] }, alternation: {}, maxTurns: { max: 200 }, forbiddenText: { patterns: [{ text: 'As an AI language model' }, { regex: 'I (cannot|can not) (help|assist)', flags: 'i' }] } }))],
    // Every rule but the token rules, each speaking on some records (test/cli/validate-quick.test.ts's).
    ['--rules', write('speaking-rules.json', JSON.stringify({ allowedRoles: { roles: ['system', 'user', 'assistant', 'tool'] }, systemMessage: { require: 'required', severity: 'warning' }, lastRole: { roles: ['assistant'] }, alternation: { startWith: 'user' }, maxTurns: { max: 2, severity: 'info' }, forbiddenText: { roles: ['assistant', 'user'], patterns: [{ text: 'answer 3' }, { text: 'models the' }, { regex: 'why\\s+why\\s+why\\b', flags: 'i' }, { regex: '\\bresults?\\b', flags: 'i' }] } }))],
  ];
  const cases: { file: string; args: string[]; stdin: boolean }[] = [];
  if (process.env.PARLEY_SAME_QUICK !== '1') {
    const big = write('bench4000.jsonl', conversationsJsonl(4000, 100));
    for (const rule of rules.slice(0, 3)) for (const jobs of ['1', '2']) cases.push({ file: big, args: ['validate', '--format', 'apertus', ...rule, '--jsonl', '--jobs', jobs], stdin: false });
  }
  for (const file of files) {
    for (const format of ['apertus', 'chatml', 'llama3']) {
      for (const rule of rules) {
        for (const [jobs, notes] of [['1', 'all'], ['2', 'all'], ['1', '20']] as const) cases.push({ file, args: ['validate', '--format', format, ...rule, '--jsonl', '--jobs', jobs, '--notes', notes], stdin: false });
      }
    }
  }
  for (const rule of rules) cases.push({ file: files[0] as string, args: ['validate', '--format', 'apertus', ...rule], stdin: true });
  let done = 0;
  for (const { file, args, stdin } of cases) {
    const [mine, theirs] = bins.map((bin) => run(bin, args, file, stdin)) as [Outcome, Outcome];
    for (const part of ['status', 'stdout', 'stderr'] as const) {
      if (mine[part] !== theirs[part]) {
        process.stdout.write(`DIFFERENT ${part}: ${args.join(' ')} ${stdin ? '< ' : ''}${file}\n`);
        const a = String(mine[part]).split('\n');
        const b = String(theirs[part]).split('\n');
        const at = a.findIndex((line, i) => line !== b[i]);
        process.stdout.write(`line ${at + 1}:\n this:  ${a[at]?.slice(0, 400)}\n other: ${b[at]?.slice(0, 400)}\n`);
        process.exitCode = 1;
        return;
      }
    }
    if (mine.status !== 0 && mine.status !== 1) process.stdout.write(`note: exit ${mine.status} on ${args.join(' ')}: ${mine.stderr.slice(0, 200)}\n`);
    done += 1;
  }
  process.stdout.write(`${done} runs, stdout, stderr and exit code the same\n`);
}

try {
  main();
} finally {
  rmSync(DIR, { recursive: true, force: true });
}
