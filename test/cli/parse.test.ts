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

  it('reads stdin and rebuilds the tools from their signatures', async () => {
    const text = libraryRender(WITH_TOOLS, {});
    const run = await parley(['parse', '--format', 'apertus', '-'], text);
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as { messages: unknown[]; tools?: unknown };
    expect(json.tools).toEqual(WITH_TOOLS.tools);
    expect(json.messages).toHaveLength(5);
    expect(run.stderr).not.toMatch(/tool signature/);
  });

  it('exits 1 with ERROR lines for malformed text, and still writes what it read', async () => {
    const run = await parley(['parse', '--format', 'apertus'], '<s><|system_start|>hi<|system_end|><|user_start|>q<|user_end|>');
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual({ messages: [{ role: 'system', content: 'hi' }, { role: 'user', content: 'q' }] });
    expect(lines(run.stderr)).toContain('ERROR line 1, column 36 (offset 35): expected <|developer_start|> after the system message.');
  });

  it('writes apertus-json for apertus by default, and says so', async () => {
    const run = await parley(['parse', '--format', 'apertus'], libraryRender(SIMPLE, { date: '2025-08-25' }));
    expect(run.code).toBe(0);
    expect(lines(run.stderr)[0]).toBe('INFO output dialect: Apertus JSON (apertus-json), the default for apertus; name another with --output-dialect');
  });

  it('writes parley-json for openchatml by default: a FIM document is a record, not null', async () => {
    const run = await parley(['parse', '--format', 'openchatml'], '<|fim_prefix|>def f(<|fim_middle|><|fim_suffix|>):\n    pass');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ parley: 1, kind: 'document', files: [{ parts: [{ type: 'fim', prefix: 'def f(', middle: '', suffix: '):\n    pass' }] }] });
    expect(lines(run.stderr)[0]).toBe('INFO output dialect: Parley JSON (parley-json), the default for openchatml; name another with --output-dialect');
  });

  it('reports the thought flags that a named dialect cannot hold', async () => {
    const text = '[BOS]<|im_start|>system\nBe kind.<|reflect|><|reason|>\n<|im_end|>\n<|im_start|>user\nHi\n<|im_end|>[EOS]';
    const run = await parley(['parse', '--format', 'openchatml', '--output-dialect', 'apertus-json'], text);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ messages: [{ role: 'system', content: 'Be kind.' }, { role: 'user', content: 'Hi' }] });
    expect(lines(run.stderr)).toContain('WARNING messages[0].thoughtFlags: lost in conversion: the thought flags <|reflect|><|reason|> at messages[0].thoughtFlags (Apertus JSON has no place for them)');
  });

  it('writes the dialect named by --output-dialect', async () => {
    const run = await parley(['parse', '--format', 'apertus', '--output-dialect', 'apertus-json'], libraryRender(SIMPLE, { date: '2025-08-25' }));
    expect(JSON.parse(run.stdout)).toEqual(SIMPLE);
  });
});
