/**
 * Training-data shapes and JSON arrays of records through the command (issue 22, item 5): a
 * preference record renders and tokenizes as {"chosen", "rejected"}, validates as one result
 * whose paths name the branch; a `.json` array of records reads as JSON Lines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMlFormat } from '../../src/core/formats/chatml/index.ts';
import { openAiChatCodec } from '../../src/core/interchange/openai-chat/index.ts';
import { fixtureDir, lines, parley } from './run.ts';

const files = fixtureDir();
afterAll(() => files.cleanup());
// The library's ChatML code loads on demand (the command loads it before a render).
beforeAll(() => chatMlFormat.prepare?.());

const USER = { role: 'user', content: 'What color is the sky?' };
const BLUE = { role: 'assistant', content: 'It is blue.' };
const GREEN = { role: 'assistant', content: 'It is green.' };
const PREFERENCE = { prompt: [USER], chosen: [BLUE], rejected: [GREEN] };

/** The ChatML text of a plain conversation, read as an ordinary OpenAI messages document (not through the shapes). */
function chatml(messages: unknown[]): string {
  const { record } = openAiChatCodec.decode({ messages });
  if (!record) throw new Error('not readable');
  return chatMlFormat.render(record, {}).text;
}

describe.concurrent('training records in the command', () => {
  it('render --jsonl writes a preference record as {"chosen", "rejected"}, each the prompt then that branch', async () => {
    const run = await parley(['render', '--format', 'chatml', '--jsonl'], `${JSON.stringify(PREFERENCE)}\n`);
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as Record<string, { text: string; diagnostics: unknown[] }>;
    expect(Object.keys(out)).toEqual(['chosen', 'rejected']);
    expect(out.chosen).toEqual({ text: chatml([USER, BLUE]), diagnostics: [] });
    expect(out.rejected).toEqual({ text: chatml([USER, GREEN]), diagnostics: [] });
  });

  it('render --jsonl writes a plain-text prompt-completion record as one text: the prompt as the user turn, the completion as the assistant turn', async () => {
    const run = await parley(['render', '--format', 'chatml', '--jsonl'], `${JSON.stringify({ prompt: 'The sky is', completion: ' blue.' })}\n`);
    expect(JSON.parse(run.stdout)).toEqual({ text: chatml([{ role: 'user', content: 'The sky is' }, { role: 'assistant', content: ' blue.' }]), diagnostics: [] });
  });

  it('validate writes one result for a preference record, its diagnostics at the branch', async () => {
    const broken = { ...PREFERENCE, rejected: [{ role: 'assistant', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{not json' } }] }] };
    const run = await parley(['validate', '--format', 'chatml', '--jsonl'], `${JSON.stringify(broken)}\n`);
    const results = lines(run.stdout).map((line) => JSON.parse(line) as { valid: boolean; diagnostics: { path?: (string | number)[] }[] });
    expect(results).toHaveLength(1);
    const paths = results[0]?.diagnostics.map((d) => (d.path ?? []).join('.'));
    expect(paths?.some((p) => p.startsWith('branches.rejected.0.toolCalls.0'))).toBe(true);
    expect(paths?.some((p) => p.includes('chosen'))).toBe(false);
  });

  it('tokenize --jsonl writes a preference record as {"chosen", "rejected"} with the usual fields', async () => {
    const run = await parley(['tokenize', '--format', 'chatml', '--tokenizer', 'qwen3', '--jsonl'], `${JSON.stringify(PREFERENCE)}\n`);
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as Record<string, { input_ids: number[]; labels: number[]; diagnostics: unknown[] }>;
    expect(Object.keys(out)).toEqual(['chosen', 'rejected']);
    expect(out.chosen?.input_ids.length).toBe(out.chosen?.labels.length);
    expect(out.chosen?.input_ids).not.toEqual(out.rejected?.input_ids);
  });

  it('reads a .json array of records as JSON Lines: one result per element, notes at the line each starts on', async () => {
    const file = files.write('records.json', `[\n  ${JSON.stringify({ messages: [USER, BLUE] })},\n  ${JSON.stringify(PREFERENCE, null, 2)}\n]\n`);
    const render = await parley(['render', '--format', 'chatml', file]);
    const rendered = lines(render.stdout).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(rendered.map((r) => Object.keys(r))).toEqual([
      ['text', 'diagnostics'],
      ['chosen', 'rejected'],
    ]);
    expect(rendered[0]?.text).toBe(chatml([USER, BLUE]));
    // The first element starts on line 2 (after the "["); notes name the file's line.
    expect(render.stderr).toContain('records.json:2: input dialect detected');
    const validate = await parley(['validate', '--format', 'chatml', file]);
    expect(lines(validate.stdout)).toHaveLength(2);
    expect(validate.stderr).toContain('validate: 2 records in');
    const convert = await parley(['convert', '--to', 'anthropic', file]);
    expect(lines(convert.stdout).map((line) => JSON.parse(line) as unknown)).toEqual([{ messages: [USER, BLUE] }, { prompt: [USER], chosen: [BLUE], rejected: [GREEN] }]);
    const stats = await parley(['stats', '--format', 'chatml', '--json', file]);
    expect((JSON.parse(stats.stdout) as { records: number }).records).toBe(2);
  });

  it('names the line an element starts on in its diagnostics', async () => {
    const broken = { ...PREFERENCE, rejected: [{ role: 'assistant', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{not json' } }] }] };
    const file = files.write('broken.json', `[\n  ${JSON.stringify(PREFERENCE)},\n\n  ${JSON.stringify(broken)}\n]`);
    const run = await parley(['validate', '--format', 'chatml', file]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/broken\.json:4: \w+ branches\.rejected\[0\]\.toolCalls\[0\]/);
  });

  it('keeps an array of messages one conversation', async () => {
    const file = files.write('messages.json', [USER, BLUE]);
    const run = await parley(['render', '--format', 'chatml', file]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(chatml([USER, BLUE]));
  });
});
