import { describe, expect, it } from 'vitest';
import { chatMlFormat, decodeRecordText, dialectContextOf, type CheckProfile } from '../../core/index.ts';
import { rowContent } from './row-content.ts';

const HUMAN_BOT = '{"messages":[{"role":"human","content":"hi"},{"role":"bot","content":"hello"}]}';

function content(text: string, profile: CheckProfile) {
  return rowContent(decodeRecordText(text, 1, dialectContextOf(profile)), profile);
}

describe('rowContent', () => {
  it("counts the format's checks of the record (checkRecord), not only the reader's", () => {
    // Apertus cannot write `human` or `bot`: its render says so, as errors.
    const row = content(HUMAN_BOT, { formatId: 'apertus' });
    expect(row.summary).toMatchObject({ errors: 2, warnings: 0 });
    expect(row.codes).toEqual(['apertus/unknown-role']);
  });

  it('checks with the profile it is given (another format, other problems)', async () => {
    await chatMlFormat.prepare?.();
    const row = content(HUMAN_BOT, { formatId: 'chatml' });
    expect(row.summary).toBeDefined();
    expect(row.codes).not.toContain('apertus/unknown-role');
    expect(row.codes).not.toContain('format/loading');
  });

  it('reads the record in the dialect the profile gives (the same rule as the command)', () => {
    const text = '{"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":"ok"}]}';
    expect(content(text, { formatId: 'apertus' }).summary?.dialect).toBe('apertus-json');
    expect(content(text, { formatId: 'chatml' }).summary?.dialect).toBe('openai-chat');
  });

  it('gives records that differ only in white space the same content key, others another', () => {
    const a = content('{"messages":[{"role":"user","content":"hi"}]}', { formatId: 'apertus' }).key;
    const b = content('{ "messages": [ { "role": "user", "content": "hi" } ] }', { formatId: 'apertus' }).key;
    const c = content('{"messages":[{"role":"user","content":"hi!"}]}', { formatId: 'apertus' }).key;
    expect(a).toBeDefined();
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });

  it('describes a bad line, with no key and no summary', () => {
    const row = content('{"messages": [', { formatId: 'apertus' });
    expect(row.problem?.kind).toBe('json');
    expect(row.key).toBeUndefined();
    expect(row.summary).toBeUndefined();
  });
});
