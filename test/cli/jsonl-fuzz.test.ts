/**
 * The JSON Lines reader and run under hostile input (issue 20, item 9): lines nested thousands
 * deep, bytes that are not UTF-8, blank lines, CRLF, long strings, random bytes, truncated and
 * random JSON, cut into blocks anywhere, with a small line limit so that the over-long path is
 * taken too. Whatever comes in, no throw escapes, and every input line gets exactly one result
 * line (a blank one an empty line), each a JSON value, for every command's line job.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeConversation } from '../../bench/conversations.ts';
import { convertLineJob } from '../../src/cli/commands/convert.ts';
import { parseLineJob } from '../../src/cli/commands/parse.ts';
import { renderLineJob } from '../../src/cli/commands/render.ts';
import { validateLineJob } from '../../src/cli/commands/validate.ts';
import { eachChunkLine, lineChunks, overlongLine } from '../../src/cli/line-chunks.ts';
import { runLines, type LineJob } from '../../src/cli/line-job.ts';

const JOBS: Record<string, LineJob> = {
  render: renderLineJob(['--format', 'apertus', '--date', '2025-08-25', '--jsonl']),
  validate: validateLineJob(['--format', 'apertus', '--jsonl']),
  convert: convertLineJob(['--to', 'openai-chat', '--jsonl']),
  parse: parseLineJob(['--format', 'apertus', '--jsonl']),
};

const NEWLINE = 0x0a;
const noNewline = (bytes: Uint8Array): Buffer => Buffer.from(bytes.filter((byte) => byte !== NEWLINE));

const record = fc.integer({ min: 0, max: 50 }).map((seed) => JSON.stringify(makeConversation(1 + (seed % 4), seed)));
const nested = fc.integer({ min: 1, max: 3_000 }).map((depth) => `{"messages":${'['.repeat(depth)}${']'.repeat(depth)}}`);
const deepSchema = fc.integer({ min: 100, max: 2_000 }).map((depth) => `{"messages":[{"role":"user","content":"hi"}],"tools":[{"name":"f","parameters":${'{"type":"object","properties":{"a":'.repeat(depth)}{}${'}}'.repeat(depth)}}]}`);
const longString = fc.integer({ min: 1, max: 200_000 }).map((size) => `{"messages":[{"role":"user","content":"${'x'.repeat(size)}"}]}`);
const renderedText = fc.constantFrom('"<s><|system_start|>hi<|system_end|><|user_start|>hi<|user_end|>"', '{"text":"<|user_start|>a<|user_end|>"}', '"no tokens here"');

/** One line's bytes, without its line break. */
const line: fc.Arbitrary<Buffer> = fc.oneof(
  fc.constantFrom('', ' ', '\t  ').map((text) => Buffer.from(text)),
  record.map((text) => Buffer.from(text)),
  nested.map((text) => Buffer.from(text)),
  deepSchema.map((text) => Buffer.from(text)),
  longString.map((text) => Buffer.from(text)),
  renderedText.map((text) => Buffer.from(text)),
  record.chain((text) => fc.nat({ max: text.length }).map((cut) => Buffer.from(text.slice(0, cut)))),
  // Not UTF-8: bytes that no UTF-8 text has, inside a record, or alone.
  fc.tuple(record, fc.uint8Array({ minLength: 1, maxLength: 6 }), fc.nat()).map(([text, bytes, at]) => {
    const cut = at % (text.length + 1);
    return Buffer.concat([Buffer.from(text.slice(0, cut)), noNewline(bytes.map((byte) => byte | 0x80)), Buffer.from(text.slice(cut))]);
  }),
  fc.uint8Array({ maxLength: 64 }).map(noNewline),
  fc.json().map((text) => Buffer.from(text.replace(/\n/g, ' '))),
);

/** The lines, each ended by LF or CRLF (the last one maybe by nothing). */
const input = fc.tuple(fc.array(fc.tuple(line, fc.boolean()), { maxLength: 12 }), fc.boolean()).map(([lines, finalBreak]) => {
  const parts = lines.map(([bytes, crlf], i) => (i === lines.length - 1 && !finalBreak ? bytes : Buffer.concat([bytes, Buffer.from(crlf ? '\r\n' : '\n')])));
  return { bytes: Buffer.concat(parts), lines: lines.map(([bytes]) => bytes) };
});

async function* blocksOf(bytes: Buffer, blockBytes: number): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += blockBytes) yield bytes.subarray(at, at + blockBytes);
}

/**
 * The lines a reader should give for `bytes`: a leading byte-order mark is not part of the first.
 * Decoded as UTF-8, as the command reads them: whether a line is blank is decided on that text
 * (a lone 0xA0 byte is U+FFFD there, not the no-break space latin1 would make of it).
 */
function expectedLines(bytes: Buffer): string[] {
  const text = bytes.subarray(bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0).toString('utf8');
  if (text === '') return [];
  return text.replace(/\n$/, '').split('\n');
}

describe('JSON Lines under hostile input', () => {
  it.each(Object.keys(JOBS))('%s: no throw escapes, and every line gets exactly one result line', async (name) => {
    const job = JOBS[name] as LineJob;
    await fc.assert(
      fc.asyncProperty(input, fc.integer({ min: 1, max: 1 << 16 }), fc.integer({ min: 3, max: 1 << 18 }), async ({ bytes }, blockBytes, maxLineBytes) => {
        const results: string[] = [];
        for await (const chunk of lineChunks(blocksOf(bytes, blockBytes), blockBytes, maxLineBytes)) {
          const lines = Buffer.isBuffer(chunk) ? eachChunkLine(chunk, maxLineBytes) : [overlongLine(chunk)];
          const result = runLines(job, lines, 20);
          results.push(...Buffer.from(result.out).toString('utf8').split('\n').slice(0, -1));
        }
        const expected = expectedLines(bytes);
        expect(results).toHaveLength(expected.length);
        results.forEach((result, i) => {
          const blank = (expected[i] as string).replace(/\r$/, '').trim() === '';
          expect(result === '').toBe(blank);
          if (!blank) expect(() => JSON.parse(result) as unknown).not.toThrow();
        });
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
