/**
 * `parley validate --format apertus` answers a record the clean check proves clean without
 * reading it into the model, with or without `--rules` (the rules then read the record's roles
 * and texts from its JSON: core/clean-check/apertus-subject.ts). Whatever path a record takes,
 * stdout and stderr must be what core's one check (`checkRecord` on the decoded record, the
 * reference) gives, byte for byte, with one job or two: checked here on the planted-defects file
 * (core/checks/test-defects.ts), whose clean records all take the quick path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRecord, decodeRecordText, dialectContextOf, parseLintRules, withoutSource, type CheckProfile, type Diagnostic, type LintRules } from '../../src/core/index.ts';
import { defectFile } from '../../src/core/checks/test-defects.ts';
import { diagnosticLine } from '../../src/cli/print.ts';
import { fixtureDir, lines, parley, type Run } from './run.ts';

const files = fixtureDir();
afterAll(() => files.cleanup());

/** Over 3 MB, so that --jobs 2 hands chunks to a worker (line-chunks.ts reads 1 MB at a time). */
const DEFECTS = defectFile(12_000, 3, 3);
const dataFile = files.write('defects.jsonl', DEFECTS.text);
const TEXTS = DEFECTS.text.replace(/\n$/, '').split('\n');

/** Every rule but the token rules, set so that each speaks on some clean records. */
const RULES_TEXT = JSON.stringify({
  allowedRoles: { roles: ['system', 'user', 'assistant', 'tool'] },
  systemMessage: { require: 'required', severity: 'warning' },
  lastRole: { roles: ['assistant'] },
  alternation: { startWith: 'user' },
  maxTurns: { max: 2, severity: 'info' },
  forbiddenText: { patterns: [{ text: 'answer 3' }, { regex: 'why\\s+why\\s+why\\b', flags: 'i' }] },
});
const rulesFile = files.write('rules.json', RULES_TEXT);
const RULES = (parseLintRules(RULES_TEXT) as { ok: true; rules: LintRules }).rules;

interface Expected {
  /** The result line of each input line; undefined for a line that is not JSON (its own message). */
  out: (string | undefined)[];
  /** The named problems on stderr (`--notes all`), for the lines that are JSON. */
  named: string[];
  failed: number;
}

/** What the reference check says of each line of the file. */
function expectedFor(profile: CheckProfile): Expected {
  const out: (string | undefined)[] = [];
  const named: string[] = [];
  let failed = 0;
  TEXTS.forEach((text, index) => {
    const line = index + 1;
    const decoded = decodeRecordText(text, line, dialectContextOf(profile));
    if (!decoded.ok) {
      out.push(undefined);
      failed += 1;
      return;
    }
    const check = checkRecord({ record: decoded.record, readerDiagnostics: decoded.diagnostics }, profile, { once: true });
    const diagnostics = withoutSource(check.diagnostics).map(withoutFix);
    out.push(JSON.stringify({ valid: check.errors === 0, diagnostics }));
    for (const diagnostic of diagnostics) named.push(`${dataFile}:${line}: ${diagnosticLine(diagnostic)}`);
    if (check.errors > 0) failed += 1;
  });
  return { out, named, failed };
}

function withoutFix({ fix: _fix, ...rest }: Diagnostic): Diagnostic {
  return rest;
}

/** Lines of the file that are not records (invalid JSON, not a conversation): their own failure message. */
const UNREADABLE = new Set(DEFECTS.defects.filter((d) => d.kind === 'invalid-json' || d.kind === 'not-a-conversation').map((d) => d.line));

function namedLines(run: Run): string[] {
  return lines(run.stderr).filter((line) => line.startsWith(`${dataFile}:`) && !UNREADABLE.has(Number(/^:(\d+):/.exec(line.slice(dataFile.length))?.[1])));
}

const DUPLICATES = `validate: ${DEFECTS.duplicates.length} duplicate records (the same text as an earlier line): ${[...DEFECTS.duplicates]
  .sort((a, b) => a[1] - b[1])
  .map(([first, repeat]) => `line ${repeat} = line ${first}`)
  .join(', ')}`;

describe.each([
  { name: 'without rules', flags: [] as string[], profile: { formatId: 'apertus' } as CheckProfile },
  { name: 'with rules', flags: ['--rules', rulesFile], profile: { formatId: 'apertus', rules: RULES } as CheckProfile },
])('parley validate --format apertus $name: the reference check\'s output, one job or two', ({ flags, profile }) => {
  let one: Run;
  let two: Run;
  let expected: Expected;
  beforeAll(async () => {
    [one, two] = await Promise.all([parley(['validate', '--format', 'apertus', ...flags, '--notes', 'all', '--jobs', '1', dataFile]), parley(['validate', '--format', 'apertus', ...flags, '--notes', 'all', '--jobs', '2', dataFile])]);
    expected = expectedFor(profile);
  }, 120_000);

  it('writes each record\'s result line as checkRecord gives it', () => {
    const got = lines(one.stdout);
    expect(got).toHaveLength(TEXTS.length);
    got.forEach((line, index) => {
      const want = expected.out[index];
      if (want === undefined) expect(JSON.parse(line)).toMatchObject({ valid: false });
      else if (line !== want) expect(`line ${index + 1}: ${line}`).toBe(`line ${index + 1}: ${want}`);
    });
  });

  it('names every problem with its line on stderr, then the summary with the duplicates', () => {
    expect(namedLines(one)).toEqual(expected.named);
    expect(lines(one.stderr).slice(-2)).toEqual([`validate: ${TEXTS.length} records in ${dataFile}, ${expected.failed} with errors`, DUPLICATES]);
    expect(one.code).toBe(1);
  });

  it('writes the same bytes with --jobs 2', () => {
    expect(two.stdout).toBe(one.stdout);
    expect(two.stderr).toBe(one.stderr);
    expect(two.code).toBe(one.code);
  });
});

describe('the rules on records the clean check passes', () => {
  it('speak as reasoned from the file: a 3-turn record with "answer 3", a record without a system message and with "why why why"', async () => {
    // Clean record n (line n + 1) has 1 + n % 3 turns, a system message first when n % 5 === 0,
    // and "why " n % 7 times in each question (test-defects.ts). Record 35: a system message and
    // 3 turns (users at 1, 3, 5), no "why", its last answer "Record 35, answer 3."; record 6:
    // one turn, no system message, "Record 6, question 1: why why why why why why ?".
    const run = await parley(['validate', '--format', 'apertus', '--rules', rulesFile, '--jsonl'], `${TEXTS[35]}\n${TEXTS[6]}\n`);
    const [thirtyFive, six] = lines(run.stdout).map((line) => JSON.parse(line) as unknown);
    expect(thirtyFive).toEqual({
      valid: false,
      diagnostics: [
        { severity: 'error', code: 'rules/forbiddenText', message: 'No message may contain "answer 3" (forbiddenText); messages[6].content has it at character 12.', path: ['messages', 6, 'content'] },
        { severity: 'info', code: 'rules/maxTurns', message: 'A record may have at most 2 turns (user messages) (maxTurns); this one has 3, the first one over being messages[5].', path: ['messages', 5] },
      ],
    });
    expect(six).toEqual({
      valid: false,
      diagnostics: [
        { severity: 'error', code: 'rules/forbiddenText', message: 'No message may match /why\\s+why\\s+why\\b/i (forbiddenText); messages[0].content has "why why why" at character 23.', path: ['messages', 0, 'content'] },
        { severity: 'warning', code: 'rules/systemMessage', message: 'A system (or developer) message is required (systemMessage: "required"); this record has none.', path: ['messages'] },
      ],
    });
    expect(run.code).toBe(1);
  });
});

describe('records nested past the depth limit, on the quick path and off it', () => {
  // The quick path skips the depth walk of a record its clean check calls clean (that verdict
  // proves the depth: core/clean-check/types.ts); every other record is walked as before. Each
  // line is planted at the edge: the message names the first place past the limit.
  const nested = (levels: number): unknown => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < levels; i++) schema = { type: 'array', items: schema };
    return schema;
  };
  // The record, its tools, the tool, the parameters, their properties and the last schema: 6
  // levels, each `items` one more; MAX_JSON_DEPTH is 128.
  const toolsAt = (levels: number) => [{ name: 'deep', description: 'nested', parameters: { type: 'object', properties: { a: nested(levels) } } }];
  const turn = [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'ok' }];
  const records = [
    { messages: turn },
    { messages: turn, tools: toolsAt(122) },
    { messages: turn, tools: toolsAt(123) },
    { messages: turn, tools: toolsAt(123) },
    { messages: turn, x_meta: nested(127) },
    { messages: turn, x_meta: nested(126) },
    { messages: [turn[0], { role: 'assistant', content: { blocks: [{ type: 'response', text: 'ok', x: nested(130) }] } }] },
    { messages: turn },
  ];
  const text = records.map((record) => JSON.stringify(record)).join('\n') + '\n';
  const past = (at: string) => JSON.stringify({ valid: false, diagnostics: [{ severity: 'error', code: 'cli/too-deep', message: `the record is nested more than 128 levels deep (at ${at}…); Parley does not read JSON this deep` }] });
  const VALID = JSON.stringify({ valid: true, diagnostics: [] });

  it.each([[[] as string[]], [['--rules', rulesFile]]])('gives each the failure main gives, with rules or without (%j)', async (flags) => {
    const run = await parley(['validate', '--format', 'apertus', ...flags, '--jsonl', '--notes', 'all'], text);
    const out = lines(run.stdout);
    expect(out[2]).toBe(past('tools[0].parameters.properties.a.items'));
    expect(out[3]).toBe(out[2]);
    expect(out[4]).toBe(past('x_meta.items.items.items.items.items'));
    expect(out[6]).toBe(past('messages[1].content.blocks[0].x'));
    if (flags.length === 0) for (const at of [0, 1, 5, 7]) expect(out[at], `line ${at + 1}`).toBe(VALID);
    // A record refused for its depth has no duplicate key (it is not read): lines 3 and 4 are not named.
    expect(lines(run.stderr).at(-1)).toBe('validate: 1 duplicate record (the same text as an earlier line): line 8 = line 1');
    expect(run.code).toBe(1);
  });
});

