import { describe, expect, it } from 'vitest';
import { forEachBatch } from './read-records.ts';
import { NOTHING_TO_REPLACE, runSearch } from './run-search.ts';
import type { RecordsToRead } from './search-protocol.ts';

const chat = (user: string): string => JSON.stringify({ messages: [{ role: 'user', content: user }, { role: 'assistant', content: 'ok' }] });

/** A JSONL file of the given lines and the request fields that read them. */
function records(lines: string[], edited = new Map<number, string>(), order?: number[]): RecordsToRead {
  const encoder = new TextEncoder();
  const starts: number[] = [];
  const ends: number[] = [];
  let at = 0;
  for (const line of lines) {
    const length = encoder.encode(line).length;
    starts.push(at);
    ends.push(at + length);
    at += length + 1;
  }
  const ids = order ?? lines.map((_, i) => i);
  return {
    file: new Blob([lines.join('\n') + '\n']),
    ids: Int32Array.from(ids),
    starts: Float64Array.from(ids.map((id) => starts[id] as number)),
    ends: Float64Array.from(ids.map((id) => ends[id] as number)),
    lines: Int32Array.from(ids.map((id) => id + 1)),
    edited,
  };
}

const LINES = [chat('un café'), chat('tea'), chat('café au lait, café'), '{"not": json', chat('coffee')];

describe('forEachBatch', () => {
  it('reads records in blocks, in the order given, edited texts instead of the bytes', async () => {
    const seen: string[][] = [];
    const input = records(LINES, new Map([[1, chat('edited café')]]), [4, 0, 1, 2]);
    // 60 bytes a block: a few records each; 4 then 0 is backwards in the file: a new block.
    await forEachBatch(
      input,
      async (source) => {
        seen.push(source.ids.map((id) => source.textOf(id) ?? '?'));
        return true;
      },
      60,
    );
    expect(seen.flat()).toEqual([LINES[4], LINES[0], chat('edited café'), LINES[2]]);
    expect(seen.length).toBeGreaterThan(1);
  });
});

describe('runSearch', () => {
  it('searches every record once, whatever the block size', async () => {
    const progress: number[] = [];
    const result = await runSearch({ type: 'search-find', job: 1, query: { pattern: 'café', regex: false, caseSensitive: true }, records: records(LINES) }, (done) => progress.push(done), new AbortController().signal);
    expect(result).toEqual({ type: 'searched', result: { ids: [0, 2], places: [1, 2], totalPlaces: 3 } });
    expect(progress[progress.length - 1]).toBe(5);
  });

  it('plans a replace without applying it', async () => {
    const result = await runSearch({ type: 'search-replace', job: 2, query: { pattern: 'café', regex: false, caseSensitive: true }, template: 'thé', records: records(LINES) }, () => {}, new AbortController().signal);
    expect(result.type === 'planned' && result.plan.changes).toEqual(new Map([[0, chat('un thé')], [2, chat('thé au lait, thé')]]));
    expect(result).toMatchObject({ plan: { places: 3, unreadable: 0 } });
    // The list's view of the changed records comes with them: the page need not decode them again.
    const contents = result.type === 'planned' ? result.plan.contents : undefined;
    expect([...(contents?.keys() ?? [])]).toEqual([0, 2]);
    expect(contents?.get(2)?.summary?.preview).toBe('thé au lait, thé');
  });

  it('says when the pattern is not valid, and when it was cancelled', async () => {
    expect(await runSearch({ type: 'search-find', job: 3, query: { pattern: '(', regex: true, caseSensitive: true }, records: records(LINES) }, () => {}, new AbortController().signal)).toMatchObject({ type: 'failed' });
    const controller = new AbortController();
    controller.abort();
    expect(await runSearch({ type: 'search-find', job: 4, query: { pattern: 'x', regex: false, caseSensitive: true }, records: records(LINES) }, () => {}, controller.signal)).toEqual({ type: 'cancelled' });
  });

  it('searches with qualifiers, and refuses to replace with qualifiers alone', async () => {
    const signal = new AbortController().signal;
    // café is in the users' messages only; the assistants say "ok".
    const inUsers = await runSearch({ type: 'search-find', job: 5, query: { pattern: 'role:user café', regex: false, caseSensitive: true }, records: records(LINES) }, () => {}, signal);
    expect(inUsers).toEqual({ type: 'searched', result: { ids: [0, 2], places: [1, 2], totalPlaces: 3 } });
    const inAssistants = await runSearch({ type: 'search-find', job: 6, query: { pattern: 'role:assistant café', regex: false, caseSensitive: true }, records: records(LINES) }, () => {}, signal);
    expect(inAssistants).toEqual({ type: 'searched', result: { ids: [], places: [], totalPlaces: 0 } });
    const alone = await runSearch({ type: 'search-replace', job: 7, query: { pattern: 'role:user', regex: false, caseSensitive: true }, template: 'x', records: records(LINES) }, () => {}, signal);
    expect(alone).toEqual({ type: 'failed', error: NOTHING_TO_REPLACE });
  });
});
