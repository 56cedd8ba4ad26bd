/** Bad input: one clear line on stderr saying what and where, exit code 2, no stack trace. */
import { afterAll, describe, expect, it } from 'vitest';
import { CODECS, FORMATS } from '../../src/core/index.ts';
import { SIMPLE } from './fixtures.ts';
import { expectBadInput, fixtureDir, parley } from './run.ts';

// Other formats and dialects join the registries over time: the messages list them all.
const FORMAT_IDS = FORMATS.map((f) => f.id).join(', ');
const DIALECT_IDS = CODECS.map((c) => c.id).join(', ');
const files = fixtureDir();
afterAll(() => files.cleanup());
const good = files.write('good.json', SIMPLE);
const prose = files.write('prose.txt', 'Dear diary,\nno tokens here.\n');
const malformed = files.write('bad.json', '{\n  "messages": [\n    {"role": "user", "content": "hi"}\n    {"role": "user"}\n  ]\n}\n');

describe.concurrent('bad input', () => {
  it.each<[string, string[], string | RegExp, string?]>([
    ['an unreadable file', ['render', '--format', 'apertus', files.path('missing.json')], `parley render: cannot read ${files.path('missing.json')}: no such file`],
    ['a directory', ['validate', '--format', 'apertus', files.path('')], /^parley validate: cannot read .*: it is a directory$/],
    ['malformed JSON, with line and column', ['render', '--format', 'apertus', malformed], `parley render: ${malformed}:4:5: malformed JSON: Expected ',' or ']' after an array element, found "{"`],
    ['malformed JSON on stdin', ['convert', '--to', 'apertus-json'], 'parley convert: <stdin>:1:14: malformed JSON: Unexpected end of text: expected a value', '{"messages": '],
    ['JSON Lines read as one document', ['render', '--format', 'apertus'], 'parley render: <stdin>:2:1: malformed JSON: Unexpected "{" after the JSON value (one record per line? use --jsonl)', '{"messages": []}\n{"messages": []}\n'],
    ['a structurally unreadable conversation', ['render', '--format', 'apertus'], 'parley render: <stdin>: not readable as Apertus JSON: messages[0].role: expected a string, got number (and 1 more problem)', '[{"role": 1}, 5]'],
    ['JSON in no known dialect', ['render', '--format', 'apertus'], `parley render: <stdin>: cannot tell which JSON dialect this is; name it with --input-dialect (known: ${DIALECT_IDS})`, '{"contents": []}'],
    ['an unknown format', ['render', '--format', 'no-such-format', good], `parley render: unknown format "no-such-format" (known: ${FORMAT_IDS})`],
    ['no format', ['validate', good], `parley validate: --format is required (one of: ${FORMAT_IDS})`],
    ['an unknown dialect', ['render', '--format', 'apertus', '--input-dialect', 'xml', good], `parley render: unknown dialect "xml" for --input-dialect (known: ${DIALECT_IDS})`],
    ['an unknown output dialect', ['parse', '--format', 'apertus', '--output-dialect', 'yaml'], `parley parse: unknown dialect "yaml" for --output-dialect (known: ${DIALECT_IDS})`, '<s>'],
    ['an unknown convert target', ['convert', '--to', 'csv', good], `parley convert: unknown dialect "csv" for --to (known: ${DIALECT_IDS})`],
    ['no convert target', ['convert', good], `parley convert: --to is required (one of: ${DIALECT_IDS})`],
    ['an unknown flag', ['render', '--format', 'apertus', '--thinking', good], 'parley render: unknown option --thinking (see parley render --help)'],
    ['a flag without its value', ['render', '--format', 'apertus', good, '--date'], 'parley render: option --date needs a value (--date YYYY-MM-DD)'],
    ['a value given to a switch', ['render', '--format', 'apertus', '--no-thinking=yes', good], 'parley render: option --no-thinking takes no value'],
    ['a malformed date', ['render', '--format', 'apertus', '--date', '25-08-2025', good], 'parley render: --date expects a date as YYYY-MM-DD, got "25-08-2025"'],
    ['an impossible date', ['render', '--format', 'apertus', '--date', '2025-02-30', good], 'parley render: --date expects a date as YYYY-MM-DD, got "2025-02-30"'],
    ['two input files', ['render', '--format', 'apertus', good, good], `parley render: expected at most one input file, got 2: ${good} ${good}`],
    ['empty input to parse', ['parse', '--format', 'apertus'], 'parley parse: <stdin> is empty; expected Apertus text', ''],
    ['empty OpenChatML input', ['parse', '--format', 'openchatml'], 'parley parse: <stdin> is empty; expected OpenChatML v0.1 text', ''],
    ['text with no token of the format', ['parse', '--format', 'apertus'], "parley parse: <stdin> is not Apertus text: it has none of the format's tokens (such as <|system_start|>, <|system_end|>); is --format right?", 'hello\n'],
    ['text of another format', ['parse', '--format', 'rwkv'], "parley parse: <stdin> is not RWKV universal template text: it has none of the format's tokens (such as <<SYS>>, <<SYS_END>>); is --format right?", '<|im_start|>user\nhi\n<|im_end|>'],
    ['prose as OpenChatML (a one-file document would hold it, but it has no token)', ['parse', '--format', 'openchatml', prose], `parley parse: ${prose} is not OpenChatML v0.1 text: it has none of the format's tokens (such as [BOS], [EOS]); is --format right?`],
    ['an unknown command', ['draw'], 'parley: unknown command "draw" (commands: render, parse, validate, convert, tokenize, compare, stats, review, formats; see parley --help)'],
    ['help on an unknown command', ['help', 'draw'], 'parley: unknown command "draw" (commands: render, parse, validate, convert, tokenize, compare, stats, review, formats; see parley --help)'],
  ])('%s', async (_name, args, expected, stdin) => {
    const run = await parley(args, stdin);
    const line = expectBadInput(run);
    if (typeof expected === 'string') expect(line).toBe(expected);
    else expect(line).toMatch(expected);
    expect(run.stdout).toBe('');
  });

  it('no command prints the usage on stderr and exits 2', async () => {
    const run = await parley([]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^Usage: parley COMMAND/);
  });
});
