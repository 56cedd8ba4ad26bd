/** `parley parse`: text in, conversation JSON out, which `parley render` turns back into the text. */
import { afterAll, describe, expect, it } from 'vitest';
import { apertusFormat } from '../../src/core/formats/apertus/index.ts';
import { apertusJsonCodec } from '../../src/core/interchange/apertus-json/index.ts';
import { SIMPLE, WITH_TOOLS } from './fixtures.ts';
import { fixtureDir, lines, parley } from './run.ts';

const files = fixtureDir();
afterAll(() => files.cleanup());

function libraryRender(json: unknown, options: Record<string, unknown>): string {
  const { record } = apertusJsonCodec.decode(json);
  if (!record) throw new Error('fixture not readable');
  return apertusFormat.render(record, options).text;
}

describe.concurrent('parley parse', () => {
  it('gives JSON that render turns back into the same text, and says with which flags', async () => {
    const text = libraryRender(SIMPLE, { date: '2025-08-25', enableThinking: false, bosToken: '', addGenerationPrompt: true });
    const file = files.write('simple.txt', text);
    const parsed = await parley(['parse', '--format', 'apertus', file]);
    expect(parsed.code).toBe(0);
    expect(JSON.parse(parsed.stdout)).toEqual(SIMPLE);
    const hint = lines(parsed.stderr).find((line) => line.startsWith('INFO render it again with: '));
    expect(hint).toBe(`INFO render it again with: parley render --format apertus --bos '' --no-thinking --add-generation-prompt --date 2025-08-25`);
    const rendered = await parley(['render', '--format', 'apertus', '--bos', '', '--no-thinking', '--add-generation-prompt', '--date', '2025-08-25'], parsed.stdout);
    expect(rendered.code).toBe(0);
    expect(rendered.stdout).toBe(text);
  });

  it('reads stdin and reports that tool signatures are not rebuilt', async () => {
    const text = libraryRender(WITH_TOOLS, {});
    const run = await parley(['parse', '--format', 'apertus', '-'], text);
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as { messages: unknown[]; tools?: unknown };
    expect(json.tools).toBeUndefined();
    expect(json.messages).toHaveLength(5);
    expect(run.stderr).toMatch(/^INFO line 2, column 1 \(offset 90\): the developer section lists 1 tool signature; tool definitions are not rebuilt/m);
  });

  it('exits 1 with ERROR lines for malformed text, and still writes what it read', async () => {
    const run = await parley(['parse', '--format', 'apertus'], '<s><|system_start|>hi<|system_end|><|user_start|>q<|user_end|>');
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual({ messages: [{ role: 'system', content: 'hi' }, { role: 'user', content: 'q' }] });
    expect(lines(run.stderr)).toContain('ERROR line 1, column 36 (offset 35): expected <|developer_start|> after the system message.');
  });

  it('writes the dialect named by --output-dialect', async () => {
    const run = await parley(['parse', '--format', 'apertus', '--output-dialect', 'apertus-json'], libraryRender(SIMPLE, { date: '2025-08-25' }));
    expect(JSON.parse(run.stdout)).toEqual(SIMPLE);
  });
});
