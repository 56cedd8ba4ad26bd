/**
 * The template budget through the command: a JSON Lines run with a hostile template gives an
 * error result for each record and completes with exit 1 (before the budget, range(1000000000)
 * was a V8 fatal error, exit 133, and nested loops never ended); `--template-budget` sets the
 * budget, in the workers of `--jobs` too; a bad value is exit 2 with one line.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { expectBadInput, fixtureDir, lines, parley } from './run.ts';

const files = fixtureDir();
afterAll(() => files.cleanup());

const chat = (content: string, extra: object = {}) => JSON.stringify({ messages: [{ role: 'user', content }], ...extra });
/** Each run is bounded by the budget; this is far above it (a second or two a record) and far below a hang. */
const BOUNDED = 60_000;

interface Result {
  text: string | null;
  diagnostics: { code: string; severity: string; message: string }[];
}

function results(stdout: string): Result[] {
  return lines(stdout).map((line) => JSON.parse(line) as Result);
}

function expectOverBudget(result: Result | undefined): void {
  expect(result?.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)).toEqual(['jinja/over-budget']);
  expect(result?.diagnostics.find((d) => d.code === 'jinja/over-budget')?.message).toMatch(/^The template ran past its budget/);
}

describe.concurrent('parley render --format jinja: the template budget', () => {
  it('range(1000000000) in a JSON Lines run: an error result for each record, exit 1, no V8 fatal', async () => {
    const template = files.write('range.jinja', '{% for i in range(1000000000) %}{{ i }}{% endfor %}');
    const input = files.write('three.jsonl', [chat('a'), chat('b'), chat('c')].join('\n') + '\n');
    const run = await parley(['render', '--format', 'jinja', '--template', template, '--jsonl', input]);
    expect(run.stderr).not.toMatch(/Fatal|stack trace/);
    expect(run.code).toBe(1);
    const out = results(run.stdout);
    expect(out).toHaveLength(3);
    for (const result of out) expectOverBudget(result);
  }, BOUNDED);

  it('nested range(100000) loops: each record ends with its error, and the run completes', async () => {
    const template = files.write('nested.jinja', '{% for a in range(100000) %}{% for b in range(100000) %}x{% endfor %}{% endfor %}');
    const input = files.write('two.jsonl', [chat('a'), chat('b')].join('\n') + '\n');
    const run = await parley(['render', '--format', 'jinja', '--template', template, '--jsonl', input]);
    expect(run.code).toBe(1);
    const out = results(run.stdout);
    expect(out).toHaveLength(2);
    for (const result of out) expectOverBudget(result);
    expect(run.stderr).toContain('render: 2 of 2 records');
  }, BOUNDED);

  it('--template-budget raises the budget: a template that needs 1.5 million steps renders', async () => {
    // 300,000 loop items at 5 steps each; the default is 1,000,000 plus 10,000 for the one message.
    const template = files.write('long.jinja', '{% for i in range(300000) %}{% endfor %}done');
    const input = files.write('one.json', chat('hi'));
    const plain = await parley(['render', '--format', 'jinja', '--template', template, input]);
    expect(plain.code).toBe(1);
    expect(plain.stdout).toBe('');
    expect(plain.stderr).toContain('The template ran past its budget of 1,010,000 steps');
    const raised = await parley(['render', '--format', 'jinja', '--template', template, '--template-budget', '2000000', input]);
    expect(raised.stdout).toBe('done');
    expect(raised.code).toBe(0);
  }, BOUNDED);

  it('--template-budget reaches the workers of --jobs', async () => {
    // 15,000 steps a record: within the default, over a budget of 1 step (plus the 10,000 of its message).
    const template = files.write('small.jinja', '{% for i in range(3000) %}{% endfor %}ok');
    // Lines of 20 KB, 120 of them: more than one 1 MB chunk, so that a worker takes some.
    const pad = 'x'.repeat(20_000);
    const input = files.write('padded.jsonl', Array.from({ length: 120 }, (_, i) => chat(`m${i}`, { pad })).join('\n') + '\n');
    const low = await parley(['render', '--format', 'jinja', '--template', template, '--template-budget', '1', '--jsonl', '--jobs', '2', input]);
    expect(low.code).toBe(1);
    const out = results(low.stdout);
    expect(out).toHaveLength(120);
    for (const result of out) expectOverBudget(result);
    const plain = await parley(['render', '--format', 'jinja', '--template', template, '--jsonl', '--jobs', '2', input]);
    expect(plain.code).toBe(0);
    expect(results(plain.stdout).map((r) => r.text)).toEqual(Array.from({ length: 120 }, () => 'ok'));
  }, BOUNDED);

  it.each(['0', '-5', '1.5', 'abc', '1e6', ''])('--template-budget %j is bad input: exit 2, one line', async (value) => {
    const template = files.write('t.jinja', '{{ messages[0].content }}');
    const input = files.write('in.json', chat('hi'));
    const line = expectBadInput(await parley(['render', '--format', 'jinja', '--template', template, '--template-budget', value, input]));
    // The old command refused the flag as unknown; now it is a flag whose value is checked.
    expect(line).toMatch(/--template-budget takes a whole number from 1 to \d+, got /);
  });
});
