/**
 * `parley compare --a SPEC --b SPEC FILE`: one line per record saying what differs between two
 * renderings, the first lines of each kind and a count per kind on stderr, exit codes as diff.
 * The expected lines are reasoned from what each side writes (ChatML's arguments option: an
 * object written as JSON, or the OpenAI string quoted), not copied from a run.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { expectBadInput, fixtureDir, lines, parley } from './run.ts';

const files = fixtureDir();
afterAll(() => files.cleanup());

const PLAIN = { messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }] };
/** OpenAI API data: arguments as a string holding an object; ChatML's two argument modes write it differently. */
const CALL = {
  messages: [
    { role: 'user', content: 'Weather in Bern?' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'weather', arguments: '{"city": "Bern"}' } }] },
  ],
};
const jsonl = (...records: unknown[]): string => records.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n') + '\n';

const data = files.write('data.jsonl', jsonl(PLAIN, CALL, '', '{"messages": [', PLAIN));
const plainOnly = files.write('plain.jsonl', jsonl(PLAIN, PLAIN));
const raising = files.write('raise.jinja', "{{ raise_exception('this template takes no conversations') }}");

describe.concurrent('parley compare', () => {
  it('writes one line per input line: same, what differs, or why a line cannot be read; exit 1', async () => {
    const run = await parley(['compare', '--a', 'chatml', '--b', 'chatml --arguments as-given', data]);
    const out = lines(run.stdout);
    expect(out).toHaveLength(5);
    // A plain conversation has no arguments: the option changes nothing.
    expect(out[0]).toBe('{"same":true}');
    expect(out[1]).toBe('{"same":false,"text":true}');
    // A blank line in, an empty line out, so that line n answers line n.
    expect(out[2]).toBe('');
    const unreadable = JSON.parse(out[3] as string) as { same: boolean; error: string; diagnostics: { code: string }[] };
    expect(unreadable).toMatchObject({ same: false, error: 'input', diagnostics: [{ code: 'cli/malformed-json' }] });
    expect(out[4]).toBe('{"same":true}');
    expect(run.stderr).toContain('data.jsonl:2: the text differs');
    expect(run.stderr).toContain('data.jsonl:4: cannot be read: malformed JSON');
    expect(run.stderr).toContain('compare: 4 records in');
    expect(run.stderr).toMatch(/data\.jsonl: 2 the same, 1 differ \(text 1\), 1 cannot be read\n$/);
    expect(run.code).toBe(1);
  });

  it('exits 0 when every record is the same', async () => {
    const run = await parley(['compare', '--a', 'chatml', '--b', 'chatml --arguments object', plainOnly]);
    expect(run.stdout).toBe('{"same":true}\n{"same":true}\n');
    expect(run.stderr).toMatch(/compare: 2 records in .*plain\.jsonl: 2 the same\n$/);
    expect(run.code).toBe(0);
  });

  it('with --tokenizer, compares the ids and labels too', async () => {
    const same = await parley(['compare', '--a', 'chatml', '--b', 'chatml', '--tokenizer', 'qwen3', plainOnly]);
    expect(same.stdout).toBe('{"same":true}\n{"same":true}\n');
    expect(same.code).toBe(0);
    // The same text, another tokenizer: Llama 3.1's has no <|im_start|> token, so the ids (and the labels, ids where trained) differ.
    const other = await parley(['compare', '--a', 'chatml --tokenizer qwen3', '--b', 'chatml --tokenizer llama3.1', '--notes', '1', plainOnly]);
    expect(lines(other.stdout)).toEqual(['{"same":false,"text":false,"ids":true,"labels":true}', '{"same":false,"text":false,"ids":true,"labels":true}']);
    // --notes 1: the first line of each kind, all of them counted.
    expect(lines(other.stderr).filter((l) => l.includes('differ'))).toEqual([
      expect.stringMatching(/plain\.jsonl:1: the token ids differ$/),
      expect.stringMatching(/plain\.jsonl:1: the labels differ$/),
      expect.stringMatching(/plain\.jsonl: 0 the same, 2 differ \(ids 2, labels 2\)$/),
    ]);
    expect(other.code).toBe(1);
  });

  it('a side takes the mask flags of parley tokenize: its labels follow them, its text and ids do not change', async () => {
    // Not training tool calls untrains CALL's one assistant turn (a call and nothing else): the
    // labels differ and nothing else; PLAIN has no call, so the flag changes nothing there.
    const calls = files.write('mask.jsonl', jsonl(CALL, PLAIN));
    const run = await parley(['compare', '--a', 'chatml', '--b', 'chatml --no-train-tool-calls', '--tokenizer', 'qwen3', calls]);
    expect(lines(run.stdout)).toEqual(['{"same":false,"text":false,"ids":false,"labels":true}', '{"same":true}']);
    expect(run.stderr).toMatch(/mask\.jsonl: 1 the same, 1 differ \(labels 1\)\n$/);
    expect(run.code).toBe(1);
    // --mask last trains only the last assistant turn: a record with two differs, one with a single turn does not.
    const twoTurns = { messages: [...PLAIN.messages, { role: 'user', content: 'and?' }, { role: 'assistant', content: 'that is all' }] };
    const turns = files.write('turns.jsonl', jsonl(twoTurns, PLAIN));
    const last = await parley(['compare', '--a', 'chatml --mask last', '--b', 'chatml', '--tokenizer', 'qwen3', turns]);
    expect(lines(last.stdout)).toEqual(['{"same":false,"text":false,"ids":false,"labels":true}', '{"same":true}']);
    // The same parser as parley tokenize's: a bad value is bad input, said of the side.
    expect(expectBadInput(await parley(['compare', '--a', 'chatml --mask some', '--b', 'chatml', turns]))).toContain('compare: --a "chatml --mask some": --mask takes last or all, got "some"');
  });

  it('a side that cannot render a record is that record\'s error, named a or b', async () => {
    const run = await parley(['compare', '--a', 'chatml', '--b', `jinja --template ${raising}`, '--jobs', '1', plainOnly]);
    const out = lines(run.stdout).map((l) => JSON.parse(l) as { same: boolean; error: string; diagnostics: { severity: string; message: string }[] });
    expect(out).toHaveLength(2);
    for (const result of out) {
      expect(result).toMatchObject({ same: false, error: 'b' });
      expect(result.diagnostics.some((d) => d.severity === 'error' && d.message.includes('this template takes no conversations'))).toBe(true);
    }
    expect(run.stderr).toMatch(/plain\.jsonl:1: side b cannot render it: /);
    expect(run.stderr).toMatch(/0 the same, 2 side b cannot render\n$/);
    expect(run.code).toBe(1);
  });

  it('compares one JSON document from stdin', async () => {
    const run = await parley(['compare', '--a', 'chatml', '--b', 'chatml --arguments as-given'], JSON.stringify(CALL));
    expect(run.stdout).toBe('{"same":false,"text":true}\n');
    expect(run.stderr).toContain('<stdin>: the text differs');
    expect(run.stderr).toMatch(/compare: 1 record in <stdin>: 0 the same, 1 differ \(text 1\)\n$/);
    expect(run.code).toBe(1);
  });

  it('gives the same lines with workers as without', async () => {
    // Over 1 MB, so that the input is more than one chunk and --jobs 2 starts a worker.
    const big = files.write('big.jsonl', jsonl(...Array.from({ length: 12_000 }, (_, i) => (i % 3 === 0 ? CALL : PLAIN))));
    const [one, two] = await Promise.all([
      parley(['compare', '--a', 'chatml', '--b', 'chatml --arguments as-given', '--jobs', '1', '--notes', '0', big]),
      parley(['compare', '--a', 'chatml', '--b', 'chatml --arguments as-given', '--jobs', '2', '--notes', '0', big]),
    ]);
    expect(two.stdout).toBe(one.stdout);
    expect(lines(one.stdout)).toHaveLength(12_000);
    expect(one.stderr).toMatch(/12,000 records in .*: 8,000 the same, 4,000 differ \(text 4,000\)\n$/);
    expect(two.stderr).toBe(one.stderr);
    expect(two.code).toBe(1);
  });

  it('refuses a missing side, a bad side and a tokenizer on one side only (exit 2)', async () => {
    expect(expectBadInput(await parley(['compare', '--a', 'chatml', data]))).toContain('compare: --b is required');
    expect(expectBadInput(await parley(['compare', '--a', 'chatml', '--b', 'nope', data]))).toContain('compare: --b "nope": unknown format "nope"');
    expect(expectBadInput(await parley(['compare', '--a', 'chatml --frobnicate', '--b', 'chatml', data]))).toContain('compare: --a "chatml --frobnicate": unknown option --frobnicate');
    expect(expectBadInput(await parley(['compare', '--a', "chatml --bos 'x", '--b', 'chatml', data]))).toContain('the quote \' is not closed');
    expect(expectBadInput(await parley(['compare', '--a', 'chatml --tokenizer qwen3', '--b', 'chatml', data]))).toContain('side b has none');
    expect(expectBadInput(await parley(['compare', '--a', '', '--b', 'chatml', data]))).toContain('compare: --a is empty');
  });
});
