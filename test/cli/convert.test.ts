/** `parley convert`: between the registered dialects; losses on stderr. */
import { afterAll, describe, expect, it } from 'vitest';
import { CODECS } from '../../src/core/index.ts';
import { SIMPLE, WITH_TOOLS } from './fixtures.ts';
import { fixtureDir, lines, parley } from './run.ts';

const files = fixtureDir();
afterAll(() => files.cleanup());

describe.concurrent('parley convert', () => {
  it('converts with a detected source dialect, losslessly when the target is the same', async () => {
    const run = await parley(['convert', '--to', 'apertus-json', files.write('tools.json', WITH_TOOLS)]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(WITH_TOOLS);
    expect(run.stdout).toBe(`${JSON.stringify(WITH_TOOLS, null, 2)}\n`);
    expect(run.stderr).toBe('');
  });

  it('keeps a bare messages array bare', async () => {
    const run = await parley(['convert', '--from', 'apertus-json', '--to', 'apertus-json'], JSON.stringify(SIMPLE.messages));
    expect(JSON.parse(run.stdout)).toEqual(SIMPLE.messages);
  });

  it('lists what the target cannot express on stderr', async () => {
    const json = { messages: [{ role: 'user', content: { parts: [{ type: 'image', url: 'https://example.com/a.png' }] } }] };
    const run = await parley(['convert', '--to', 'apertus-json'], JSON.stringify(json));
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(json);
    expect(lines(run.stderr)).toEqual(['<stdin>: WARNING messages[0].content.parts[0]: Apertus user parts are text only; the image part is written as {"type": "image", …}, which the Apertus template rejects.']);
  });

  it('converts JSON Lines line by line, reporting and skipping bad lines', async () => {
    const file = files.write('set.jsonl', `${JSON.stringify(SIMPLE)}\n{"messages": 3}\n\n${JSON.stringify(WITH_TOOLS)}\n`);
    const run = await parley(['convert', '--to', 'apertus-json', file]);
    expect(run.code).toBe(1);
    expect(lines(run.stdout).map((line) => JSON.parse(line) as unknown)).toEqual([SIMPLE, WITH_TOOLS]);
    expect(lines(run.stderr)).toEqual([`${file}:2: cannot tell which JSON dialect this is; name it with --input-dialect (known: ${CODECS.map((c) => c.id).join(', ')}) (line skipped)`]);
  });
});
