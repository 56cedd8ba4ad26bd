/**
 * `parley validate` and `parley render --jsonl` stream a JSON Lines file in constant memory
 * (docs/pipelines.md, "Constant memory"): the memory the process holds on to while reading a
 * file ten times larger is the same, and the summary at the end counts every record.
 *
 * What is measured: a preloaded module forces a full garbage collection every 20 ms and keeps
 * the peak of what is still alive after it (V8 heap used + external memory such as Buffers).
 * Peak RSS is not the measure: V8 collects the 1 MB read buffers only after tens of megabytes of
 * them (its external-memory trigger), so RSS climbs to a plateau (about 100 MB here whatever
 * the size) that says when V8 collects, not what the command keeps. It is reported beside.
 * Stdout goes to /dev/null so that nothing here holds the output. `--jobs 1`: one thread, so the
 * figure is the process's alone (each worker adds its own, also constant, share).
 */
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { SIMPLE } from './fixtures.ts';
import { fixtureDir, lines, REPO_ROOT } from './run.ts';

const files = fixtureDir();
afterAll(() => files.cleanup());

const SMALL_MB = 8;
const LARGE_MB = 80;
/** Allowed growth of the live peak from the small to the large file (the input grows by 72 MB). */
const MARGIN_MB = 4;

/**
 * What `validate` holds on purpose: the duplicate key of each distinct record (src/cli/
 * duplicate-lines.ts), 12 bytes a slot of a table at most three quarters full, and half as much
 * again while it doubles. Linear in the records, by design: that is how duplicates are found.
 */
function duplicateTableMb(records: number): number {
  let slots = 1 << 12;
  while (4 * records > 3 * slots) slots *= 2;
  return (slots * 12 * 1.5) / 2 ** 20;
}

const preload = files.write(
  'live-memory.mjs',
  `import { writeFileSync } from 'node:fs';
let live = 0;
setInterval(() => {
  globalThis.gc();
  const memory = process.memoryUsage();
  live = Math.max(live, memory.heapUsed + memory.external);
}, 20).unref();
process.on('exit', () => writeFileSync(process.env.PARLEY_MEMORY_FILE, JSON.stringify({ liveMb: live / 1048576, rssMb: process.resourceUsage().maxRSS / 1024 })));
`,
);

/** A JSON Lines file of about `megabytes`, each 50th record with an error (a message with no role). Returns its path and record count. */
async function generate(name: string, megabytes: number): Promise<{ file: string; records: number; errors: number }> {
  const file = files.path(name);
  const out = createWriteStream(file);
  const filler = 'The quick brown fox jumps over the lazy dog. '.repeat(20);
  let size = 0;
  let records = 0;
  let errors = 0;
  while (size < megabytes * 1024 * 1024) {
    const bad = records % 50 === 49;
    const record = bad ? { messages: [{ content: `#${records}` }] } : { ...SIMPLE, messages: [...SIMPLE.messages, { role: 'user', content: `#${records} ${filler}` }] };
    const line = `${JSON.stringify(record)}\n`;
    if (!out.write(line)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    size += Buffer.byteLength(line);
    records++;
    if (bad) errors++;
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return { file, records, errors };
}

/** Runs the command; the peak of its live memory and its peak RSS in MB, and its stderr. */
function measure(args: string[]): Promise<{ code: number | null; liveMb: number; rssMb: number; stderr: string }> {
  const memoryFile = files.path(`memory-${Math.random().toString(36).slice(2)}.json`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', preload, inject('parleyCommand'), ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, PARLEY_MEMORY_FILE: memoryFile } });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, ...(JSON.parse(readFileSync(memoryFile, 'utf8')) as { liveMb: number; rssMb: number }), stderr }));
  });
}

function summary(command: string, input: { file: string; records: number; errors: number }): string {
  // The two commands word their summary differently (src/cli: validate counts records with errors, render its results).
  return command === 'validate' ? `validate: ${input.records} records in ${input.file}, ${input.errors} with errors` : `render: ${input.errors} of ${input.records} records in ${input.file} have errors (see their diagnostics)`;
}

describe('the command streams JSON Lines in constant memory', () => {
  let small: Awaited<ReturnType<typeof generate>>;
  let large: Awaited<ReturnType<typeof generate>>;

  it.each([
    ['validate', ['validate', '--format', 'apertus', '--jobs', '1']],
    ['render', ['render', '--jsonl', '--format', 'apertus', '--jobs', '1']],
  ])('%s: the memory it holds does not grow with a file ten times larger, and the summary counts every record', async (command, args) => {
    small ??= await generate('small.jsonl', SMALL_MB);
    large ??= await generate('large.jsonl', LARGE_MB);
    const a = await measure([...args, small.file]);
    const b = await measure([...args, large.file]);
    expect(a.code).toBe(1);
    expect(b.code).toBe(1);
    // The summary (validate: followed by the count of problems --notes left unnamed).
    expect(lines(b.stderr)).toContain(summary(command, large));
    expect(lines(a.stderr)).toContain(summary(command, small));
    // A command that kept lines, results or records would hold 72 MB more, or many times that.
    const figures = `live ${a.liveMb.toFixed(1)} MB on ${SMALL_MB} MB, ${b.liveMb.toFixed(1)} MB on ${LARGE_MB} MB (peak RSS ${a.rssMb.toFixed(0)} and ${b.rssMb.toFixed(0)} MB)`;
    expect(b.liveMb - a.liveMb, figures).toBeLessThan(MARGIN_MB + (command === 'validate' ? duplicateTableMb(large.records) : 0));
    expect(b.liveMb, figures).toBeLessThan(LARGE_MB / 2);
  }, 180_000);
});
