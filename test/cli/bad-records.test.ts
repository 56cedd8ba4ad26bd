/**
 * A JSON Lines run never aborts (issue 20): a record nested 10,000 deep, a line that is not
 * UTF-8, or anything that throws on one record gives that line's error result, and the run goes
 * on with every other line, for every command that streams JSON Lines, with --jobs 1 and 2, from
 * a file and from a pipe. A single document that is too deep is bad input (exit 2, one line).
 */
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { makeConversation } from '../../bench/conversations.ts';
import { byteFallbackFiles } from '../../src/core/tokens/test-tokenizers.ts';
import { expectBadInput, fixtureDir, lines, parley, REPO_ROOT } from './run.ts';

const files = fixtureDir();
afterAll(() => files.cleanup());

/** Nested 10,000 deep in a tool's parameters: the readers and renderers recurse into those. */
const DEPTH = 10_000;
const DEEP = `{"messages":[{"role":"user","content":"hi"}],"tools":[{"name":"f","parameters":${'{"type":"object","properties":{"a":'.repeat(DEPTH)}{"type":"string"}${'}}'.repeat(DEPTH)}}]}`;

/** A record with the bytes FF FE (never in UTF-8) inside a string. */
function notUtf8(record: string): Buffer {
  const at = record.indexOf('"hi"') + 2;
  return Buffer.concat([Buffer.from(record.slice(0, at)), Buffer.from([0xff, 0xfe]), Buffer.from(record.slice(at))]);
}
const SHORT = '{"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":"yo"}]}';

/**
 * 120 records with a deep one and one that is not UTF-8 near the end. Large records make about
 * 4 MB (several 1 MB chunks, so that with --jobs 2 later chunks go to a worker); small ones
 * about 170 KB (tokenize, 30 times slower a byte, gets those).
 */
const COUNT = 120;
const DEEP_AT = 100;
const NOT_UTF8_AT = 110;
function input(turns: number): Buffer {
  const parts: Buffer[] = [];
  for (let n = 0; n < COUNT; n++) {
    const line = n === DEEP_AT ? Buffer.from(DEEP) : n === NOT_UTF8_AT ? notUtf8(SHORT) : Buffer.from(JSON.stringify(makeConversation(turns, n)));
    parts.push(line, Buffer.from('\n'));
  }
  return Buffer.concat(parts);
}
const INPUTS = { large: input(100), small: input(3) };
const INPUT_FILES = { large: files.path('large.jsonl'), small: files.path('small.jsonl') };
for (const size of ['large', 'small'] as const) writeFileSync(INPUT_FILES[size], INPUTS[size]);

const tokenizer = files.write('tokenizer.json', byteFallbackFiles().tokenizer);

/** Each command, its arguments and how it says a line failed. */
const COMMANDS = {
  render: { size: 'large', args: ['render', '--format', 'apertus', '--date', '2025-08-25'], failed: (line: string) => (JSON.parse(line) as { text: unknown }).text === null },
  validate: { size: 'large', args: ['validate', '--format', 'apertus'], failed: (line: string) => (JSON.parse(line) as { valid: boolean }).valid === false },
  convert: { size: 'large', args: ['convert', '--to', 'openai-chat'], failed: (line: string) => line === 'null' },
  tokenize: { size: 'small', args: ['tokenize', '--format', 'rwkv', '--tokenizer', tokenizer], failed: (line: string) => (JSON.parse(line) as { input_ids: unknown }).input_ids === null },
} as const;

/** What a failed line says: in its result, or (convert) on stderr with its line number. */
function reason(command: keyof typeof COMMANDS, out: string, stderr: string, line: number): string {
  if (command === 'convert') return lines(stderr).find((l) => l.includes(`:${line}: `)) ?? '';
  return JSON.stringify(out);
}

describe.concurrent('a JSON Lines run goes on past a bad record', () => {
  const cases = (Object.keys(COMMANDS) as (keyof typeof COMMANDS)[]).flatMap((command) => ['1', '2'].flatMap((jobs) => ['file', 'stdin'].map((source) => [command, jobs, source] as const)));
  it.each(cases)('%s --jobs %s from a %s: one result per line, the deep and the non-UTF-8 ones are errors, exit 1', async (command, jobs, source) => {
    const { args, failed, size } = COMMANDS[command];
    const run = source === 'file' ? await parley([...args, '--jsonl', '--jobs', jobs, INPUT_FILES[size]]) : await parley([...args, '--jsonl', '--jobs', jobs], INPUTS[size]);
    expect(run.stderr).not.toMatch(/internal error/);
    expect(run.code).toBe(1);
    const out = lines(run.stdout);
    expect(out).toHaveLength(COUNT);
    const failedAt = out.flatMap((line, i) => (failed(line) ? [i] : []));
    expect(failedAt).toEqual([DEEP_AT, NOT_UTF8_AT]);
    expect(reason(command, out[DEEP_AT] as string, run.stderr, DEEP_AT + 1)).toMatch(/nested more than 128 levels deep/);
    expect(reason(command, out[NOT_UTF8_AT] as string, run.stderr, NOT_UTF8_AT + 1)).toMatch(/not valid UTF-8 text/);
  }, 60_000);

  it.each(['1', '2'])('parse --jobs %s: a line that is not UTF-8 is null, with the reason on stderr, exit 1', async (jobs) => {
    const text = JSON.stringify('<s><|system_start|>hi<|system_end|><|user_start|>hi<|user_end|>');
    const run = await parley(['parse', '--format', 'apertus', '--jsonl', '--jobs', jobs], Buffer.concat([Buffer.from(`${text}\n`), notUtf8(text), Buffer.from(`\n${text}\n`)]));
    expect(run.code).toBe(1);
    const out = lines(run.stdout);
    expect(out).toHaveLength(3);
    expect(out[1]).toBe('null');
    expect(out[0]).not.toBe('null');
    expect(run.stderr).toMatch(/<stdin>:2: not valid UTF-8 text/);
  }, 60_000);
});

describe.concurrent('20,000 lines with a 10,000-deep record in the middle', () => {
  const ROWS = 20_000;
  const MIDDLE = 10_000;
  const text = Array.from({ length: ROWS }, (_, n) => (n === MIDDLE ? DEEP : SHORT)).join('\n') + '\n';
  const file = files.write('middle.jsonl', text);
  it.each([
    ['1', 'file'],
    ['2', 'file'],
    ['1', 'stdin'],
    ['2', 'stdin'],
  ])('--jobs %s from a %s: every line written through the pipe, the deep one an error result', async (jobs, source) => {
    const args = ['render', '--format', 'apertus', '--date', '2025-08-25', '--jsonl', '--jobs', jobs];
    const run = source === 'file' ? await parley([...args, file]) : await parley(args, text);
    expect(run.stderr).not.toMatch(/internal error/);
    expect(run.code).toBe(1);
    const out = lines(run.stdout);
    expect(out).toHaveLength(ROWS);
    expect(JSON.parse(out[MIDDLE] as string)).toMatchObject({ text: null, diagnostics: [{ severity: 'error', code: 'cli/too-deep' }] });
    expect(out.filter((line) => line.startsWith('{"text":null')).length).toBe(1);
  }, 60_000);
});

describe.concurrent('a single document nested too deep', () => {
  it.each([
    ['render', '--format', 'apertus'],
    ['validate', '--format', 'apertus'],
    ['convert', '--to', 'openai-chat'],
  ])('%s: bad input, one line naming the limit, no internal error', async (...args) => {
    const message = expectBadInput(await parley(args, DEEP));
    expect(message).toMatch(/^parley \w+: <stdin> is nested more than 128 levels deep \(at tools\[0\]\.parameters\.properties\.a/);
  });
});

/**
 * A line past the engine's longest string (0x1fffffe8 UTF-16 units, 536,870,888): a real one,
 * 600 MB, written once to the OS temp folder (deleted after) and read from the file and
 * through a pipe. The line is skipped to its end without being held, so this costs about a
 * second of disk writing and half a gigabyte of the command's memory at most.
 */
describe('a line longer than the engine\'s longest string', () => {
  const OVERLONG = 600 * 1024 * 1024;
  const path = files.path('overlong.jsonl');
  const fd = openSync(path, 'w');
  writeSync(fd, `${SHORT}\n`);
  const block = Buffer.alloc(8 * 1024 * 1024, 0x61);
  for (let written = 0; written < OVERLONG; written += block.length) writeSync(fd, block, 0, Math.min(block.length, OVERLONG - written));
  writeSync(fd, `\n${SHORT}\n`);
  closeSync(fd);
  afterAll(() => rmSync(path, { force: true }));

  it.each(['file', 'pipe'])('from a %s: that line is an error result, the others are rendered, exit 1', (source) => {
    const render = '"$NODE" "$0" render --format apertus --date 2025-08-25 --jsonl --jobs 1';
    const script = source === 'file' ? `${render} "$1"` : `cat "$1" | ${render}`;
    const run = spawnSync('sh', ['-c', script, inject('parleyCommand'), path], { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, NODE: process.execPath }, maxBuffer: 1 << 24 });
    expect(run.stderr).not.toMatch(/internal error|Cannot create a string/);
    expect(run.status).toBe(1);
    const out = lines(run.stdout);
    expect(out).toHaveLength(3);
    expect(JSON.parse(out[0] as string)).toMatchObject({ diagnostics: [] });
    expect(out[2]).toBe(out[0]);
    expect(JSON.parse(out[1] as string)).toEqual({
      text: null,
      diagnostics: [{ severity: 'error', code: 'cli/line-too-long', message: 'the line is 629,145,600 bytes, longer than the longest text the engine holds (536,870,888 bytes); not read' }],
    });
  }, 120_000);
});
