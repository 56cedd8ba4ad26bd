/**
 * The command on Parquet against the same records as JSON Lines (`npm run bench:parquet-cli`;
 * `-- --mb N` sizes the data, default 40; `-- --dir DIR` uses the chats.jsonl and
 * chats.parquet that `tsx bench/parquet-data.ts DIR MB` wrote there, for a large size made once;
 * `-- --repeats N`, default 1). Side by side in one run, the two forms alternated:
 * - `parley validate --format chatml` and `parley convert --to openai-chat` (stdout to
 *   /dev/null) at `--jobs 1` and `--jobs 2`: records per second, CPU seconds and peak RSS
 *   (GNU time's %M; the ratio is Parquet's records per second over JSON Lines');
 * - `parley convert --to openai-chat --output out.parquet` from each form;
 * - in this process, the rows of the Parquet file made into JSON lines: the general way (rows as
 *   objects, each record JSON.stringify'd: ParquetSource.windows) against straight from the
 *   pages (ParquetSource.lineChunks), CPU milliseconds.
 * Writes the figures to BENCHMARKS.md under "Parquet (command)".
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { compressors } from 'hyparquet-compressors';
import { ParquetSource } from '../src/core/index.ts';
import { writeBenchmarkSection } from './benchmarks-md.ts';
import { writeData } from './parquet-data.ts';

const ROOT = join(import.meta.dirname, '..');
const HEADING = '## Parquet (command)';
const ROW_GROUP_ROWS = 20_000;
const flag = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const TARGET_MB = Number(flag('--mb') ?? 40);
const REPEATS = Number(flag('--repeats') ?? 1);
const GNU_TIME = '/usr/bin/time';

interface Run {
  seconds: number;
  cpu: number;
  rssMb: number;
}

/** One run of the command, timed by GNU time when there is one (CPU and peak RSS), else by the clock. */
function parley(bin: string, args: string[], timeFile: string): Run {
  const start = process.hrtime.bigint();
  const timed = existsSync(GNU_TIME);
  const command = timed ? GNU_TIME : process.execPath;
  const argv = timed ? ['-f', '%e %U %S %M', '-o', timeFile, process.execPath, bin, ...args] : [bin, ...args];
  const run = spawnSync(command, argv, { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 30 });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  // 0: clean, 1: records with errors (the data has none); anything else is a failure to report.
  if (run.status !== 0) throw new Error(`parley ${args.join(' ')} exited ${run.status}: ${run.stderr.toString('utf8').slice(-2000)}`);
  if (!timed) return { seconds, cpu: NaN, rssMb: NaN };
  const [, user, system, rss] = readFileSync(timeFile, 'utf8').trim().split(/\s+/).map(Number);
  return { seconds, cpu: (user ?? NaN) + (system ?? NaN), rssMb: (rss ?? NaN) / 1024 };
}

async function openSource(file: string): Promise<{ source: ParquetSource; close(): void }> {
  const handle = openSync(file, 'r');
  const size = statSync(file).size;
  const slice = (from: number, to = size): ArrayBuffer => {
    const bytes = Buffer.alloc(to - from);
    readSync(handle, bytes, 0, to - from, from);
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  };
  return { source: await ParquetSource.open({ byteLength: size, slice }, { compressors }), close: () => closeSync(handle) };
}

const cpuMs = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** CPU ms to make every row a line: the general way, or straight from the pages. */
async function linesCpu(file: string, how: 'general' | 'pages'): Promise<number> {
  const { source, close } = await openSource(file);
  const start = cpuMs();
  let bytes = 0;
  if (how === 'pages') for await (const chunk of source.lineChunks(1 << 20)) bytes += chunk.bytes.length;
  else for await (const window of source.windows()) bytes += Buffer.byteLength(`${window.texts.join('\n')}\n`);
  const spent = cpuMs() - start;
  close();
  if (bytes === 0) throw new Error('no lines');
  return spent;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const medianRun = (runs: Run[]): Run => ({ seconds: median(runs.map((r) => r.seconds)), cpu: median(runs.map((r) => r.cpu)), rssMb: median(runs.map((r) => r.rssMb)) });

async function main(): Promise<void> {
  const given = flag('--dir');
  const dir = given ?? mkdtempSync(join(tmpdir(), 'parley-bench-parquet-cli-'));
  try {
    execFileSync('npm', ['run', 'build:lib'], { cwd: ROOT, stdio: 'ignore' });
    const bin = join(ROOT, 'bin', 'parley.js');
    const data = given ? { jsonl: join(dir, 'chats.jsonl'), parquet: join(dir, 'chats.parquet') } : await writeData(dir, TARGET_MB, ROW_GROUP_ROWS);
    const records = readFileSync(data.jsonl).reduce((count, byte) => count + (byte === 10 ? 1 : 0), 0);
    const jsonlMb = statSync(data.jsonl).size / 1e6;
    const parquetMb = statSync(data.parquet).size / 1e6;
    const load = loadavg()[0]?.toFixed(2);
    const timeFile = join(tmpdir(), `parley-bench-time-${process.pid}`);
    const out = join(tmpdir(), `parley-bench-out-${process.pid}.parquet`);
    const rows: { label: string; args: (file: string) => string[] }[] = [];
    for (const jobs of ['1', '2']) {
      rows.push({ label: `\`validate --format chatml --jobs ${jobs}\``, args: (file) => ['validate', '--format', 'chatml', '--jobs', jobs, file] });
      rows.push({ label: `\`convert --to openai-chat --jobs ${jobs}\` (stdout)`, args: (file) => ['convert', '--to', 'openai-chat', '--jobs', jobs, file] });
    }
    rows.push({ label: '`convert --to openai-chat --output out.parquet`', args: (file) => ['convert', '--to', 'openai-chat', '--output', out, file] });
    const runs = rows.map(() => ({ jsonl: [] as Run[], parquet: [] as Run[] }));
    const lines = { general: [] as number[], pages: [] as number[] };
    for (let r = 0; r < REPEATS; r++) {
      lines.general.push(await linesCpu(data.parquet, 'general'));
      lines.pages.push(await linesCpu(data.parquet, 'pages'));
      rows.forEach((row, i) => {
        for (const form of ['jsonl', 'parquet'] as const) runs[i]![form].push(parley(bin, row.args(data[form]), timeFile));
      });
    }
    const loadAfter = loadavg()[0]?.toFixed(2);
    rmSync(timeFile, { force: true });
    rmSync(out, { force: true });
    const rate = (run: Run): string => Math.round(records / run.seconds).toLocaleString('en-US');
    const table = rows
      .map((row, i) => {
        const j = medianRun(runs[i]!.jsonl);
        const p = medianRun(runs[i]!.parquet);
        return `| ${row.label} | ${rate(j)} | ${rate(p)} | **${(j.seconds / p.seconds).toFixed(2)}×** | ${j.cpu.toFixed(2)} / ${p.cpu.toFixed(2)} (${(j.cpu / p.cpu).toFixed(2)}×) | ${j.rssMb.toFixed(0)} / ${p.rssMb.toFixed(0)} |`;
      })
      .join('\n');
    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const section = `${HEADING}

Measured ${when} UTC with \`npm run bench:parquet-cli -- ${given ? '--dir DIR' : `--mb ${TARGET_MB}`}${REPEATS > 1 ? ` --repeats ${REPEATS}` : ''}\`, load average ${load} at the start and ${loadAfter} at the end (${cpus().length} cores shared with other work), Node ${process.version}; ${REPEATS === 1 ? 'one run of each' : `medians of ${REPEATS} runs`}, the two forms alternated.
${given ? 'Data made once by `tsx bench/parquet-data.ts DIR MB`. ' : ''}Data: ${records.toLocaleString('en-US')} chat records of 10 plain-text messages; JSON Lines ${jsonlMb.toFixed(0)} MB, the same records as Parquet ${parquetMb.toFixed(1)} MB (\`id\` INT64 and \`messages\` list<struct<role, content>>, snappy, row groups of ${ROW_GROUP_ROWS.toLocaleString('en-US')} rows, about 36 MB of JSON each).

| command | JSON Lines, records/s | Parquet, records/s | Parquet / JSON Lines | CPU s, JSON Lines / Parquet | peak RSS MB, JSON Lines / Parquet |
|---|---|---|---|---|---|
${table}

Making every row of the Parquet file a JSON line (in one process, CPU ms): the general way (rows as objects, each record JSON.stringify'd) ${median(lines.general).toFixed(0)}, straight from the pages ${median(lines.pages).toFixed(0)} (${(median(lines.general) / median(lines.pages)).toFixed(1)}× less).
Records per second include the command's start (about 0.1 s). On a machine this loaded the clock ratios swing by ±0.2 from run to run; the CPU seconds are steadier.
`;
    writeBenchmarkSection(ROOT, HEADING, section);
    console.log(section);
  } finally {
    if (!given) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
