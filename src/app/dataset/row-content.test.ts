import { describe, expect, it } from 'vitest';
import { chatMlFormat, decodeRecordText, dialectContextOf, type CheckProfile } from '../../core/index.ts';
import { harmlessOnly, rowContent } from './row-content.ts';

const HUMAN_BOT = '{"messages":[{"role":"human","content":"hi"},{"role":"bot","content":"hello"}]}';

function content(text: string, profile: CheckProfile) {
  return rowContent(decodeRecordText(text, 1, dialectContextOf(profile)), profile);
}

describe('rowContent', () => {
  it("counts the format's checks of the record (checkRecord), not only the reader's", () => {
    // Apertus cannot write `human` or `bot`: its checks say so, as errors (the reader has nothing to say).
    const result = decodeRecordText(HUMAN_BOT, 1, dialectContextOf({ formatId: 'apertus' }));
    expect(result.ok && result.diagnostics).toEqual([]);
    const row = content(HUMAN_BOT, { formatId: 'apertus' });
    expect(row.summary).toMatchObject({ errors: 2, warnings: 0 });
    expect(row.codes).toHaveLength(1);
    expect(row.codes?.[0]).toMatch(/\/unknown-role$/);
  });

  it('checks with the profile it is given (another format, other problems)', async () => {
    await chatMlFormat.prepare?.();
    // A complete tool exchange: Apertus writes it all, ChatML has no place for the call ids.
    const exchange = JSON.stringify({
      messages: [
        { role: 'user', content: 'Weather?' },
        { role: 'assistant', content: '', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{}' } }] },
        { role: 'tool', tool_call_id: 'c1', content: 'Sunny' },
        { role: 'assistant', content: 'Sunny.' },
      ],
    });
    expect(content(exchange, { formatId: 'apertus' }).codes).toEqual([]);
    const row = content(exchange, { formatId: 'chatml' });
    expect(row.summary).toMatchObject({ errors: 0, warnings: 2 });
    expect(row.codes).toEqual(['lost-in-conversion']);
    // Call ids ChatML does not write, where results answer in order: harmless, listed apart in the summary (issue 24).
    expect(row.harmlessCodes).toEqual(['lost-in-conversion']);
    expect(content(exchange, { formatId: 'apertus' }).harmlessCodes).toBeUndefined();
  });

  it('keeps a code with one real diagnostic among the problems (harmlessOnly)', () => {
    const lost = (loss: 'content' | 'harmless') => ({ code: 'lost-in-conversion', loss });
    expect(harmlessOnly([lost('harmless'), lost('harmless'), { code: 'x/warn' }])).toEqual(['lost-in-conversion']);
    expect(harmlessOnly([lost('harmless'), lost('content')])).toEqual([]);
  });

  it('reads the record by its evidence whatever the format, or in the dialect the profile names (the same rule as the command)', () => {
    // Issue 24: a plain OpenAI record, which Apertus JSON reads whole too, is OpenAI Chat in every format.
    const text = '{"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":"ok"}]}';
    expect(content(text, { formatId: 'apertus' }).summary?.dialect).toBe('openai-chat');
    expect(content(text, { formatId: 'chatml' }).summary?.dialect).toBe('openai-chat');
    expect(content(text, { formatId: 'apertus', readAs: 'apertus-json' }).summary?.dialect).toBe('apertus-json');
  });

  it('gives records with the same text (white space around it aside) the same content key, others another', () => {
    const a = content('{"messages":[{"role":"user","content":"hi"}]}', { formatId: 'apertus' }).key;
    const b = content(' {"messages":[{"role":"user","content":"hi"}]}\r', { formatId: 'apertus' }).key;
    const c = content('{"messages":[{"role":"user","content":"hi!"}]}', { formatId: 'apertus' }).key;
    // Written otherwise inside: another text, not an exact duplicate (core/checks/duplicates.ts).
    const d = content('{ "messages": [ { "role": "user", "content": "hi" } ] }', { formatId: 'apertus' }).key;
    expect(a).toBeDefined();
    expect(a).toBe(b);
    expect(a).not.toBe(c);
    expect(a).not.toBe(d);
  });

  it('describes a bad line, with no key and no summary', () => {
    const row = content('{"messages": [', { formatId: 'apertus' });
    expect(row.problem?.kind).toBe('json');
    expect(row.key).toBeUndefined();
    expect(row.summary).toBeUndefined();
  });
});
