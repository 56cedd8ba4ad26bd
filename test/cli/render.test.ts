/**
 * `parley render` run as a child process: its stdout must equal, byte for byte, what the
 * library renders for the same input and options (nothing added, no trailing newline).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { apertusFormat } from '../../src/core/formats/apertus/index.ts';
import { apertusJsonCodec } from '../../src/core/interchange/apertus-json/index.ts';
import type { ApertusOptions } from '../../src/core/formats/apertus/options.ts';
import { APERTUS_DETECTED_INFO, INJECTION, PLAIN_CHAT_INFO, MIXED, SIMPLE, WITH_TOOLS } from './fixtures.ts';
import { fixtureDir, lines, parley } from './run.ts';

const files = fixtureDir();
afterAll(() => files.cleanup());

function libraryRender(json: unknown, options: Partial<ApertusOptions>): string {
  const { record } = apertusJsonCodec.decode(json);
  if (!record) throw new Error('fixture not readable');
  return apertusFormat.render(record, options).text;
}

describe.concurrent('parley render', () => {
  it.each<[string, unknown, string[], Partial<ApertusOptions>]>([
    ['thoughts, calls and outputs', SIMPLE, ['--date', '2025-08-25'], { date: '2025-08-25' }],
    ['tools, system mapping, legacy calls', WITH_TOOLS, [], {}],
    ['every option flag', SIMPLE, ['--add-generation-prompt', '--no-thinking', '--bos', '<|bos|>', '--date', '1999-12-31'], { addGenerationPrompt: true, enableThinking: false, bosToken: '<|bos|>', date: '1999-12-31' }],
    ['--flag=value and an empty BOS', SIMPLE.messages, ['--bos=', '--date=2024-02-29'], { bosToken: '', date: '2024-02-29' }],
  ])('writes exactly the library render: %s', async (_name, json, flags, options) => {
    const file = files.write(`${_name.replace(/\W+/g, '-')}.json`, json as object);
    const run = await parley(['render', '--format', 'apertus', ...flags, file]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(libraryRender(json, options));
    expect(run.stdout.endsWith('\n')).toBe(false);
    expect(run.stderr).toBe(`${APERTUS_DETECTED_INFO}\n`);
  });

  it('reads stdin for - and for no file', async () => {
    const expected = libraryRender(SIMPLE, { date: '2025-08-25' });
    const dash = await parley(['render', '--format', 'apertus', '--date', '2025-08-25', '-'], JSON.stringify(SIMPLE));
    const none = await parley(['render', '--format', 'apertus', '--date', '2025-08-25'], JSON.stringify(SIMPLE));
    expect(dash.stdout).toBe(expected);
    expect(none.stdout).toBe(expected);
  });

  it('decodes with the dialect named by --input-dialect', async () => {
    const run = await parley(['render', '--format', 'apertus', '--input-dialect', 'apertus-json', '--date', '2025-08-25'], JSON.stringify(SIMPLE));
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(libraryRender(SIMPLE, { date: '2025-08-25' }));
    expect(run.stderr).toBe('');
  });

  it('writes warnings to stderr and exits 0', async () => {
    const run = await parley(['render', '--format', 'apertus', '--date', '2025-08-25'], JSON.stringify(INJECTION));
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(libraryRender(INJECTION, { date: '2025-08-25' }));
    expect(lines(run.stderr)).toEqual([PLAIN_CHAT_INFO, expect.stringMatching(/^WARNING messages\[0\]\.content .*<\|assistant_end\|>/)]);
  });

  it('writes object arguments as their JSON text, and with --object-map-arguments as the template does ([object Map])', async () => {
    const json = { messages: [{ role: 'user', content: 'Q' }, { role: 'assistant', content: { blocks: [{ type: 'tool_calls', calls: [{ name: 'f', arguments: { x: 1 } }] }] } }] };
    const file = files.write('object-arguments.json', json);
    const plain = await parley(['render', '--format', 'apertus', '--date', '2025-08-25', file]);
    const bytes = await parley(['render', '--format', 'apertus', '--date', '2025-08-25', '--object-map-arguments', file]);
    expect([plain.code, bytes.code]).toEqual([0, 0]);
    expect(plain.stdout).toContain('<|tools_prefix|>[{"f": {"x": 1}}]<|tools_suffix|>');
    expect(bytes.stdout).toContain('<|tools_prefix|>[{"f": [object Map]}]<|tools_suffix|>');
    expect(bytes.stdout).toBe(libraryRender(json, { date: '2025-08-25', objectMapArguments: true }));
    for (const run of [plain, bytes]) expect(lines(run.stderr)).toContainEqual(expect.stringMatching(/^WARNING messages\[1\]\.content\.blocks\[0\]\.calls\[0\]\.arguments: .*\[object Map\]/));
  });

  it('writes render errors to stderr, still prints the text, and exits 1', async () => {
    const run = await parley(['render', '--format', 'apertus', '--date', '2025-08-25'], JSON.stringify(MIXED));
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(libraryRender(MIXED, { date: '2025-08-25' }));
    expect(lines(run.stderr).some((line) => line.startsWith('ERROR messages[3]'))).toBe(true);
  });

  it('renders JSON Lines in order, one object per line, going on after a bad line', async () => {
    const file = files.write('batch.jsonl', [JSON.stringify(SIMPLE), '', '{"messages": [1]}', '{"messages": [', JSON.stringify(MIXED), JSON.stringify(WITH_TOOLS)].join('\n') + '\n');
    const run = await parley(['render', '--format', 'apertus', '--date', '2025-08-25', file]);
    expect(run.code).toBe(1);
    // One result line per input line: the blank line gives an empty one, so position maps output to input.
    const outLines = lines(run.stdout);
    expect(outLines).toHaveLength(6);
    expect(outLines[1]).toBe('');
    const out = outLines.filter((line) => line !== '').map((line) => JSON.parse(line) as { text: string | null; diagnostics: { severity: string; message: string }[] });
    // Nothing in a result says where the record was (the same line gives the same result in any part of a split input).
    expect(out[0]).toEqual({ text: libraryRender(SIMPLE, { date: '2025-08-25' }), diagnostics: [] });
    expect(out[1]).toMatchObject({ text: null, diagnostics: [{ severity: 'error', message: 'not readable as Apertus JSON: messages[0]: expected an object, got number' }] });
    expect(out[2]).toMatchObject({ text: null, diagnostics: [{ severity: 'error', message: 'malformed JSON at column 15: Unexpected end of text: expected a value' }] });
    expect(out[3]?.text).toBe(libraryRender(MIXED, { date: '2025-08-25' }));
    expect(out[3]?.diagnostics.some((d) => d.severity === 'error')).toBe(true);
    expect(out[4]?.text).toBe(libraryRender(WITH_TOOLS, { date: '2025-08-25' }));
    expect(lines(run.stderr)).toEqual([APERTUS_DETECTED_INFO.replace('INFO ', `INFO ${file}:1: `), `render: 3 of 5 records in ${file} have errors (see their diagnostics)`]);
  });

  it('takes --jsonl for stdin', async () => {
    const run = await parley(['render', '--format', 'apertus', '--jsonl', '--date', '2025-08-25'], `${JSON.stringify(SIMPLE)}\n${JSON.stringify(SIMPLE.messages)}\n`);
    expect(run.code).toBe(0);
    const texts = lines(run.stdout).map((line) => (JSON.parse(line) as { text: string }).text);
    expect(texts).toEqual([libraryRender(SIMPLE, { date: '2025-08-25' }), libraryRender(SIMPLE, { date: '2025-08-25' })]);
  });

  it('streams a large JSON Lines file', async () => {
    const count = 3000;
    const file = files.write('large.jsonl', `${JSON.stringify(SIMPLE)}\n`.repeat(count));
    const run = await parley(['render', '--format', 'apertus', '--date', '2025-08-25', file]);
    expect(run.code).toBe(0);
    const out = lines(run.stdout);
    expect(out).toHaveLength(count);
    expect(JSON.parse(out[count - 1] as string)).toEqual({ text: libraryRender(SIMPLE, { date: '2025-08-25' }), diagnostics: [] });
  });
});
