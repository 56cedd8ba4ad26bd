/** `parley validate`: one diagnostic per line, "LEVEL path: message"; exit 1 on any error. */
import { afterAll, describe, expect, it } from 'vitest';
import { APERTUS_DETECTED_INFO, INJECTION, MIXED, SIMPLE } from './fixtures.ts';
import { fixtureDir, lines, parley } from './run.ts';

const files = fixtureDir();
afterAll(() => files.cleanup());

describe.concurrent('parley validate', () => {
  it('prints nothing and exits 0 for a valid conversation', async () => {
    const run = await parley(['validate', '--format', 'apertus', files.write('ok.json', SIMPLE)]);
    expect(run).toEqual({ code: 0, stdout: '', stderr: `${APERTUS_DETECTED_INFO}\n` });
  });

  it('lists warnings and exits 0 when there is no error', async () => {
    const run = await parley(['validate', '--format', 'apertus'], JSON.stringify(INJECTION));
    expect(run.code).toBe(0);
    expect(lines(run.stdout)).toEqual([expect.stringMatching(/^WARNING messages\[0\]\.content /)]);
  });

  it('lists decode, format and tool-call problems with paths and exits 1', async () => {
    const json = {
      messages: [
        ...MIXED.messages,
        { role: 'assistant', content: { blocks: [{ type: 'tool_calls', calls: [{ name: 'f', arguments: 7 }] }] } },
      ],
    };
    const run = await parley(['validate', '--format', 'apertus'], JSON.stringify(json));
    expect(run.code).toBe(1);
    const out = lines(run.stdout);
    expect(out).toContain('ERROR messages[4].content.blocks[0].calls[0].arguments: expected a string or an object, got number');
    expect(out.some((line) => /^ERROR messages\[3\]/.test(line))).toBe(true);
    expect(out.every((line) => /^(ERROR|WARNING|INFO) \S/.test(line))).toBe(true);
  });

  it('validates JSON Lines: one result object per line, and a summary', async () => {
    const file = files.write('set.jsonl', `${JSON.stringify(SIMPLE)}\n${JSON.stringify(MIXED)}\n\nnot json\n`);
    const run = await parley(['validate', '--format', 'apertus', file]);
    expect(run.code).toBe(1);
    const out = lines(run.stdout);
    expect(out).toHaveLength(4);
    expect(out[2]).toBe(''); // the blank line
    const results = [out[0], out[1], out[3]].map((line) => JSON.parse(line as string) as { valid: boolean; diagnostics: { severity: string; message: string; path?: unknown[] }[] });
    expect(results[0]).toEqual({ valid: true, diagnostics: [] });
    expect(results[1]?.valid).toBe(false);
    expect(results[1]?.diagnostics.some((d) => d.severity === 'error' && d.path?.[0] === 'messages' && d.path[1] === 3)).toBe(true);
    expect(results[2]).toEqual({ valid: false, diagnostics: [{ severity: 'error', code: 'cli/malformed-json', message: 'malformed JSON at column 1: Unexpected "n": expected a value (did you mean null?)' }] });
    // Each problem with its line (issue 21), then the summary.
    expect(lines(run.stderr)).toEqual([
      APERTUS_DETECTED_INFO.replace('INFO ', `INFO ${file}:1: `),
      `${file}:2: ERROR messages[3].content: Message 4 (assistant) has blocks, but an earlier assistant message has string content; all assistant messages of a conversation must use the same form (the template raises "Invalid assistant content").`,
      `${file}:4: ERROR malformed JSON at column 1: Unexpected "n": expected a value (did you mean null?)`,
      `validate: 3 records in ${file}, 2 with errors`,
    ]);
  });

  it('answers clean records at once, read as the full checks read them (detected or named)', async () => {
    const records = [
      SIMPLE,
      // Unknown top-level fields: plain chat with them is read as OpenAI Chat, Apertus blocks as Apertus JSON (detected by evidence).
      { messages: [{ role: 'user', content: 'hi' }], model: 'gpt-4o' },
      { messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: { blocks: [{ type: 'response', text: 'hello' }] } }], id: 7 },
      // Clean but for one thing each: a special token in the text, a tool message outside a turn.
      { messages: [{ role: 'user', content: 'a <|user_end|> b' }] },
      { messages: [{ role: 'tool', content: 'out of turn' }] },
    ];
    const file = files.write('clean.jsonl', `${records.map((record) => JSON.stringify(record)).join('\n')}\n`);
    const run = await parley(['validate', '--format', 'apertus', '--jsonl', file]);
    const results = lines(run.stdout).map((line) => JSON.parse(line) as { valid: boolean; diagnostics: { code: string }[] });
    expect(results.map((result) => [result.valid, result.diagnostics.map((d) => d.code)])).toEqual([
      [true, []],
      [true, []],
      [true, []],
      [true, ['token-injection']],
      // It answers no call (the structural check of issue 21), and the template raises on it; core's order: the structural checks before the format's at one path.
      [false, ['structure/result-without-call', 'apertus/tool-outside-assistant']],
    ]);
    expect(lines(run.stderr)).toEqual([
      APERTUS_DETECTED_INFO.replace('INFO ', `INFO ${file}:1: `),
      // No mark of OpenAI's own decides: the line says which other dialects read it too, and why OpenAI (issue 22).
      `INFO ${file}:2: input dialect detected: OpenAI Chat Completions (openai-chat); Apertus JSON and Anthropic Messages fit it as well (nothing in it marks one dialect); read as OpenAI Chat Completions, the most common writer of such messages; name another with --input-dialect`,
      `${file}:4: WARNING messages[0].content contains the special-token text "<|user_end|>"; a tokenizer that parses special tokens in text turns it into the token itself.`,
      `${file}:5: ERROR messages[0]: This tool result answers no call: no tool call of its turn is left unanswered before it (a result follows the assistant message that calls the tool).`,
      `${file}:5: ERROR messages[0]: Message 1 (tool) does not follow an assistant message; tool messages belong to an assistant turn (the template raises "Tool message outside of assistant").`,
      `validate: 5 records in ${file}, 1 with errors`,
    ]);
    // Named: every record is read as Apertus JSON, and no line says which dialect.
    const named = await parley(['validate', '--format', 'apertus', '--jsonl', '--input-dialect', 'apertus-json', file]);
    expect(lines(named.stdout).slice(0, 3)).toEqual(Array(3).fill('{"valid":true,"diagnostics":[]}'));
    expect(lines(named.stderr).filter((line) => !line.startsWith(`${file}:`))).toEqual([`validate: 5 records in ${file}, 1 with errors`]);
  });
});
