import { beforeAll, describe, expect, it } from 'vitest';
import { findFormat, JsonlIndexer } from '../../../core/index.ts';
import { loadTokenizer } from '../../../core/tokens/load.ts';
import { asciiUnigram } from '../../../core/tokens/test-tokenizers.ts';
import { measureAll, measurer, tokenRulesOf, type LengthsRow, type RecordSpans } from './lengths-logic.ts';

const ascii = loadTokenizer({ tokenizer: asciiUnigram() }, 'ascii');
const utf8 = new TextEncoder();

beforeAll(async () => {
  await findFormat('chatml')?.prepare?.();
});

describe('measurer', () => {
  const line = JSON.stringify({ messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }, { role: 'user', content: 'and?' }] });

  it('measures the render in the profile\'s format: with one token per ASCII character, tokens = characters', () => {
    const row = measurer({ formatId: 'chatml' }, ascii).bytes(utf8.encode(line), 1) as LengthsRow;
    expect(row.messages).toBe(3);
    expect(row.turns).toBe(2);
    expect(row.chars).toBeGreaterThan('hihelloand?'.length);
    expect(row.tokens).toBe(row.chars);
    expect(row.trained).toBeGreaterThanOrEqual('hello'.length);
    expect(row.trained).toBeLessThan(row.tokens as number);
  });

  it('gives no row for a bad line, and no tokens without a tokenizer', () => {
    const measure = measurer({ formatId: 'chatml' }, undefined);
    expect(measure.text('{"messages": [', 4)).toBeUndefined();
    expect(measure.text(line, 1)).not.toHaveProperty('tokens');
  });

  it('lists the token rules a record breaks (only those: the others are the dataset checks\' business)', () => {
    expect(tokenRulesOf({ maxTurns: { max: 1 } })).toBeUndefined();
    expect(tokenRulesOf({ maxTurns: { max: 1 }, maxTokens: { max: 3 } })).toEqual({ maxTokens: { max: 3 } });
    expect(tokenRulesOf(undefined)).toBeUndefined();
  });
});

/** Rows from a JSONL text: spans from core's indexer. */
function spansOf(text: string): { spans: RecordSpans; bytes: Uint8Array } {
  const bytes = utf8.encode(text);
  const indexer = new JsonlIndexer();
  indexer.push(bytes);
  const { records } = indexer.finish();
  return { spans: { count: records.count, start: (i) => records.start(i), end: (i) => records.end(i), blank: (i) => records.blank(i) }, bytes };
}

describe('measureAll', () => {
  const text = ['{"a":1}', '', '{"a":22}', 'bad', '{"a":4444}'].join('\n');

  it('measures each record in windows and batches, in order; blank and bad lines are null', async () => {
    const { spans, bytes } = spansOf(text);
    const reads: [number, number][] = [];
    const emitted: [number, (LengthsRow | null)[]][] = [];
    const done = await measureAll(spans, {
      read: async (start, end) => {
        reads.push([start, end]);
        return bytes.subarray(start, end);
      },
      // A stand-in measure: the record's length in characters, null for "bad".
      measure: (record) => (record.length === 3 ? undefined : { chars: record.length, messages: 0, turns: 0 }),
      emit: (from, rows) => emitted.push([from, rows]),
      onProgress: () => undefined,
      cancelled: () => false,
      windowBytes: 12,
      batch: 2,
    });
    expect(done).toBe(true);
    // Windows of at most 12 bytes from a record's start: [0,7) "{"a":1}" + blank + … ; each at least one record.
    expect(reads[0]?.[0]).toBe(0);
    expect(emitted).toEqual([
      [0, [{ chars: 7, messages: 0, turns: 0 }, null]],
      [2, [{ chars: 8, messages: 0, turns: 0 }, null]],
      [4, [{ chars: 10, messages: 0, turns: 0 }]],
    ]);
  });

  it('stops when cancelled, having sent what it measured', async () => {
    const { spans, bytes } = spansOf(text);
    let measured = 0;
    const emitted: number[] = [];
    const done = await measureAll(spans, {
      read: async (start, end) => bytes.subarray(start, end),
      measure: () => {
        measured++;
        return { chars: 1, messages: 0, turns: 0 };
      },
      emit: (from, rows) => emitted.push(from, rows.length),
      onProgress: () => undefined,
      cancelled: () => measured >= 2,
    });
    expect(done).toBe(false);
    expect(emitted).toEqual([0, 3]);
  });
});
