import { beforeEach, describe, expect, it } from 'vitest';
import { conversation, textMessage, type Conversation } from '../../core/index.ts';
import { clearHistory, useAppStore } from '../store/index.ts';
import { encodeRecord } from './export.ts';
import { MAX_OPEN_BYTES } from './limits.ts';
import { openFile, openJson, openPastedText, reopenAs } from './open.ts';

const before = conversation([textMessage('user', 'keep me')]);

function messages(): Conversation['messages'] {
  const record = useAppStore.getState().record;
  return record.kind === 'chat' ? record.messages : [];
}

describe('opening JSON', () => {
  beforeEach(() => {
    useAppStore.getState().loadRecord(before);
    useAppStore.getState().setImportDiagnostics([]);
    clearHistory();
  });

  it('opens Apertus JSON, names the dialect, and makes it one undo step', () => {
    const result = openJson('[{"role": "system", "content": {"text": "be brief"}}, {"role": "user", "content": "hello"}, {"role": "assistant", "content": "hi"}]', 'chat.json');
    expect(result).toMatchObject({ ok: true, codec: { id: 'apertus-json' } });
    expect(result.message).toContain('(Apertus JSON)');
    expect(messages().map((m) => m.role)).toEqual(['system', 'user', 'assistant']);
    expect(useAppStore.temporal.getState().pastStates).toHaveLength(1);
  });

  it('changes nothing for malformed JSON and says where', () => {
    const result = openJson('[{"role": "user" "content": "x"}]', 'bad.json');
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/line 1, column 18/);
    expect(useAppStore.getState().record).toBe(before);
    expect(useAppStore.getState().notice).toMatchObject({ tone: 'error' });
  });

  it('changes nothing when the record has decode errors, and lists them with paths', () => {
    const result = openJson([{ role: 'user', content: { parts: [{ type: 'text', text: 'ok' }] } }, { role: 'assistant', content: { blocks: [{ type: 'response' }] } }], 'partly.json');
    expect(result.ok).toBe(false);
    expect(result.details.some((line) => line.includes('[1].content.blocks[0]'))).toBe(true);
    expect(useAppStore.getState().record).toBe(before);
  });

  it('changes nothing for JSON in no known dialect', () => {
    const result = openJson({ hello: 'world' }, 'other.json');
    expect(result.ok).toBe(false);
    expect(useAppStore.getState().record).toBe(before);
  });

  it('exports in the dialect the file was opened in, unless told otherwise', () => {
    // `model` is a request field Apertus JSON does not know, so this is read as OpenAI (core's
    // chooseDialect). It used to be a bare messages array, which Apertus JSON reads whole and
    // so, with the Apertus format shown, is now read as Apertus JSON (as the CLI reads it).
    const openai = { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }] }] };
    const result = openJson(openai, 'openai.json');
    expect(result.codec?.id).not.toBe('apertus-json');
    expect(encodeRecord()).toMatchObject({ ok: true, codec: result.codec?.id, json: openai });
    expect(encodeRecord('apertus-json').codec).toBe('apertus-json');
  });

  it('reads plain OpenAI chat as OpenAI Chat whatever the format shown, as parley render does', () => {
    // Apertus JSON reads this whole too; the tie goes to OpenAI Chat, its most common writer (issue 24).
    const plain = [{ role: 'user', content: 'hi' }, { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }] }];
    useAppStore.getState().setFormat('apertus');
    expect(openJson(plain, 'plain.json').codec?.id).toBe('openai-chat');
    useAppStore.getState().setFormat('rwkv');
    expect(openJson(plain, 'plain.json').codec?.id).toBe('openai-chat');
    useAppStore.getState().setFormat('apertus');
  });

  it('exports what it opened (Apertus JSON round trip)', () => {
    const source = [{ role: 'system', content: { text: 'sys' } }, { role: 'user', content: { parts: [{ type: 'text', text: 'q' }] } }];
    expect(openJson(source, 'x.json').ok).toBe(true);
    expect(encodeRecord().json).toEqual(source);
  });

  it('refuses a file over the size limit that is not an array of records, reading only its head', async () => {
    let read = false;
    const head: [number, number][] = [];
    const huge = {
      name: 'huge.json',
      size: MAX_OPEN_BYTES + 1,
      text: async () => ((read = true), '[]'),
      slice: (start: number, end: number) => (head.push([start, end]), { text: async () => '{"messages": [' }),
    } as unknown as File;
    const result = await openFile(huge);
    expect(result.ok).toBe(false);
    expect(result.message).toContain('huge.json is 50.0 MB; Parley opens files up to 50.0 MB');
    expect(result.message).toContain('a dataset of any size opens as a .jsonl file or a .json array of records');
    expect(read).toBe(false);
    expect(head).toEqual([[0, 4096]]);
    expect(useAppStore.getState().record).toBe(before);
  });

  it('reads the same JSON again as another dialect ("Read as"), naming it, and offers the picker', () => {
    const basic = { model: 'claude-sonnet-4-5', max_tokens: 1024, messages: [{ role: 'user', content: 'Hello, world' }] };
    // Plain messages for a Claude model: Anthropic by a hint, and the notice names who else reads them (issue 22).
    const opened = openJson(JSON.stringify(basic), 'basic.json');
    expect(opened.codec?.id).toBe('anthropic');
    expect(opened.details).toContain('OpenAI Chat Completions and Apertus JSON fit it as well (nothing in it marks one dialect); read as Anthropic Messages because the model is a Claude model ("claude-sonnet-4-5").');
    expect(useAppStore.getState().notice?.readAs).toMatchObject({ current: 'anthropic' });
    expect(reopenAs('openai-chat')).toMatchObject({ ok: true, codec: { id: 'openai-chat' }, message: 'Opened basic.json (read as OpenAI Chat Completions).' });
    const again = reopenAs('anthropic');
    expect(again).toMatchObject({ ok: true, codec: { id: 'anthropic' }, message: 'Opened basic.json (read as Anthropic Messages).' });
    expect(useAppStore.getState().sourceCodec?.id).toBe('anthropic');
    expect(useAppStore.getState().notice?.readAs?.dialects.map((d) => d.id)).toContain('sharegpt');
    expect(encodeRecord().json).toEqual(basic);
  });

  it('refuses a dialect that cannot read the JSON, keeps the record, and still offers the picker', () => {
    openJson({ messages: [{ role: 'user', content: 'Hi' }] }, 'hi.json');
    const opened = useAppStore.getState().record;
    const result = reopenAs('sharegpt');
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/^Read as ShareGPT, hi\.json has 1 error\. Nothing was changed\.$/);
    expect(result.details).toEqual(['conversations: missing; expected an array of turns']);
    expect(useAppStore.getState().record).toBe(opened);
    expect(useAppStore.getState().notice).toMatchObject({ tone: 'error', readAs: { current: 'sharegpt' } });
  });

  it('opens pasted text as a chosen dialect', () => {
    expect(openPastedText('{"messages": [{"role": "user", "content": "Hi"}]}', 'anthropic')).toMatchObject({ ok: true, codec: { id: 'anthropic' } });
  });
});
