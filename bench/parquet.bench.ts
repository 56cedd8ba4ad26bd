/**
 * Parquet benchmark (`npm run bench:parquet`; `-- --mb N` sizes the JSON Lines form, default
 * 200). Generates chat records (10 messages of plain text each) as JSON Lines and as Parquet
 * (a `messages` list of {role, content} structs and an `id`, row groups of ROW_GROUP_ROWS
 * rows, written by hyparquet-writer) in a temporary folder, then measures side by side in one
 * run, alternating the two forms:
 * - the first record: opening the file and having the first record's JSON (ParquetSource:
 *   footer + first row group's conversation column; JSON Lines: the first 64 kB's first line);
 * - `parley validate --format chatml --jobs 1`: records per second, Parquet against JSON Lines;
 * - `parley convert --to openai-chat --jobs 1` to stdout (/dev/null), same;
 * - `parley convert --to openai-chat --output out.parquet` from Parquet (every column kept).
 * Writes the figures to BENCHMARKS.md under "Parquet (npm run bench:parquet)".
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { compressors } from 'hyparquet-compressors';
import { ParquetSource } from '../src/core/index.ts';
import { writeBenchmarkSection } from './benchmarks-md.ts';
import { writeData } from './parquet-data.ts';

const ROOT = join(import.meta.dirname, '..');
const HEADING = '## Parquet (npm run bench:parquet)';
/** Rows per row group: the Hub's converter writes groups of up to 100,000 rows or so; smaller ones keep a window's memory small. */
const ROW_GROUP_ROWS = Number(process.env.ROW_GROUP_ROWS ?? 20_000);
const mbArg = process.argv.indexOf('--mb');
const TARGET_MB = mbArg > 0 ? Number(process.argv[mbArg + 1]) : 200;
const REPEATS = 3;

function seconds(run: () => void): number {
  const start = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - start) / 1e9;
}

async function firstParquet(file: string): Promise<number> {
  const start = process.hrtime.bigint();
  const handle = openSync(file, 'r');
  const size = statSync(file).size;
  const source = await ParquetSource.open({ byteLength: size, slice: (from: number, to = size) => { const b = Buffer.alloc(to - from); readSync(handle, b, 0, to - from, from); return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength); } }, { compressors });
  for await (const window of source.windows()) {
    if (window.texts[0] === undefined) throw new Error('no record');
    break;
  }
  closeSync(handle);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

function firstJsonl(file: string): number {
  return seconds(() => {
    const handle = openSync(file, 'r');
    const b = Buffer.alloc(65536);
    readSync(handle, b, 0, b.length, 0);
    JSON.parse(b.toString('utf8', 0, b.indexOf(10)));
    closeSync(handle);
  }) * 1000;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'parley-bench-parquet-'));
  try {
    execFileSync('npm', ['run', 'build:lib'], { cwd: ROOT, stdio: 'ignore' });
    const bin = join(ROOT, 'bin', 'parley.js');
    const data = await writeData(dir, TARGET_MB, ROW_GROUP_ROWS);
    const jsonlMb = statSync(data.jsonl).size / 1e6;
    const parquetMb = statSync(data.parquet).size / 1e6;
    const load = loadavg()[0]?.toFixed(2);
    const parley = (args: string[]): number =>
      seconds(() => {
        const run = spawnSync(process.execPath, [bin, ...args], { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 30 });
        // 0: clean, 1: records with errors (the data has none); anything else is a failure to report.
        if (run.status !== 0) throw new Error(`parley ${args.join(' ')} exited ${run.status}: ${run.stderr.toString('utf8').slice(-2000)}`);
      });
    const figures: Record<string, { jsonl: number[]; parquet: number[] }> = { first: { jsonl: [], parquet: [] }, validate: { jsonl: [], parquet: [] }, convert: { jsonl: [], parquet: [] } };
    const output: number[] = [];
    for (let r = 0; r < REPEATS; r++) {
      figures.first!.jsonl.push(firstJsonl(data.jsonl));
      figures.first!.parquet.push(await firstParquet(data.parquet));
      for (const form of ['jsonl', 'parquet'] as const) {
        const file = data[form];
        try {
          figures.validate![form].push(parley(['validate', '--format', 'chatml', '--jobs', '1', file]));
        } catch {
          throw new Error(`validate ${form} failed`);
        }
        figures.convert![form].push(parley(['convert', '--to', 'openai-chat', '--jobs', '1', file]));
      }
      output.push(parley(['convert', '--to', 'openai-chat', '--output', join(dir, 'out.parquet'), data.parquet]));
    }
    const rate = (s: number): string => `${Math.round(data.records / s).toLocaleString('en-US')}`;
    const v = { jsonl: median(figures.validate!.jsonl), parquet: median(figures.validate!.parquet) };
    const c = { jsonl: median(figures.convert!.jsonl), parquet: median(figures.convert!.parquet) };
    const o = median(output);
    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const section = `${HEADING}

Measured ${when} UTC, load average ${load} at the start (${cpus().length} cores shared with other work), Node ${process.version}; medians of ${REPEATS} runs, the two forms alternated in one run.
Data: ${data.records.toLocaleString('en-US')} chat records of 10 plain-text messages; JSON Lines ${jsonlMb.toFixed(0)} MB, the same records as Parquet ${parquetMb.toFixed(1)} MB (\`id\` INT64 and \`messages\` list<struct<role, content>>, snappy, row groups of ${ROW_GROUP_ROWS.toLocaleString('en-US')} rows).
The issue's 1 GB file was not measured (generating and reading it several times did not fit the time on a shared 2-core machine); \`-- --mb 1000\` does it.

| measure | JSON Lines | Parquet | Parquet / JSON Lines |
|---|---|---|---|
| first record (open → first record's JSON), ms | ${median(figures.first!.jsonl).toFixed(1)} | ${median(figures.first!.parquet).toFixed(1)} | |
| \`parley validate --format chatml --jobs 1\`, records/s | ${rate(v.jsonl)} | ${rate(v.parquet)} | ${(v.jsonl / v.parquet).toFixed(2)}× |
| \`parley convert --to openai-chat --jobs 1\` (stdout), records/s | ${rate(c.jsonl)} | ${rate(c.parquet)} | ${(c.jsonl / c.parquet).toFixed(2)}× |
| \`parley convert --to openai-chat --output out.parquet\` (from Parquet, columns kept), records/s | | ${rate(o)} | |

Records per second include the command's start (about 0.1 s).
`;
    writeBenchmarkSection(ROOT, HEADING, section);
    console.log(section);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
