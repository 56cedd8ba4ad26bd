/**
 * `parley parse --format openchatml` then `parley render --format openchatml` with the flags the
 * parse suggests gives back every example of spec 003 that the parser reads without a
 * diagnostic: chat conversations with names and thought flags, FIM tasks, multi-file documents.
 * The JSON in between is Parley JSON, the default output of parse for this format; the examples
 * the parser reads with warnings (they cannot be reproduced byte for byte, see spec003.test.ts)
 * come back as the library's own parse → render makes them, so the JSON loses nothing there
 * either. An example with no token at all (a bare JSON schema) is not OpenChatML text.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openChatMlFormat } from '../../src/core/formats/openchatml/index.ts';
import * as spec from '../../src/core/formats/openchatml/spec003.examples.ts';
import { expectBadInput, fixtureDir, lines, parley } from './run.ts';

const files = fixtureDir();
afterAll(() => files.cleanup());

const HINT = 'INFO render it again with: parley render --format openchatml';

/** The words of a hint line as a shell splits them: bare, `'…'` (with `'\\''`) and `$'…'` words. */
function shellWords(text: string): string[] {
  const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'" };
  const words: string[] = [];
  const word = /\$'((?:[^'\\]|\\.)*)'|'((?:[^']|'\\'')*)'|(\S+)/g;
  let match: RegExpExecArray | null;
  while ((match = word.exec(text)) !== null) {
    if (match[1] !== undefined) words.push(match[1].replace(/\\x([0-9a-f]{2})|\\(.)/g, (_, hex: string | undefined, c: string) => (hex ? String.fromCharCode(parseInt(hex, 16)) : (ESCAPES[c] ?? c))));
    else if (match[2] !== undefined) words.push(match[2].replace(/'\\''/g, "'"));
    else words.push(match[3] as string);
  }
  return words;
}

/** Every example that has at least one token, by name, with what the library makes of it. */
const EXAMPLES = Object.entries(spec)
  .flatMap(([name, text]) => (typeof text === 'string' ? [[name, text] as const] : []))
  .filter(([, text]) => openChatMlFormat.specialTokens.some((t) => /\p{L}/u.test(t.token) && text.includes(t.token)))
  .map(([name, text]) => {
    const parsed = openChatMlFormat.parse(text);
    const clean = parsed.diagnostics.length === 0;
    return { name, text, clean, expected: clean ? text : openChatMlFormat.render(parsed.record, (parsed as { options?: object }).options).text };
  });

describe.concurrent('spec 003 examples: parley parse → parley render', () => {
  it('covers chat conversations, thought flags, FIM tasks and multi-file documents', () => {
    const clean = EXAMPLES.filter((e) => e.clean).map((e) => e.name);
    expect(clean).toEqual(expect.arrayContaining(['THOUGHTS', 'EXAMPLE_SPEAKER_NAME', 'EXAMPLE_FIM', 'FIBONACCI_TASK', 'FIBONACCI_COMPLETION', 'EXAMPLE_MULTI_FILE', 'BLACK_HOLES_TASK', 'BLACK_HOLES_COMPLETION', 'MULTI_FILE_STRUCTURE']));
  });

  it.each(EXAMPLES.map((e) => [e.name, e] as const))('%s', async (name, example) => {
    const parsed = await parley(['parse', '--format', 'openchatml', files.write(`${name}.txt`, example.text)]);
    expect(parsed.code, parsed.stderr).toBe(0);
    expect(JSON.parse(parsed.stdout)).toMatchObject({ parley: 1 });
    const hint = lines(parsed.stderr).find((line) => line.startsWith(HINT));
    if (hint === undefined) throw new Error(`no render hint in:\n${parsed.stderr}`);
    const flags = shellWords(hint.slice(HINT.length));
    const rendered = await parley(['render', '--format', 'openchatml', ...flags, files.write(`${name}.json`, parsed.stdout)]);
    expect(rendered.stdout).toBe(example.expected);
    if (example.clean) expect(rendered.code, rendered.stderr).toBe(0);
    expect(lines(rendered.stderr)[0]).toBe('INFO input dialect detected: Parley JSON (parley-json); name another with --input-dialect');
  });

  it('a bare JSON schema (§8.2) has no OpenChatML token: bad input', async () => {
    const line = expectBadInput(await parley(['parse', '--format', 'openchatml'], spec.FUNCTION_CALL_SCHEMA));
    expect(line).toMatch(/^parley parse: <stdin> is not OpenChatML v0\.1 text/);
  });
});
