import { describe, expect, it } from 'vitest';
import { decodeRecordBytes, decodeRecordText, dialectContextOf, encodeRecordLine, indexJsonl, recordLine, type RecordDecodeResult } from '../../core/index.ts';
import { diagnoseForView } from '../store/fix-diagnose.ts';
import { fixAcrossRecords, type FixItems, type FixMode } from './fix-logic.ts';
import { rowContent } from './row-content.ts';

const encoder = new TextEncoder();
const FIX = 'apertus/assistant-empty-string';

// OpenAI Chat Completions records, written by hand. Key order is deliberately not the codec's
// (`content` before `role`, an unknown `meta` first) to see that it is kept.
const CALL = '{"content":null,"role":"assistant","tool_calls":[{"id":"c1","type":"function","function":{"name":"f","arguments":"{}"}}]}';
const CALL2 = '{"content":null,"role":"assistant","tool_calls":[{"id":"c2","type":"function","function":{"name":"f","arguments":"{}"}}]}';
const lines = [
  // 0: one assistant content null beside tool_calls → 1 place.
  `{"meta":{"k":1},"messages":[{"role":"user","content":"Hi"},${CALL},{"role":"tool","tool_call_id":"c1","content":"42"},{"role":"assistant","content":"It is 42."}]}`,
  // 1: nothing to fix.
  '{"messages":[{"role":"user","content":"Hello"},{"role":"assistant","content":"Hi."}]}',
  // 2: not JSON: skipped, never counted.
  '{"messages": [',
  // 3: two of them → 2 places.
  `{"messages":[{"role":"user","content":"Go"},${CALL},{"role":"tool","tool_call_id":"c1","content":"a"},${CALL2},{"role":"tool","tool_call_id":"c2","content":"b"},{"role":"assistant","content":"Done."}]}`,
];
// The same lines fixed, by hand: only `null` → `""`, everything else as it was.
const fixed0 = lines[0]!.replace('"content":null', '"content":""');
const fixed3 = lines[3]!.replaceAll('"content":null', '"content":""');

const FILE = encoder.encode(`${lines.join('\n')}\n`);
const index = indexJsonl(FILE);

/**
 * The records read as Apertus JSON ("Read as"): there `content: null` beside calls is the data's
 * own, which the template raises on (read as OpenAI Chat it is written "" and needs no fix: issue 24).
 */
const VIEW = { formatId: 'apertus', readAs: 'apertus-json' };
const CONTEXT = dialectContextOf(VIEW);

function decode(input: string | Uint8Array, line: number): RecordDecodeResult {
  return typeof input === 'string' ? decodeRecordText(input, line, CONTEXT) : decodeRecordBytes(input, line, CONTEXT);
}

/** Every record of the file from its bytes, or `texts` instead for some ids. */
function items(texts: Map<number, string> = new Map()): FixItems {
  const ids = [0, 1, 2, 3];
  return {
    ids: Int32Array.from(ids),
    sources: Int32Array.from(ids.map((id) => (texts.has(id) ? -1 : id))),
    lines: Int32Array.from(ids.map((id) => recordLine(index, id))),
    texts,
  };
}

function run(mode: FixMode, what: FixItems, extra: { windowBytes?: number; cancelled?: () => boolean; reads?: [number, number][] } = {}) {
  return fixAcrossRecords(what, {
    fixId: FIX,
    mode,
    diagnose: diagnoseForView(VIEW),
    records: index.records,
    read: async (start, end) => {
      extra.reads?.push([start, end]);
      return FILE.slice(start, end);
    },
    decode,
    encode: (record, dialect, original) => encodeRecordLine(record, dialect, original).text,
    content: (result) => rowContent(result, VIEW),
    onProgress: () => {},
    ...(extra.windowBytes === undefined ? {} : { windowBytes: extra.windowBytes }),
    ...(extra.cancelled ? { cancelled: extra.cancelled } : {}),
  });
}

describe('fixAcrossRecords', () => {
  it('counts the records and places with the fix, as the app checks them (Apertus), bad lines left out', async () => {
    const outcome = await run('count', items());
    expect(outcome).toEqual({ records: 2, places: 3, texts: new Map(), contents: new Map() });
  });

  it('applies it: each changed record re-encoded in its own dialect, key order and unknown fields kept, with its new summary', async () => {
    const outcome = await run('apply', items());
    expect(outcome?.records).toBe(2);
    expect(outcome?.places).toBe(3);
    expect([...(outcome?.texts ?? new Map<number, string>())]).toEqual([
      [0, fixed0],
      [3, fixed3],
    ]);
    // The rows' summaries are those of the fixed texts: the Apertus problem is gone from them (no validateRecord error either).
    expect(outcome?.contents.get(0)).toEqual(rowContent(decode(fixed0, 1), VIEW));
    expect(outcome?.contents.get(3)?.summary).toBeDefined();
  });

  it('reads an edited record from its text, not from the file (the current record’s unsaved edit)', async () => {
    // Record 1 edited to have a call with content null; record 0 edited so that it has none any more.
    const edited1 = `{"messages":[{"role":"user","content":"Hello"},${CALL},{"role":"tool","tool_call_id":"c1","content":"x"},{"role":"assistant","content":"Hi."}]}`;
    const edited0 = lines[1]!;
    const texts = new Map([
      [0, edited0],
      [1, edited1],
    ]);
    expect(await run('count', items(texts))).toMatchObject({ records: 2, places: 3 });
    const outcome = await run('apply', items(texts));
    expect([...(outcome?.texts.keys() ?? [])]).toEqual([1, 3]);
    expect(outcome?.texts.get(1)).toBe(edited1.replace('"content":null', '"content":""'));
  });

  it('reads consecutive records in windows of at most windowBytes (one record alone when longer)', async () => {
    const reads: [number, number][] = [];
    await run('count', items(), { windowBytes: index.records.end(1) - index.records.start(0), reads });
    const { records } = index;
    // Records 0 and 1 fill the window; 2 and 3 together would not fit, and 3 alone is longer than it.
    expect(records.end(3) - records.start(2)).toBeGreaterThan(records.end(1) - records.start(0));
    expect(reads).toEqual([
      [records.start(0), records.end(1)],
      [records.start(2), records.end(2)],
      [records.start(3), records.end(3)],
    ]);
  });

  it('answers null when cancelled, having changed nothing', async () => {
    expect(await run('apply', items(), { cancelled: () => true })).toBeNull();
  });
});
