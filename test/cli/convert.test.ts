/** `parley convert`: between the registered dialects; losses on stderr. */
import { afterAll, describe, expect, it } from 'vitest';
import { CODECS, findCodec, formatPath, type Diagnostic } from '../../src/core/index.ts';
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
    expect(run.stderr).toBe('INFO input dialect detected: Apertus JSON (apertus-json); name another with --from\n');
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
    expect(lines(run.stderr)).toEqual(['INFO input dialect detected: Apertus JSON (apertus-json); name another with --from', '<stdin>: WARNING messages[0].content.parts[0]: Apertus user parts are text only; the image part is written as {"type": "image", …}, which the Apertus template rejects.']);
  });

  it('converts JSON Lines line by line: null for a bad line, an empty line for a blank one', async () => {
    const file = files.write('set.jsonl', `${JSON.stringify(SIMPLE)}\n{"messages": 3}\n\n${JSON.stringify(WITH_TOOLS)}\n`);
    const run = await parley(['convert', '--to', 'apertus-json', file]);
    expect(run.code).toBe(1);
    expect(lines(run.stdout).map((line) => (line === '' ? '' : (JSON.parse(line) as unknown)))).toEqual([SIMPLE, null, '', WITH_TOOLS]);
    expect(lines(run.stderr)).toEqual([
      `INFO ${file}:1: input dialect detected: Apertus JSON (apertus-json); name another with --from`,
      `${file}:2: cannot tell which JSON dialect this is; name it with --from (known: ${CODECS.map((c) => c.id).join(', ')}) (written as null)`,
    ]);
  });

  describe('tool calls without ids into OpenAI Chat Completions', () => {
    const APERTUS = {
      messages: [
        { role: 'user', content: 'Weather?' },
        { role: 'assistant', content: '', tool_calls: [{ type: 'function', function: { name: 'w', arguments: '{}' } }, { type: 'function', function: { name: 'w', arguments: '{"x": 1}' } }] },
        { role: 'tool', content: '21' },
        { role: 'tool', content: '22' },
      ],
      tools: [{ name: 'w', description: 'Weather.', parameters: { type: 'object', properties: {} } }],
    };
    const SHAREGPT = { conversations: [{ from: 'human', value: 'hi' }, { from: 'function_call', value: '{"name": "f", "arguments": {}}' }, { from: 'observation', value: '1' }] };

    /** What the library's encoder says about this input: the CLI must print each of these. */
    function encodeDiagnostics(from: string, json: unknown): Diagnostic[] {
      const record = findCodec(from)?.decode(json).record;
      if (!record) throw new Error('fixture not readable');
      return findCodec('openai-chat')?.encode(record).diagnostics ?? [];
    }

    it.each([
      ['apertus-json', APERTUS],
      ['sharegpt', SHAREGPT],
    ] as const)('from %s: a valid request (every call has an id, every tool message names it), and every encode diagnostic on stderr', async (from, json) => {
      const run = await parley(['convert', '--to', 'openai-chat', '--from', from], JSON.stringify(json));
      const out = JSON.parse(run.stdout) as { messages: { role: string; tool_calls?: { id?: string }[]; tool_call_id?: string }[] };
      const ids = out.messages.flatMap((m) => (m.tool_calls ?? []).map((c) => c.id));
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.every((id) => typeof id === 'string' && id !== '')).toBe(true);
      const answered = out.messages.filter((m) => m.role === 'tool').map((m) => m.tool_call_id);
      expect(answered.length).toBeGreaterThan(0);
      expect(answered.every((id) => ids.includes(id))).toBe(true);
      const expected = encodeDiagnostics(from, json);
      expect(expected.length).toBeGreaterThan(0);
      const err = lines(run.stderr);
      for (const d of expected) expect(err.some((line) => line.startsWith('<stdin>: ') && line.includes(d.message.replace(/\r?\n/g, ' ')) && (d.path === undefined || line.includes(formatPath(d.path))))).toBe(true);
    });
  });
});

describe.concurrent('parley convert: the target dialect options', () => {
  // A Chat Completions request with one call and its result (OpenAI's documented tool_calls shape).
  const CALL = {
    messages: [
      { role: 'user', content: 'Weather in Bern?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city": "Bern"}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: '12 C' },
    ],
  };

  it('--legacy-function-call writes the legacy function_call and function messages (OpenAI\'s deprecated shape)', async () => {
    const run = await parley(['convert', '--from', 'openai-chat', '--to', 'openai-chat', '--legacy-function-call'], JSON.stringify(CALL));
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      messages: [
        { role: 'user', content: 'Weather in Bern?' },
        { role: 'assistant', content: null, function_call: { name: 'get_weather', arguments: '{"city": "Bern"}' } },
        { role: 'function', name: 'get_weather', content: '12 C' },
      ],
    });
    // The ids have no place in the legacy shape: said, not dropped silently.
    expect(run.stderr).toMatch(/lost in conversion: the call id at messages\[1\]\.toolCalls\[0\]\.callId/);
  });

  it('an option of another dialect is refused (exit 2, one line)', async () => {
    const run = await parley(['convert', '--to', 'anthropic', '--legacy-function-call'], JSON.stringify(CALL));
    expect(run.code).toBe(2);
    expect(lines(run.stderr)).toEqual(['parley convert: unknown option --legacy-function-call (see parley convert --help)']);
  });

  it('parley formats lists the options of each dialect', async () => {
    const run = await parley(['formats']);
    expect(run.stdout).toMatch(/^ {2}openai-chat +OpenAI Chat Completions\n {4}Options when writing it .*\n {6}--legacy-function-call +boolean +default false /m);
    const json = JSON.parse((await parley(['formats', '--json'])).stdout) as { dialects: { id: string; encodeOptions: { flag: string }[] }[] };
    expect(json.dialects.find((d) => d.id === 'openai-chat')?.encodeOptions.map((o) => o.flag)).toEqual(['--legacy-function-call']);
  });
});

describe.concurrent('parley convert --jsonl: how many diagnostics go to stderr (--notes)', () => {
  /** A record with `calls` tool calls without ids: OpenAI Chat needs an id for each, so each gets one and a diagnostic says so. */
  function callsWithoutIds(calls: number): unknown {
    const indices = Array.from({ length: calls }, (_, i) => i);
    return {
      messages: [
        { role: 'user', content: 'Weather?' },
        { role: 'assistant', content: '', tool_calls: indices.map((i) => ({ type: 'function', function: { name: 'w', arguments: `{"x": ${i}}` } })) },
        ...indices.map((i) => ({ role: 'tool', content: String(i) })),
      ],
      tools: [{ name: 'w', description: 'Weather.', parameters: { type: 'object', properties: {} } }],
    };
  }
  const RECORDS = [callsWithoutIds(3), callsWithoutIds(1), callsWithoutIds(4), callsWithoutIds(2)];
  /** Over 1 MB, so that line-chunks.ts cuts the input into several chunks and --jobs 2 hands some to a worker thread. */
  const PADDING = { messages: [{ role: 'user', content: 'x'.repeat(1_100_000) }] };
  const LARGE = [PADDING, ...RECORDS, PADDING, callsWithoutIds(3), PADDING, callsWithoutIds(5), callsWithoutIds(1)];
  const inputOf = (records: readonly unknown[]) => `${records.map((r) => JSON.stringify(r)).join('\n')}\n`;
  const input = inputOf(RECORDS);

  /** Every diagnostic of the input as the library's encoder gives it, with its line number, in order. */
  function everyDiagnostic(records: readonly unknown[] = RECORDS): { line: number; diagnostic: Diagnostic }[] {
    return records.flatMap((json, i) => {
      const record = findCodec('apertus-json')?.decode(json).record;
      if (!record) throw new Error('fixture not readable');
      return (findCodec('openai-chat')?.encode(record).diagnostics ?? []).map((diagnostic) => ({ line: i + 1, diagnostic }));
    });
  }
  /** The lines of stderr that name a line of the input (not the INFO line, not the summary). */
  const diagnosticLines = (run: { stderr: string }) => lines(run.stderr).filter((line) => /^\S*\.jsonl:\d+: /.test(line));

  it('writes every one with --notes all, each with its line, and no summary', async () => {
    const file = files.write('notes-all.jsonl', input);
    const run = await parley(['convert', '--from', 'apertus-json', '--to', 'openai-chat', '--notes', 'all', file]);
    const expected = everyDiagnostic();
    expect(expected.length).toBeGreaterThan(10);
    const written = diagnosticLines(run);
    expect(written).toHaveLength(expected.length);
    expected.forEach(({ line, diagnostic }, i) => {
      expect(written[i]).toContain(`notes-all.jsonl:${line}: `);
      expect(written[i]).toContain(diagnostic.message.replace(/\r?\n/g, ' '));
    });
    expect(run.stderr).not.toContain('not written');
  });

  it.each([['1'], ['2']])('--notes N writes the first N of each code, the same with --jobs %s over several chunks, and counts the rest on one line', async (jobs) => {
    const file = files.write(`notes-2-jobs-${jobs}.jsonl`, inputOf(LARGE));
    const run = await parley(['convert', '--from', 'apertus-json', '--to', 'openai-chat', '--notes', '2', '--jobs', jobs, file]);
    expect(lines(run.stdout)).toHaveLength(LARGE.length);
    const expected = everyDiagnostic(LARGE);
    const perCode = new Map<string, number>();
    const kept = expected.filter(({ diagnostic }) => {
      const seen = perCode.get(diagnostic.code) ?? 0;
      perCode.set(diagnostic.code, seen + 1);
      return seen < 2;
    });
    const written = diagnosticLines(run);
    expect(written).toHaveLength(kept.length);
    kept.forEach(({ line, diagnostic }, i) => {
      expect(written[i]).toContain(`.jsonl:${line}: `);
      expect(written[i]).toContain(diagnostic.message.replace(/\r?\n/g, ' '));
    });
    const left = expected.length - kept.length;
    expect(left).toBeGreaterThan(0);
    const summary = lines(run.stderr).at(-1) as string;
    expect(summary).toMatch(new RegExp(`^parley convert: ${left} more diagnostics not written \\(`));
    for (const [code, count] of perCode) if (count > 2) expect(summary).toContain(`${code} ${count - 2}`);
    expect(summary).toContain('--notes all writes every one');
  });

  it('--notes 0 writes only the summary; a value that is not a number is refused', async () => {
    const file = files.write('notes-0.jsonl', input);
    const run = await parley(['convert', '--from', 'apertus-json', '--to', 'openai-chat', '--notes', '0', file]);
    expect(diagnosticLines(run)).toEqual([]);
    expect(lines(run.stderr).at(-1)).toMatch(new RegExp(`^parley convert: ${everyDiagnostic().length} more diagnostics not written \\(.*none of them is written`));
    const bad = await parley(['convert', '--to', 'openai-chat', '--notes', 'some', file]);
    expect(bad.code).toBe(2);
    expect(lines(bad.stderr)).toEqual(['parley convert: --notes takes a whole number from 0 to 999999999 or "all", got "some"']);
  });
});
