/**
 * `parley validate` says which lines (issue 21): the record's check is core's `checkRecord` (the
 * same diagnostics as the app), stderr names the first `--notes` problems of each code with
 * their lines (`data.jsonl:17: …`), the summary names exact duplicate records, and the same with
 * `--jobs 2` as with one job. `--rules FILE` adds the team's lint rules.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { makeConversation } from '../../bench/conversations.ts';
import { checkRecord, decodeRecordText, findFormat, dialectContextOf, withoutSource, type CheckProfile, type Diagnostic } from '../../src/core/index.ts';
import { expectBadInput, fixtureDir, lines, parley } from './run.ts';

const files = fixtureDir();
afterAll(() => files.cleanup());

const CLEAN = '{"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":"hello"}]}';
const INJECTED = '{"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":"yo <|im_end|>"}]}';
const BAD_ARGUMENTS = '{"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":"x","tool_calls":[{"type":"function","function":{"name":"f","arguments":"{bad"}}]}]}';

/** Lines 1-9 (line 8 blank): duplicates at 5 and 7 (of 1, 7 with white space around it) and 9 (of 2); 6 differs from 2 in one word. */
const DATA = [CLEAN, INJECTED, 'nope', BAD_ARGUMENTS, CLEAN, INJECTED.replace('yo', 'so'), ` ${CLEAN}\t`, '', INJECTED];
const dataFile = files.write('data.jsonl', `${DATA.join('\n')}\n`);

/** The lines of stderr that name a record (`file:N: …`, not the INFO line), as `N LEVEL`. */
function named(stderr: string, file: string): string[] {
  return lines(stderr)
    .filter((line) => line.startsWith(`${file}:`))
    .map((line) => {
      const [, number, level] = /^:(\d+): (\w+)/.exec(line.slice(file.length)) ?? [];
      return `${number} ${level}`;
    });
}

describe.concurrent('parley validate --jsonl names the lines', () => {
  it('names each problem with its line, errors first within a line, then the summary with the duplicates', async () => {
    const run = await parley(['validate', '--format', 'chatml', dataFile]);
    expect(run.code).toBe(1);
    expect(lines(run.stdout)).toHaveLength(9);
    const err = lines(run.stderr);
    expect(err).toContain(`${dataFile}:3: ERROR malformed JSON at column 1: Unexpected "n": expected a value (did you mean null?)`);
    expect(err).toContain(`${dataFile}:2: WARNING messages[1].content.text contains "<|im_end|>"; a tokenizer that reads special tokens in text, and a reader of the render, take it for structure.`);
    // Line 4: its error before its warning, as in its result line.
    const line4 = err.filter((line) => line.startsWith(`${dataFile}:4: `));
    expect(line4[0]).toMatch(/^\S+:4: ERROR messages\[1\]\.toolCalls\[0\]\.arguments: Arguments are not valid JSON/);
    expect(line4.some((line) => /WARNING .*writes a string as a quoted JSON string/.test(line))).toBe(true);
    // Only records with problems are named, in line order; the clean ones (1, 5, 7) are not.
    const numbers = [...new Set(named(run.stderr, dataFile).map((entry) => Number(entry.split(' ')[0])))];
    expect(numbers).toEqual([2, 3, 4, 6, 9]);
    expect(err.slice(-2)).toEqual([`validate: 8 records in ${dataFile}, 2 with errors`, 'validate: 3 duplicate records (the same text as an earlier line): line 5 = line 1, line 7 = line 1, line 9 = line 2']);
  });

  it('--notes N names the first N of each code and counts the rest; the duplicates named are capped alike', async () => {
    const run = await parley(['validate', '--format', 'chatml', '--notes', '1', dataFile]);
    const err = lines(run.stderr);
    const injections = err.filter((line) => line.includes('contains "<|im_end|>"'));
    expect(injections).toEqual([expect.stringMatching(/:2: WARNING /)]);
    expect(err).toContain('parley validate: 2 more diagnostics not written (chatml/token-injection 2); the first 1 of each code are written above, --notes all writes every one');
    expect(err).toContain('validate: 3 duplicate records (the same text as an earlier line): line 5 = line 1, and 2 more (--notes all names every one)');
  });

  it('--notes 0 names no line, only the counts', async () => {
    const run = await parley(['validate', '--format', 'chatml', '--notes', '0', dataFile]);
    expect(named(run.stderr, dataFile)).toEqual([]);
    expect(lines(run.stderr)).toContain('validate: 3 duplicate records (the same text as an earlier line); --notes all names them');
  });

  it('names no duplicates when there are none', async () => {
    const run = await parley(['validate', '--format', 'chatml', '--jsonl'], `${CLEAN}\n${INJECTED}\n`);
    expect(run.stderr).not.toMatch(/duplicate/);
  });

  it('each result line holds the diagnostics of core\'s checkRecord for the record (as the app lists them)', async () => {
    for (const formatId of ['chatml', 'apertus']) {
      const run = await parley(['validate', '--format', formatId, '--jsonl', '--jobs', '1', dataFile]);
      const profile: CheckProfile = { formatId };
      // ChatML's template engine loads on demand: loaded first, as the command does.
      await findFormat(formatId)?.prepare?.();
      const expected = DATA.map((text, index) => {
        if (text === '') return '';
        const decoded = decodeRecordText(text, index + 1, dialectContextOf(profile));
        if (!decoded.ok) return 'unreadable';
        const check = checkRecord({ record: decoded.record, readerDiagnostics: decoded.diagnostics }, profile, { once: true });
        return JSON.stringify({ valid: check.errors === 0, diagnostics: withoutSource(check.diagnostics).map(withoutFix) });
      });
      const got = lines(run.stdout).map((line) => (line.includes('cli/malformed-json') ? 'unreadable' : line));
      expect(got).toEqual(expected);
    }
  });

  it('render --jsonl lists the same diagnostics as validate for each record', async () => {
    const [render, validate] = await Promise.all([parley(['render', '--format', 'chatml', '--jsonl', dataFile]), parley(['validate', '--format', 'chatml', '--jsonl', dataFile])]);
    const diagnosticsOf = (out: string) => lines(out).map((line) => (line === '' ? [] : (JSON.parse(line) as { diagnostics: Diagnostic[] }).diagnostics));
    expect(diagnosticsOf(render.stdout)).toEqual(diagnosticsOf(validate.stdout));
  });
});

function withoutFix({ fix: _fix, ...rest }: Diagnostic): Diagnostic {
  return rest;
}

describe('parley validate --jobs 2', () => {
  // A little over 3 MB, so that --jobs 2 hands chunks to a worker (line-chunks.ts reads 1 MB at a time).
  const COUNT = 100;
  const planted = new Map<number, string>([
    [7, '{"messages": ['],
    [59, '{"messages": [{"role"'],
    [89, 'not json'],
    [79, JSON.stringify(makeConversation(100, 9))], // line 80 repeats line 10
    [97, JSON.stringify(makeConversation(100, 40))], // line 98 repeats line 41
  ]);
  const all: string[] = [];
  for (let n = 0; n < COUNT; n++) all.push(planted.get(n) ?? JSON.stringify(makeConversation(100, n)));
  const big = files.write('big.jsonl', `${all.join('\n')}\n`);

  it('writes the same stdout and the same stderr as one job, lines named in input order', async () => {
    const [one, two] = await Promise.all([parley(['validate', '--format', 'apertus', '--jobs', '1', '--notes', '2', big]), parley(['validate', '--format', 'apertus', '--jobs', '2', '--notes', '2', big])]);
    expect(two.code).toBe(one.code);
    expect(two.stdout).toBe(one.stdout);
    expect(two.stderr).toBe(one.stderr);
    const err = lines(one.stderr);
    expect(err.filter((line) => /: ERROR malformed JSON/.test(line)).map((line) => /:(\d+): /.exec(line)?.[1])).toEqual(['8', '60']);
    expect(err).toContain('validate: 2 duplicate records (the same text as an earlier line): line 80 = line 10, line 98 = line 41');
  }, 120_000);
});

describe.concurrent('parley validate --rules', () => {
  it('a rules file that is not JSON: exit 2, the parser\'s message naming the file', async () => {
    const rules = files.write('bad-rules.json', '{"forbiddenText": ');
    const message = expectBadInput(await parley(['validate', '--format', 'chatml', '--rules', rules, dataFile]));
    expect(message.startsWith(`parley validate: ${rules}: `)).toBe(true);
  });

  it('render reads --rules alike: a bad file is bad input', async () => {
    const rules = files.write('bad-render-rules.json', '[');
    expect(expectBadInput(await parley(['render', '--format', 'chatml', '--rules', rules], CLEAN)).startsWith(`parley render: ${rules}: `)).toBe(true);
  });

  it('a rules file that cannot be read: exit 2, naming it', async () => {
    const missing = files.path('no-such-rules.json');
    expect(expectBadInput(await parley(['validate', '--format', 'chatml', '--rules', missing, dataFile]))).toMatch(new RegExp(`^parley validate: cannot read ${missing.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `));
  });

  it('token rules for a format that ships no tokenizer, without --tokenizer: exit 2, saying how', async () => {
    const rules = files.write('tokens.json', { maxTokens: { max: 10 } });
    const message = expectBadInput(await parley(['validate', '--format', 'apertus', '--rules', rules, dataFile]));
    expect(message).toMatch(/^parley validate: the rules maxTokens or minTrainedShare count tokens: no tokenizer ships for format apertus; give one with --tokenizer/);
  });

  it('--tokenizer without --rules: exit 2', async () => {
    expect(expectBadInput(await parley(['validate', '--format', 'chatml', '--tokenizer', 'qwen3', dataFile]))).toMatch(/^parley validate: --tokenizer counts tokens for the token rules of --rules/);
  });

  it('rules without token rules need no tokenizer, and leave clean records clean (the result lines as without rules)', async () => {
    const rules = files.write('empty-rules.json', {});
    const [plain, ruled] = await Promise.all([parley(['validate', '--format', 'apertus', dataFile]), parley(['validate', '--format', 'apertus', '--rules', rules, dataFile])]);
    expect(ruled.stdout).toBe(plain.stdout);
    expect(ruled.code).toBe(plain.code);
  });

  // Depends on the rules engineer's checkRules (rules/forbiddenText).
  it('a forbiddenText rule flags the line, also where the Apertus clean check would have passed it', async () => {
    const rules = files.write('forbidden.json', { forbiddenText: { patterns: [{ text: 'As an AI language model' }] } });
    const apertus = JSON.stringify({ messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: { blocks: [{ type: 'response', text: 'As an AI language model, no.' }] } }] });
    const input = `${CLEAN}\n${CLEAN.replace('hello', 'As an AI language model, hello')}\n${apertus}\n`;
    for (const format of ['chatml', 'apertus']) {
      const run = await parley(['validate', '--format', format, '--jsonl', '--rules', rules], input);
      const results = lines(run.stdout).map((line) => JSON.parse(line) as { valid: boolean; diagnostics: Diagnostic[] });
      const flagged = results.map((result) => result.diagnostics.some((d) => d.code === 'rules/forbiddenText'));
      expect(flagged).toEqual([false, true, true]);
      expect(run.code).toBe(1);
      expect(lines(run.stderr).filter((line) => line.startsWith('<stdin>:')).map((line) => /^<stdin>:(\d+): ERROR/.exec(line)?.[1])).toEqual(['2', '3']);
    }
  });

  // Depends on the rules engineer's checkRules (rules/maxTokens).
  it('a maxTokens rule counts tokens with the format\'s tokenizer (or --tokenizer) and flags the long record only', async () => {
    const rules = files.write('max-tokens.json', { maxTokens: { max: 40 } });
    const long = JSON.stringify({ messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'word '.repeat(200) }] });
    const input = `${CLEAN}\n${long}\n`;
    const runs = await Promise.all([parley(['validate', '--format', 'chatml', '--jsonl', '--rules', rules], input), parley(['validate', '--format', 'chatml', '--jsonl', '--rules', rules, '--tokenizer', 'qwen3', '--jobs', '2'], input)]);
    for (const run of runs) {
      const results = lines(run.stdout).map((line) => JSON.parse(line) as { diagnostics: Diagnostic[] });
      expect(results.map((result) => result.diagnostics.some((d) => d.code === 'rules/maxTokens'))).toEqual([false, true]);
    }
    expect(runs[1].stdout).toBe(runs[0].stdout);
  });
});
