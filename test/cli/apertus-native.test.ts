/**
 * Plain Apertus JSON (spec 000: string contents, flat tools, tool messages, legacy OpenAI
 * `tool_calls`) looks like OpenAI Chat Completions message by message. Without a named dialect,
 * `render --format apertus` reads it in the dialect its evidence names, as every format does
 * (issue 24): Apertus JSON where flat tools mark it, OpenAI Chat where nothing does. Either way
 * the output is what the official template makes of the same JSON: the expected texts here are
 * the reference template's renders (test/reference/apertus-template.ts), not Parley's own.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { referenceAvailable, renderReference, SKIP_REASON, type ReferenceOptions } from '../reference/apertus-template.ts';
import { APERTUS_DETECTED_INFO } from './fixtures.ts';
import { fixtureDir, lines, parley } from './run.ts';

const files = fixtureDir();
afterAll(() => files.cleanup());

const PINNED: ReferenceOptions = { bosToken: '<s>', enableThinking: true, addGenerationPrompt: false, date: '2025-08-25' };

const WEATHER_TOOL = {
  name: 'get_weather',
  description: 'Current weather in a city.',
  parameters: { type: 'object', properties: { city: { type: 'string', description: 'City name' }, unit: { type: 'string', enum: ['C', 'F'] } }, required: ['city'] },
};
const TIME_TOOL = { name: 'get_time', description: 'Local time.', parameters: { type: 'object', properties: { zone: { type: 'string' } } } };

const CASES: [string, object][] = [
  [
    'flat tools, a legacy tool call and a tool message',
    {
      messages: [
        { role: 'user', content: 'Weather in Bern?' },
        { role: 'assistant', content: 'Let me check.', tool_calls: [{ type: 'function', function: { name: 'get_weather', arguments: '{"city": "Bern"}' } }] },
        { role: 'tool', content: '{"temp": 21}' },
        { role: 'assistant', content: 'It is 21 degrees in Bern.' },
      ],
      tools: [WEATHER_TOOL],
    },
  ],
  [
    'a system prompt, two flat tools and parallel calls answered by two tool messages',
    {
      messages: [
        { role: 'system', content: 'You are a travel helper.' },
        { role: 'user', content: 'Weather and time in Zurich?' },
        {
          role: 'assistant',
          content: '',
          tool_calls: [
            { type: 'function', function: { name: 'get_weather', arguments: '{"city": "Zurich", "unit": "C"}' } },
            { type: 'function', function: { name: 'get_time', arguments: '{"zone": "Europe/Zurich"}' } },
          ],
        },
        { role: 'tool', content: '{"temp": 18}' },
        { role: 'tool', content: '"14:05"' },
        { role: 'assistant', content: 'It is 18 degrees and 14:05.' },
        { role: 'user', content: 'Thanks!' },
      ],
      tools: [WEATHER_TOOL, TIME_TOOL],
    },
  ],
  [
    'tool messages without tools or calls (OpenAI would call them tool results of nothing)',
    {
      messages: [
        { role: 'user', content: 'Look it up.' },
        { role: 'assistant', content: 'Looking.' },
        { role: 'tool', content: 'result 1' },
        { role: 'assistant', content: 'Found it.' },
      ],
    },
  ],
  [
    'calls and tool messages with OpenAI ids, and flat tools (the template ignores the ids)',
    {
      messages: [
        { role: 'user', content: 'Weather in Geneva?' },
        { role: 'assistant', content: 'Checking.', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city": "Geneva"}' } }] },
        { role: 'tool', tool_call_id: 'call_1', content: '{"temp": 23}' },
        { role: 'assistant', content: '23 degrees.' },
      ],
      tools: [WEATHER_TOOL],
    },
  ],
];

/** Tool messages (OpenAI's role) without flat tools: nothing marks Apertus JSON, and OpenAI Chat reads it as the template does. */
const OPENAI_TOOL_INFO = 'INFO input dialect detected: OpenAI Chat Completions (openai-chat); name another with --input-dialect';

const RESULT_WITHOUT_CALL = 'ERROR messages[2]: This tool result answers no call: no tool call of its turn is left unanswered before it (a result follows the assistant message that calls the tool).';

describe.skipIf(!referenceAvailable).concurrent(`render --format apertus of plain Apertus JSON = the official template${referenceAvailable ? '' : ` (skipped: ${SKIP_REASON})`}`, () => {
  it.each(CASES)('%s', async (name, json) => {
    const expected = renderReference(json, PINNED);
    const file = files.write(`${name.replace(/\W+/g, '-')}.json`, json);
    const run = await parley(['render', '--format', 'apertus', '--date', PINNED.date, file]);
    // The render is the template's whatever the checks say; a tool message that answers no call
    // is rendered as the template renders it, and is an error of the data (issue 21's structural checks).
    const withoutTools = name.startsWith('tool messages without tools or calls');
    const problems = withoutTools ? [RESULT_WITHOUT_CALL] : [];
    expect(run.stdout).toBe(expected);
    expect(lines(run.stderr)).toEqual([withoutTools ? OPENAI_TOOL_INFO : APERTUS_DETECTED_INFO, ...problems]);
    expect(run.code).toBe(problems.length > 0 ? 1 : 0);
    // The same as naming the dialect, minus the INFO line.
    const named = await parley(['render', '--format', 'apertus', '--date', PINNED.date, '--input-dialect', 'apertus-json', file]);
    expect(named).toEqual({ code: problems.length > 0 ? 1 : 0, stdout: expected, stderr: problems.map((line) => `${line}\n`).join('') });
  });

  it('with the format flags too (generation prompt, thinking off, another BOS)', async () => {
    const [, json] = CASES[1] as [string, object];
    const options: ReferenceOptions = { bosToken: '', enableThinking: false, addGenerationPrompt: true, date: '2024-02-29' };
    const run = await parley(['render', '--format', 'apertus', '--bos', '', '--no-thinking', '--add-generation-prompt', '--date', options.date], JSON.stringify(json));
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(renderReference(json, options));
  });
});

describe.concurrent('validate and JSON Lines read plain Apertus JSON the same way', () => {
  it('validate exits 0 on a valid file with flat tools and tool messages', async () => {
    const run = await parley(['validate', '--format', 'apertus', files.write('valid.json', (CASES[0] as [string, object])[1])]);
    expect(run).toEqual({ code: 0, stdout: '', stderr: `${APERTUS_DETECTED_INFO}\n` });
  });

  it('render --jsonl says once which dialect read the lines', async () => {
    const line = JSON.stringify((CASES[0] as [string, object])[1]);
    const file = files.write('set.jsonl', `${line}\n${line}\n`);
    const run = await parley(['render', '--format', 'apertus', '--date', PINNED.date, file]);
    expect(run.code).toBe(0);
    expect(lines(run.stdout).map((l) => (JSON.parse(l) as { diagnostics: unknown[] }).diagnostics)).toEqual([[], []]);
    expect(lines(run.stderr)).toEqual([APERTUS_DETECTED_INFO.replace('INFO ', `INFO ${file}:1: `)]);
  });
});

describe.concurrent('input that is not Apertus JSON is read as its own dialect', () => {
  it('an Anthropic request keeps its top-level system prompt (Apertus JSON would ignore the key)', async () => {
    const run = await parley(['render', '--format', 'apertus', '--date', PINNED.date], JSON.stringify({ system: 'Be brief.', messages: [{ role: 'user', content: 'hi' }] }));
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('<|system_start|>Be brief.<|system_end|>');
    expect(lines(run.stderr)).toEqual(['INFO input dialect detected: Anthropic Messages (anthropic); name another with --input-dialect']);
  });

  it('an OpenAI request whose content Apertus JSON cannot read (content parts) is read as OpenAI', async () => {
    const run = await parley(['render', '--format', 'apertus', '--date', PINNED.date], JSON.stringify({ messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] }));
    expect(run.stdout).toContain('<|user_start|>hi<|user_end|>');
    // Text parts are Anthropic's shape too: the line says so (issue 22).
    expect(lines(run.stderr)[0]).toBe(
      'INFO input dialect detected: OpenAI Chat Completions (openai-chat); Anthropic Messages fits it as well (nothing in it marks one dialect); read as OpenAI Chat Completions, the most common writer of such messages; name another with --input-dialect',
    );
  });
});
