/**
 * `parley stats`: counts records and bad lines, the lengths of the records as percentiles of
 * what the library measures for each (its render, its tokens), the problems by code as
 * core's checkRecord finds them, and the exact duplicates; text or one JSON object.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { checkRecord } from '../../src/core/checks/index.ts';
import { chatMlFormat } from '../../src/core/formats/chatml/index.ts';
import { openAiChatCodec } from '../../src/core/interchange/openai-chat/index.ts';
import { measureTokens } from '../../src/core/tokens/measure.ts';
import { renderJinja } from '../../src/core/formats/jinja/render.ts';
import { byteFallbackFiles, byteFallbackTokenizer, shippedTokenizer } from '../../src/core/tokens/test-tokenizers.ts';
import { expectBadInput, fixtureDir, lines, parley } from './run.ts';

const files = fixtureDir();
afterAll(() => files.cleanup());

const chat = (...pairs: [string, string][]) => ({ messages: pairs.map(([role, content]) => ({ role, content })) });

/** Messages per record: 2, 4, 2, 6 and a duplicate of the first (2). */
const RECORDS = [
  chat(['user', 'Hi'], ['assistant', 'Hello! 😀']),
  chat(['system', 'Be brief.'], ['user', 'What is 2+2?'], ['assistant', '4'], ['user', 'Sure?']),
  chat(['user', 'Ünïcödé 日本語'], ['assistant', '']),
  chat(['user', 'a'], ['assistant', 'b'], ['user', 'c'], ['assistant', 'd'], ['user', 'e'], ['assistant', 'f'.repeat(500)]),
];
const FILE_TEXT = [...RECORDS, RECORDS[0]].map((r) => JSON.stringify(r)).join('\n').replace(/\n/, '\nnot json\n\n') + '\n';

/** The library's figures for each readable record (the first again at the end: the duplicate). */
async function expected(): Promise<{ chars: number[]; tokens: number[]; codes: Map<string, number> }> {
  await chatMlFormat.prepare?.();
  const qwen = shippedTokenizer('qwen3');
  const chars: number[] = [];
  const tokens: number[] = [];
  const codes = new Map<string, number>();
  for (const json of [...RECORDS, RECORDS[0]]) {
    const { record, diagnostics } = openAiChatCodec.decode(json);
    if (!record) throw new Error('fixture not readable');
    const rendered = chatMlFormat.render(record);
    chars.push(Array.from(rendered.text).length);
    tokens.push(measureTokens(qwen, record, rendered).tokens);
    for (const code of checkRecord({ record, readerDiagnostics: diagnostics }, { formatId: 'chatml' }).codes) codes.set(code, (codes.get(code) ?? 0) + 1);
  }
  return { chars, tokens, codes };
}

/** Nearest rank: the ⌈p·n⌉-th smallest (5 values: p50 the 3rd, p90 and p99 the 5th). */
const ofFive = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: sorted[2], p90: sorted[4], p99: sorted[4], max: sorted[4] };
};

describe('parley stats', () => {
  it('--json: records, bad lines, percentiles of messages, characters and tokens, codes and duplicates', async () => {
    const file = files.write('set.jsonl', FILE_TEXT);
    const run = await parley(['stats', '--format', 'chatml', '--input-dialect', 'openai-chat', '--tokenizer', 'qwen3', '--json', file]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as Record<string, unknown>;
    const want = await expected();
    expect(report.records).toBe(5);
    expect(report.bad_lines).toBe(1);
    expect(report.duplicates).toBe(1);
    // Messages 2, 4, 2, 6, 2 → sorted 2 2 2 4 6; turns 1, 2, 1, 3, 1 → 1 1 1 2 3.
    expect(report.messages).toEqual({ p50: 2, p90: 6, p99: 6, max: 6 });
    expect(report.turns).toEqual({ p50: 1, p90: 3, p99: 3, max: 3 });
    expect(report.chars).toEqual(ofFive(want.chars));
    expect(report.tokens).toEqual(ofFive(want.tokens));
    expect(report.codes).toEqual(Object.fromEntries([['cli/malformed-json', 1], ...want.codes]));
  });

  it('counts no tokens without a tokenizer, and says how to get them', async () => {
    const file = files.write('plain.jsonl', FILE_TEXT);
    const json = JSON.parse((await parley(['stats', '--format', 'chatml', '--json', file])).stdout) as Record<string, unknown>;
    expect(json).not.toHaveProperty('tokens');
    expect(json.records).toBe(5);
    const text = await parley(['stats', '--format', 'apertus', file]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/No tokens counted: give --tokenizer/);
  });

  it('writes a table of percentiles and a text histogram per length', async () => {
    const file = files.write('text.jsonl', FILE_TEXT);
    const run = await parley(['stats', '--format', 'chatml', '--input-dialect', 'openai-chat', file]);
    expect(run.code).toBe(0);
    const out = lines(run.stdout);
    expect(out[0]).toBe(`${file}: 5 records, 1 bad line, 1 exact duplicate`);
    const header = out.findIndex((line) => /^\s+p50\s+p90\s+p99\s+max$/.test(line));
    expect(header).toBeGreaterThan(0);
    expect(out[header + 2]).toMatch(/^messages\s+2\s+6\s+6\s+6$/);
    // Messages histogram: one bar per count 2 … 6; three records have 2, one has 4, one has 6.
    const bars = out.slice(out.indexOf('Messages per record:') + 1, out.indexOf('Messages per record:') + 6);
    expect(bars).toEqual([`  2 │${'█'.repeat(40)} 3`, '  3 │', `  4 │${'█'.repeat(13)} 1`, '  5 │', `  6 │${'█'.repeat(13)} 1`]);
  });

  it('reads one JSON record when the input is not JSON Lines, and refuses one that is not a record', async () => {
    const one = await parley(['stats', '--format', 'chatml', '--json'], JSON.stringify(RECORDS[1]));
    expect(JSON.parse(one.stdout)).toMatchObject({ records: 1, bad_lines: 0, messages: { p50: 4, max: 4 } });
    expect(expectBadInput(await parley(['stats', '--format', 'chatml'], 'not json'))).toMatch(/^parley stats: <stdin>:1:1: malformed JSON/);
  });

  it('counts tokens with the format\'s own tokenizer when the rules need them', async () => {
    const rules = files.write('rules.json', { maxTokens: { max: 10 } });
    const run = await parley(['stats', '--format', 'chatml', '--rules', rules, '--json'], JSON.stringify(RECORDS[0]));
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toHaveProperty('tokens.max');
    // Apertus ships no tokenizer: the rules cannot be checked without one.
    expect(expectBadInput(await parley(['stats', '--format', 'apertus', '--rules', rules], JSON.stringify(RECORDS[0])))).toMatch(/no tokenizer ships for format apertus; give one with --tokenizer/);
  });

  it('--format jinja --template: counts with the template\'s own tokenizer, says which, and "approximate" only for a stand-in', async () => {
    // A tokenizer.json beside the --template tokenizer_config.json is the template's own (as for parley tokenize).
    const { tokenizer, config } = byteFallbackFiles();
    const template = '{% for m in messages %}<{{ m.role }}>{{ m.content }}\n{% endfor %}';
    mkdirSync(files.path('model'));
    const tokenizerPath = files.write('model/tokenizer.json', tokenizer);
    const configPath = files.write('model/tokenizer_config.json', { ...config, chat_template: template });
    const record = openAiChatCodec.decode(RECORDS[0]).record;
    if (!record) throw new Error('fixture not readable');
    // The count that tokenizer gives the template's render (byte fallback: far fewer ids than Qwen3's vocabulary, other counts).
    const want = measureTokens(byteFallbackTokenizer(), record, renderJinja(record, { template, variables: JSON.stringify({ bos_token: '<s>', eos_token: '</s>' }) })).tokens;
    const own = await parley(['stats', '--format', 'jinja', '--template', configPath, '--tokens', '--json'], JSON.stringify(RECORDS[0]));
    expect(own.code, own.stderr).toBe(0);
    expect(JSON.parse(own.stdout)).toMatchObject({ tokens: { max: want }, tokenizer: { name: tokenizerPath, approximate: false } });
    const ownText = await parley(['stats', '--format', 'jinja', '--template', configPath, '--tokens'], JSON.stringify(RECORDS[0]));
    expect(ownText.stdout).toMatch(new RegExp(`^tokens \\(${tokenizerPath.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\)\\s+${want}\\s`, 'm'));
    expect(ownText.stdout).not.toContain('approximate');
    // A template Parley does not know, without its tokenizer: Qwen3 stands in, and the report says so.
    const bare = files.write('bare.jinja', template);
    const standIn = await parley(['stats', '--format', 'jinja', '--template', bare, '--tokens'], JSON.stringify(RECORDS[0]));
    expect(standIn.code, standIn.stderr).toBe(0);
    expect(standIn.stdout).toMatch(/^tokens \(qwen3, approximate\)\s+\d/m);
    expect(standIn.stdout).toContain("Qwen3's tokenizer stands in");
    const standInJson = JSON.parse((await parley(['stats', '--format', 'jinja', '--template', bare, '--tokens', '--json'], JSON.stringify(RECORDS[0]))).stdout) as unknown;
    expect(standInJson).toMatchObject({ tokenizer: { name: 'qwen3', approximate: true } });
    // Rules that need tokens count them with the same choice.
    const rules = files.write('jinja-rules.json', { maxTokens: { max: 10_000 } });
    expect(JSON.parse((await parley(['stats', '--format', 'jinja', '--template', configPath, '--rules', rules, '--json'], JSON.stringify(RECORDS[0]))).stdout)).toMatchObject({ tokens: { max: want } });
  });

  it('refuses a rules file that is not JSON, and an unknown tokenizer, in one line', async () => {
    const bad = files.write('bad-rules.json', '{ nope');
    expect(expectBadInput(await parley(['stats', '--format', 'chatml', '--rules', bad], '{}'))).toMatch(/^parley stats: .*bad-rules\.json is not a rules file/);
    expect(expectBadInput(await parley(['stats', '--format', 'chatml', '--tokenizer', 'no-such'], '{}'))).toMatch(/--tokenizer "no-such" is no file/);
  });
});
