import { describe, expect, it } from 'vitest';
import { validateRecord } from '../validate/index.ts';
import { decodeRecordBytes, decodeRecordText } from './record-decode.ts';
import { summarizeRecord } from './record-summary.ts';
import { utf8 } from './test-helpers.ts';

const OPENAI = '{"model":"gpt-4.1","messages":[{"role":"user","content":"What is the weather in Paris?"},{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"get_weather","arguments":"{\\"city\\":\\"Paris\\"}"}}]},{"role":"tool","tool_call_id":"c1","content":"14°C"},{"role":"assistant","content":"14°C."}]}';
const ANTHROPIC = '{"max_tokens":5,"messages":[{"role":"user","content":"Hi"},{"role":"assistant","content":[{"type":"thinking","thinking":"Hm.","signature":"s"},{"type":"text","text":"Hello."}]}]}';
const SHAREGPT = '{"conversations":[{"from":"human","value":"Hello"},{"from":"gpt","value":"Hi!"}]}';

describe('decodeRecordText', () => {
  it('detects the dialect of each record on its own (a file may mix them)', () => {
    const dialects = [OPENAI, ANTHROPIC, SHAREGPT].map((text, i) => {
      const result = decodeRecordText(text, i + 1);
      return result.ok ? result.dialect : result.message;
    });
    expect(dialects).toEqual(['openai-chat', 'anthropic', 'sharegpt']);
  });

  it('reports invalid JSON with the line and the column, without throwing', () => {
    expect(decodeRecordText('{"messages": [}', 12)).toEqual({ ok: false, kind: 'json', line: 12, column: 15, message: 'Line 12: not valid JSON: Unexpected "}": expected a value at column 15' });
    expect(decodeRecordText('{"a":', 3)).toMatchObject({ ok: false, kind: 'json', line: 3, column: 6 });
  });

  it('counts the line of an error inside a record that spans lines (JSON array files)', () => {
    expect(decodeRecordText('{\n  "a": 1,\n  "b": x}', 40)).toMatchObject({ ok: false, kind: 'json', line: 42, column: 8 });
  });

  it('reports JSON that is no conversation, saying what it is', () => {
    expect(decodeRecordText('{"id": 7, "text": "hi"}', 5)).toEqual({ ok: false, kind: 'dialect', line: 5, message: 'Line 5: not a conversation in any dialect Parley reads (its keys: "id", "text")' });
    expect(decodeRecordText('"hello"', 6)).toEqual({ ok: false, kind: 'dialect', line: 6, message: 'Line 6: a JSON string, not a conversation object' });
  });

  it('reports a record its dialect cannot read, with the reader\'s reasons', () => {
    const result = decodeRecordText('[1]', 2);
    expect(result).toMatchObject({ ok: false, kind: 'decode', line: 2 });
    expect(result.ok ? '' : result.message).toMatch(/^Line 2: not readable as Apertus JSON: messages\[0\]: expected an object/);
  });

  it('reports a blank line', () => {
    expect(decodeRecordText('  \r', 9)).toEqual({ ok: false, kind: 'blank', line: 9, message: 'Line 9: blank, not a record' });
  });

  it("returns the reader's diagnostics only (the record's checks are checkRecord's)", () => {
    const bad = '{"messages":[{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"f","arguments":"{not json"}}]}]}';
    const result = decodeRecordText(bad, 1);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.diagnostics.some((d) => d.severity === 'error')).toBe(false);
  });
});

describe('decodeRecordBytes', () => {
  it('decodes UTF-8, multi-byte characters included', () => {
    const result = decodeRecordBytes(utf8('{"messages":[{"role":"user","content":"Grüezi 😀"}]}'), 1);
    expect(result.ok && summarizeRecord(result.record, result.dialect, result.diagnostics).preview).toBe('Grüezi 😀');
  });

  it('reports bytes that are not UTF-8 instead of replacing them', () => {
    expect(decodeRecordBytes(new Uint8Array([0x7b, 0xff, 0x7d]), 4)).toEqual({ ok: false, kind: 'encoding', line: 4, message: 'Line 4: not valid UTF-8 text' });
  });

  it('does not drop a U+FEFF at the start of a line (it is not JSON)', () => {
    expect(decodeRecordBytes(utf8('\uFEFF{"messages":[]}'), 2)).toMatchObject({ ok: false, kind: 'json', line: 2, column: 1 });
  });
});

describe('summarizeRecord', () => {
  function summary(text: string) {
    const result = decodeRecordText(text, 1);
    if (!result.ok) throw new Error(result.message);
    return summarizeRecord(result.record, result.dialect, [...result.diagnostics, ...validateRecord(result.record)]);
  }

  it('summarises a conversation with tool calls', () => {
    expect(summary(OPENAI)).toEqual({ preview: 'What is the weather in Paris?', dialect: 'openai-chat', messages: 4, turns: 1, hasToolCalls: true, hasThoughts: false, diagnostics: 0, errors: 0, warnings: 0, empty: [] });
  });

  it('counts errors and warnings apart (infos are in `diagnostics` only)', () => {
    const result = decodeRecordText(OPENAI, 1);
    if (!result.ok) throw new Error(result.message);
    const found = [
      { severity: 'error', code: 'e', message: 'e' },
      { severity: 'warning', code: 'w', message: 'w' },
      { severity: 'warning', code: 'w2', message: 'w2' },
      { severity: 'info', code: 'i', message: 'i' },
    ] as const;
    expect(summarizeRecord(result.record, result.dialect, found)).toMatchObject({ diagnostics: 4, errors: 1, warnings: 2 });
  });

  it('sees thoughts', () => {
    expect(summary(ANTHROPIC)).toMatchObject({ preview: 'Hi', dialect: 'anthropic', turns: 1, hasToolCalls: false, hasThoughts: true });
  });

  it('collapses white space and cuts the preview at 80 characters', () => {
    const long = `${'word '.repeat(10)}\n\n${'😀'.repeat(100)}`;
    const { preview } = summary(JSON.stringify({ messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: long }] }));
    expect(preview).toBe(`${'word '.repeat(10)}${'😀'.repeat(29)}…`);
    expect(Array.from(preview)).toHaveLength(80);
  });

  it('has an empty preview when no user message has text', () => {
    expect(summary('{"messages":[{"role":"system","content":"Be brief."}]}').preview).toBe('');
  });

  it('counts the diagnostics and the errors among them', () => {
    const bad = '{"messages":[{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"f","arguments":"{not json"}}]}]}';
    const s = summary(bad);
    expect(s.errors).toBeGreaterThan(0);
    expect(s.diagnostics).toBeGreaterThanOrEqual(s.errors);
  });
});
