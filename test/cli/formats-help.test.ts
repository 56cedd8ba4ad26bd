/** `parley formats` and `--help`. */
import { describe, expect, it } from 'vitest';
import { CODECS, FORMATS } from '../../src/core/index.ts';
import { parley } from './run.ts';

/** Labels hold parentheses ("(spec 002)"), which are regex syntax. */
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.concurrent('parley formats', () => {
  it('lists every format with its options, and every dialect', async () => {
    const run = await parley(['formats']);
    expect(run.code).toBe(0);
    for (const format of FORMATS) expect(run.stdout).toContain(`${format.id} — ${format.label}`);
    for (const codec of CODECS) expect(run.stdout).toMatch(new RegExp(`^  ${escapeRegExp(codec.id)} +${escapeRegExp(codec.label)}$`, 'm'));
    expect(run.stdout).toMatch(/^ {6}--no-thinking +boolean +default true +enable_thinking/m);
    expect(run.stdout).toMatch(/^ {6}--date YYYY-MM-DD +date +default today +The "Current date:"/m);
    expect(run.stdout).toMatch(/^ {6}--bos TEXT +string +default "<s>" +/m);
  });

  it('says the same as JSON with --json', async () => {
    const run = await parley(['formats', '--json']);
    const json = JSON.parse(run.stdout) as { formats: { id: string; options: { key: string; flag: string; type: string }[] }[]; dialects: { id: string }[] };
    expect(json.dialects.map((d) => d.id)).toEqual(CODECS.map((c) => c.id));
    expect(json.formats.find((f) => f.id === 'apertus')?.options.map((o) => [o.key, o.flag, o.type])).toEqual([
      ['bosToken', '--bos', 'string'],
      ['enableThinking', '--no-thinking', 'boolean'],
      ['addGenerationPrompt', '--add-generation-prompt', 'boolean'],
      ['date', '--date', 'date'],
      ['objectMapArguments', '--object-map-arguments', 'boolean'],
    ]);
  });
});

describe.concurrent('--help', () => {
  it.each([
    [['--help'], 'Usage: parley COMMAND'],
    [['help'], 'Usage: parley COMMAND'],
    [['help', 'convert'], 'Usage: parley convert'],
    [['render', '--help'], 'Usage: parley render'],
    [['render', '--format', 'nope', '-h'], 'Usage: parley render'],
    [['parse', '--help'], 'Usage: parley parse'],
    [['validate', '--help'], 'Usage: parley validate'],
    [['convert', '--help'], 'Usage: parley convert'],
    [['formats', '--help'], 'Usage: parley formats'],
  ])('parley %j', async (args, start) => {
    const run = await parley(args);
    expect(run.code).toBe(0);
    expect(run.stdout.startsWith(start)).toBe(true);
    expect(run.stdout).toMatch(/Exit codes: /);
    expect(run.stderr).toBe('');
  });
});
