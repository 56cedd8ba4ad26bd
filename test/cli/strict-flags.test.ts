/**
 * Flags are strict (issue 20): a single-value flag given twice, a word where a number is
 * needed, a flag that only means something for JSON Lines without JSON Lines, and a
 * `--variables` that is not a JSON object are bad input (exit 2, one line), never a guess.
 * `--notes N` means the same for every JSON Lines command: of each kind, N per-record lines on
 * stderr (unreadable lines included), the summary always.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { REQUEST } from '../fixtures/chat-request-apertus-rejects.ts';
import { SIMPLE } from './fixtures.ts';
import { expectBadInput, fixtureDir, lines, parley } from './run.ts';

const files = fixtureDir();
afterAll(() => files.cleanup());

const RECORD = JSON.stringify(SIMPLE);
const template = files.write('t.jinja', '{% for m in messages %}{{ m.role }}: {{ m.content }}\n{% endfor %}');

describe.concurrent('bad flags are one line and exit 2', () => {
  it.each([
    [['render', '--format', 'apertus', '--format', 'chatml'], /^parley render: --format is given twice \("apertus", then "chatml"\); give it once$/],
    [['render', '--format=apertus', '--format=apertus'], /^parley render: --format is given twice/],
    [['convert', '--to', 'openai-chat', '--to', 'apertus-json'], /^parley convert: --to is given twice/],
    [['render', '--format', 'apertus', '--date', '2025-01-01', '--date', '2025-01-02'], /^parley render: --date is given twice/],
    [['render', '--format', 'apertus', '--jsonl', '--jobs', 'abc'], /^parley render: --jobs takes a whole number from 1 to 9999, got "abc"$/],
    [['validate', '--format', 'apertus', '--jsonl', '--jobs', '0'], /^parley validate: --jobs takes a whole number from 1 to 9999, got "0"$/],
    [['convert', '--to', 'openai-chat', '--jsonl', '--notes', 'many'], /^parley convert: --notes takes a whole number from 0 to 999999999 or "all", got "many"$/],
    [['render', '--format', 'apertus', '--jobs', 'abc'], /^parley render: --jobs takes a whole number/],
    [['render', '--format', 'apertus', '--jobs', '2'], /^parley render: --jobs applies to JSON Lines only \(--jsonl, or a \*\.jsonl file\)$/],
    [['validate', '--format', 'apertus', '--jobs', '2'], /^parley validate: --jobs applies to JSON Lines only/],
    [['convert', '--to', 'openai-chat', '--notes', '3'], /^parley convert: --notes applies to JSON Lines only/],
    [['parse', '--format', 'apertus', '--jobs', '1'], /^parley parse: --jobs applies to JSON Lines only/],
    [['render', '--format', 'jinja', '--template', template, '--variables', '{bad'], /^parley render: --variables takes a JSON object \(\{"name": value, …\}\), got "\{bad"$/],
    [['render', '--format', 'jinja', '--template', template, '--variables', '[1, 2]'], /^parley render: --variables takes a JSON object/],
  ])('%j', async (args, message) => {
    expect(expectBadInput(await parley(args, RECORD))).toMatch(message);
  });

  it('a boolean flag given twice means what it means once', async () => {
    const once = await parley(['render', '--format', 'apertus', '--date', '2025-08-25', '--no-thinking'], RECORD);
    const twice = await parley(['render', '--format', 'apertus', '--date', '2025-08-25', '--no-thinking', '--no-thinking'], RECORD);
    expect(twice).toEqual(once);
  });

  it('a good --variables object still renders', async () => {
    const run = await parley(['render', '--format', 'jinja', '--template', template, '--variables', '{"x": 1}'], RECORD);
    expect(run.code).toBe(0);
  });
});

describe.concurrent('--notes means the same for every JSON Lines command', () => {
  const UNREADABLE = 2_000;
  const unreadable = Array.from({ length: UNREADABLE }, (_, n) => `{"messages": [${n}`).join('\n') + '\n';
  it.each([
    [['convert', '--to', 'openai-chat']],
    [['parse', '--format', 'apertus']],
    [['render', '--format', 'apertus']],
    [['validate', '--format', 'apertus']],
  ])('%j --notes 0 on 2,000 unreadable lines: no line per record on stderr, the summary kept', async (args) => {
    const run = await parley([...args, '--jsonl', '--notes', '0'], unreadable);
    expect(run.code).toBe(1);
    expect(lines(run.stdout)).toHaveLength(UNREADABLE);
    const err = lines(run.stderr);
    expect(err.filter((line) => /<stdin>:\d+: /.test(line))).toEqual([]);
    expect(err.length).toBeLessThanOrEqual(2);
  });

  it('convert --notes 2 writes two unreadable lines with their numbers and counts the rest', async () => {
    const run = await parley(['convert', '--to', 'openai-chat', '--jsonl', '--notes', '2'], unreadable);
    const err = lines(run.stderr);
    expect(err.filter((line) => /<stdin>:\d+: /.test(line)).map((line) => line.slice(0, line.indexOf(': ')))).toEqual(['<stdin>:1', '<stdin>:2']);
    expect(err.at(-1)).toMatch(/^parley convert: 1,998 more diagnostics not written \(cli\/malformed-json 1,998\); the first 2 of each code are written above/);
  });

  it('render --fix --notes 1 writes the first change of each kind, and counts them all', async () => {
    // An OpenAI request that Apertus's template rejects in five ways, each with its fix.
    const record = JSON.stringify(REQUEST);
    const args = ['render', '--format', 'apertus', '--date', '2026-01-01', '--input-dialect', 'openai-chat', '--jsonl', '--fix'];
    const all = await parley([...args, '--notes', 'all'], `${record}\n${record}\n${record}\n`);
    const fixedLines = (text: string) => lines(text).filter((line) => line.includes('FIXED'));
    const perRecord = fixedLines(all.stderr).length / 3;
    expect(perRecord).toBeGreaterThan(0);
    const one = await parley([...args, '--notes', '1'], `${record}\n${record}\n${record}\n`);
    expect(fixedLines(one.stderr)).toHaveLength(perRecord);
    expect(one.stdout).toBe(all.stdout);
    expect(lines(one.stderr).filter((line) => /--fix: \d+ fix/.test(line))).toEqual(lines(all.stderr).filter((line) => /--fix: \d+ fix/.test(line)));
  });
});
