/**
 * The streaming contract that Hadoop Streaming, Spark's RDD.pipe and GNU parallel rely on: the
 * input split into K parts, run by K processes at once, gives (concatenated) exactly the bytes
 * of one run over the whole input. So nothing in a result line may depend on where the input
 * was split, every input line gives one result line in order (bad and blank lines included),
 * and the workers of --jobs keep the input's order.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { makeConversation } from '../../bench/conversations.ts';
import { fixtureDir, lines, parley } from './run.ts';

const files = fixtureDir();
afterAll(() => files.cleanup());

/** A little over 3 MB, so that the whole-file run with --jobs 2 hands chunks to workers (line-chunks.ts reads 1 MB at a time). */
const COUNT = 100;
const BAD = new Map<number, string>([
  [0, '   '], // blank (spaces): an empty result line
  [7, '{"messages": ['], // malformed JSON
  [31, ''], // blank
  [32, '{"messages": [1]}'], // not readable as Apertus JSON
  [50, '{"nothing": true}'], // no dialect
  [77, '{"messages": [{"role": "user", "content": "a"}, {"role": "assistant", "content": "b"}, {"role": "assistant", "content": {"blocks": [{"type": "response", "text": "c"}]}}]}'], // renders with errors
]);

function inputLines(): string[] {
  const out: string[] = [];
  for (let n = 0; n < COUNT; n++) out.push(BAD.get(n) ?? JSON.stringify(makeConversation(100, n)));
  return out;
}

/** Cuts the lines into `k` parts of unequal sizes (each part is whole lines, each ends with a line break). */
function split(all: readonly string[], k: number): string[] {
  const cuts = [0, 5, 33, 34, all.length].slice(0, k).concat(all.length);
  const parts: string[] = [];
  for (let i = 0; i < k; i++) parts.push(all.slice(cuts[i], cuts[i + 1]).map((line) => `${line}\n`).join(''));
  return parts;
}

const COMMANDS: [string, string[]][] = [
  ['render --jsonl', ['render', '--format', 'apertus', '--date', '2025-08-25', '--jsonl']],
  ['validate --jsonl', ['validate', '--format', 'apertus', '--jsonl']],
  ['convert --jsonl', ['convert', '--to', 'openai-chat', '--jsonl']],
];

describe('split input, K processes at once, concatenated = one run over the whole', () => {
  const all = inputLines();
  const whole = files.write('whole.jsonl', all.map((line) => `${line}\n`).join(''));

  it.each(COMMANDS)('%s', async (_name, args) => {
    const parts = split(all, 4);
    expect(parts.join('')).toBe(readFileSync(whole, 'utf8'));
    // The whole file with two workers; the parts on stdin, in process, all running at once.
    const [one, ...pieces] = await Promise.all([parley([...args, '--jobs', '2', whole]), ...parts.map((part) => parley([...args, '--jobs', '1'], part))]);
    expect(one.code).toBe(1); // bad lines are results, not an abort
    expect(pieces.map((run) => run.code)).toEqual([0, 1, 0, 1]); // lines 0-4 and line 33 alone have no bad record
    const out = lines(one.stdout);
    expect(out).toHaveLength(all.length);
    // Blank in, empty out; every other line is a JSON value.
    expect(out.map((line, n) => (line === '' ? n : -1)).filter((n) => n >= 0)).toEqual([0, 31]);
    expect(out.every((line) => line === '' || JSON.parse(line) !== undefined)).toBe(true);
    expect(pieces.map((run) => run.stdout).join('')).toBe(one.stdout);
  }, 120_000);

  it('each record gives the result it gives alone (render)', async () => {
    const args = COMMANDS[0]?.[1] as string[];
    const [alone, one] = await Promise.all([parley([...args, '--jobs', '1'], `${all[77]}\n`), parley([...args, '--jobs', '1'], `${all[76]}\n${all[77]}\n`)]);
    expect(lines(one.stdout)[1]).toBe(lines(alone.stdout)[0]);
    expect(JSON.parse(lines(alone.stdout)[0] as string)).toMatchObject({ text: expect.any(String), diagnostics: [expect.objectContaining({ severity: 'error' })] });
  });
});
