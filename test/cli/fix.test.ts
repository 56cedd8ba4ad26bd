/**
 * `parley convert --fix` and `parley render --fix`: the repairs that diagnostics carry, applied
 * before converting or rendering, each change on stderr and a count per kind at the end; stdout
 * keeps the streaming contract (docs/pipelines.md). The input is the example: an OpenAI
 * Chat Completions request that the Apertus template rejects in three places.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { FIXED_APERTUS_JSON, FIXED_APERTUS_TEXT, REQUEST } from '../fixtures/chat-request-apertus-rejects.ts';
import { fixtureDir, lines, parley } from './run.ts';

const files = fixtureDir();
afterAll(() => files.cleanup());



/**
 * Later places first (so that no change moves the place of another). Read as OpenAI Chat, the
 * request's `content: null` beside its calls and its nested tool are what Apertus JSON writes as
 * "" and the flat function (issue 24): nothing to fix there; the flat tool's missing description is.
 */
const FIXED = [
  'FIXED tools[0].description: Add an empty description (apertus/tool-description-empty)',
  'FIXED messages[3].content: Write the content as a string (apertus/content-to-string)',
  'FIXED messages[0].role: Make it the system message (apertus/developer-to-system)',
];
/** Kinds of change per record (the summary's lines after its first). */
const KINDS = FIXED.length;

function summary(command: string, times: number): string[] {
  return [
    `${command} --fix: ${KINDS * times} fixes applied`,
    `  ${times} × Write the content as a string (apertus/content-to-string)`,
    `  ${times} × Make it the system message (apertus/developer-to-system)`,
    `  ${times} × Add an empty description (apertus/tool-description-empty)`,
  ];
}

describe.concurrent('parley convert --fix / render --fix', () => {
  it('without --fix, the converted request renders with two errors and a warning (errors first, in document order: core\'s list order)', async () => {
    const converted = await parley(['convert', '--to', 'apertus-json', files.write('plain.json', REQUEST)]);
    const run = await parley(['render', '--format', 'apertus', '--date', '2026-01-01', files.write('plain-apertus.json', converted.stdout)]);
    expect(run.code).toBe(1);
    expect(lines(run.stderr).filter((l) => /^(ERROR|WARNING) /.test(l)).map((l) => l.split(':')[0])).toEqual(['ERROR messages[0].role', 'ERROR tools[0].description', 'WARNING messages[3].content']);
  });

  it('convert --fix writes the Apertus JSON the template accepts and names each change', async () => {
    const file = files.write('request.json', REQUEST);
    const run = await parley(['convert', '--to', 'apertus-json', '--fix', file]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(FIXED_APERTUS_JSON);
    expect(lines(run.stderr)).toEqual(['INFO input dialect detected: OpenAI Chat Completions (openai-chat); name another with --from', ...FIXED.map((l) => `${file}: ${l}`), ...summary('convert', 1)]);
    const rendered = await parley(['render', '--format', 'apertus', '--date', '2026-01-01', files.write('fixed.json', run.stdout)]);
    expect(rendered.code).toBe(0);
    expect(rendered.stdout).toBe(FIXED_APERTUS_TEXT);
  });

  it('render --fix renders the repaired conversation', async () => {
    const run = await parley(['render', '--format', 'apertus', '--date', '2026-01-01', '--input-dialect', 'openai-chat', '--fix', files.write('render.json', REQUEST)]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(FIXED_APERTUS_TEXT);
    expect(lines(run.stderr)).toEqual([
      ...FIXED,
      'WARNING tools[0].description: Tool 1 ("get_weather"), description: the description is empty; the signature gets an empty "// " comment.',
      ...summary('render', 1),
    ]);
  });

  it('JSON Lines: one result per line, the changes by line number, a count per kind at the end', async () => {
    const clean = { messages: [{ role: 'user', content: 'Hi' }] };
    const file = files.write('set.jsonl', `${JSON.stringify(REQUEST)}\n\n${JSON.stringify(clean)}\nnot json\n${JSON.stringify(REQUEST)}\n`);
    const run = await parley(['convert', '--to', 'apertus-json', '--fix', '--jobs', '1', file]);
    expect(run.code).toBe(1); // the unreadable line
    expect(lines(run.stdout).map((l) => (l === '' ? '' : (JSON.parse(l) as unknown)))).toEqual([FIXED_APERTUS_JSON, '', clean, null, FIXED_APERTUS_JSON]);
    const err = lines(run.stderr);
    expect(err.filter((l) => l.includes('FIXED'))).toEqual([...FIXED.map((l) => `${file}:1: ${l}`), ...FIXED.map((l) => `${file}:5: ${l}`)]);
    expect(err.slice(-(KINDS + 1))).toEqual(summary('convert', 2));
  });

  it('render --jsonl --fix: result lines keep the contract (diagnostics without fix data)', async () => {
    const run = await parley(['render', '--format', 'apertus', '--date', '2026-01-01', '--input-dialect', 'openai-chat', '--jsonl', '--fix', '--jobs', '1'], `${JSON.stringify(REQUEST)}\n`);
    expect(run.code).toBe(0);
    const [line] = lines(run.stdout);
    expect(JSON.parse(line as string)).toEqual({
      text: FIXED_APERTUS_TEXT,
      diagnostics: [{ severity: 'warning', code: 'apertus/tool-description-empty', message: 'Tool 1 ("get_weather"), description: the description is empty; the signature gets an empty "// " comment.', path: ['tools', 0, 'description'] }],
    });
    // Without --fix, the fixable diagnostics are listed, still without their fix data.
    const plain = await parley(['render', '--format', 'apertus', '--input-dialect', 'openai-chat', '--jsonl', '--jobs', '1'], `${JSON.stringify(REQUEST)}\n`);
    const result = JSON.parse(lines(plain.stdout)[0] as string) as { diagnostics: object[] };
    expect(result.diagnostics.length).toBeGreaterThan(0);
    for (const diagnostic of result.diagnostics) expect(Object.keys(diagnostic).sort()).toEqual(['code', 'message', 'path', 'severity']);
  });

  it('--jobs 2: the workers fix their chunks and the counts add up across them', async () => {
    const count = 3000; // a little over 2 MB: line-chunks.ts reads 1 MB at a time, so workers get chunks
    const line = JSON.stringify({ ...REQUEST, metadata: { note: 'x'.repeat(400) } });
    const run = await parley(['convert', '--to', 'apertus-json', '--fix', '--jobs', '2', files.write('big.jsonl', `${line}\n`.repeat(count))]);
    expect(run.code).toBe(0);
    const out = lines(run.stdout);
    expect(out).toHaveLength(count);
    expect(JSON.parse(out[count - 1] as string)).toEqual({ ...FIXED_APERTUS_JSON, metadata: { note: 'x'.repeat(400) } });
    const err = lines(run.stderr);
    // Of each kind of change, the first 20 are listed (--notes); the summary counts every one.
    expect(err.filter((l) => l.includes('FIXED'))).toHaveLength(KINDS * 20);
    expect(err.slice(-(KINDS + 1))).toEqual(summary('convert', count));
  });

  it('convert --fix --to anthropic removes the empty text the API refuses', async () => {
    const responses = {
      model: 'gpt-4o',
      input: [
        { role: 'user', content: 'Hi' },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Done' }, { type: 'output_text', text: '' }] },
      ],
    };
    const run = await parley(['convert', '--to', 'anthropic', '--fix', '--from', 'openai-responses'], JSON.stringify(responses));
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: [{ type: 'text', text: 'Done' }] }] });
    expect(lines(run.stderr)).toEqual(['<stdin>: FIXED messages[1].content.blocks[1]: Remove the empty text (anthropic/remove-empty-text)', 'convert --fix: 1 fix applied', '  1 × Remove the empty text (anthropic/remove-empty-text)']);
  });

  // Issue 20: a fix rewrites the record, and JSON.parse keeps only the values of its numbers.
  it('convert --fix keeps the text of every number it did not change (1.0, -0, 20 digits), in unknown fields too', async () => {
    const input = '{"messages":[{"role":"developer","content":"Be brief."},{"role":"user","content":"Hi","weight":1.0}],"temperature":1.0,"seed":12345678901234567890,"z":-0,"e":1E+5}';
    const file = files.write('numbers.json', input);
    const single = await parley(['convert', '--to', 'apertus-json', '--fix', file]);
    expect(single.code).toBe(0);
    expect(lines(single.stderr)).toContain(`${file}: FIXED messages[0].role: Make it the system message (apertus/developer-to-system)`);
    expect(single.stdout).toBe(
      [
        '{',
        '  "messages": [',
        '    {',
        '      "role": "system",',
        '      "content": "Be brief."',
        '    },',
        '    {',
        '      "role": "user",',
        '      "content": "Hi",',
        '      "weight": 1.0',
        '    }',
        '  ],',
        '  "temperature": 1.0,',
        '  "seed": 12345678901234567890,',
        '  "z": -0,',
        '  "e": 1E+5',
        '}',
        '',
      ].join('\n'),
    );
    const jsonl = await parley(['convert', '--to', 'apertus-json', '--fix', '--jsonl', '--jobs', '1'], `${input}\n`);
    expect(jsonl.code).toBe(0);
    expect(jsonl.stdout).toBe(`${input.replace('"developer"', '"system"')}\n`);
  });
});
