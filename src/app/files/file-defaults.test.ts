// @vitest-environment jsdom
/**
 * Defaults that follow the data and the person (issue 24): a file's dialect by evidence, the
 * dialect and format chosen for a file remembered by its fingerprint, the format its model
 * names offered, and Export and the JSON view in the dialect the record came from.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { chosenDialect } from '../preview/json-view/dialect-choice.ts';
import { useAppStore } from '../store/index.ts';
import { defaultExportCodec } from './export.ts';
import { fileKey, MAX_REMEMBERED_FILES, recallFile, rememberFile } from './file-memory.ts';
import { openJson, reopenAs } from './open.ts';

const OPENAI_TOOLS = JSON.stringify({
  messages: [
    { role: 'user', content: 'Weather in Bern?' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city": "Bern"}' } }] },
    { role: 'tool', tool_call_id: 'call_1', content: '{"temp": 21}' },
    { role: 'assistant', content: 'It is 21 degrees.' },
  ],
  tools: [{ type: 'function', function: { name: 'get_weather', description: 'Weather.', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } }],
});
const PLAIN = JSON.stringify([{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello.' }]);
const LLAMA = JSON.stringify({ model: 'meta-llama/Llama-3.1-8B-Instruct', messages: [{ role: 'user', content: 'Hi' }] });

describe('defaults that follow the data', () => {
  beforeEach(() => {
    localStorage.clear();
    useAppStore.getState().setFormat('apertus');
    useAppStore.getState().dismissNotice();
  });

  it('opens an OpenAI tool file in Apertus as OpenAI Chat; Export and the JSON view default to it', () => {
    const result = openJson(OPENAI_TOOLS, 'tools.json');
    expect(result).toMatchObject({ ok: true, codec: { id: 'openai-chat' } });
    expect(result.message).toBe('Opened tools.json (OpenAI Chat Completions).');
    expect(defaultExportCodec()).toBe('openai-chat');
    expect(chosenDialect(useAppStore.getState())).toBe('openai-chat');
  });

  it('remembers the dialect chosen with "Read as" for that file, and reads it so when it is opened again', () => {
    expect(openJson(PLAIN, 'plain.json').codec?.id).toBe('openai-chat');
    expect(reopenAs('apertus-json').ok).toBe(true);
    const again = openJson(PLAIN, 'renamed.json');
    expect(again.codec?.id).toBe('apertus-json');
    expect(again.message).toBe('Opened renamed.json (Apertus JSON, as you chose for this file).');
    // Another file (other bytes) is detected as before.
    expect(openJson(`${PLAIN}\n`, 'other.json').codec?.id).toBe('openai-chat');
  });

  it('shows a file in the format last chosen with it; a new file keeps the format on screen', () => {
    openJson(PLAIN, 'plain.json');
    useAppStore.getState().setFormat('rwkv');
    useAppStore.getState().setFormat('openchatml');
    openJson(OPENAI_TOOLS, 'tools.json');
    expect(useAppStore.getState().formatId).toBe('openchatml');
    useAppStore.getState().setFormat('apertus');
    openJson(PLAIN, 'plain.json');
    expect(useAppStore.getState().formatId).toBe('openchatml');
  });

  it('offers the format of the model the data names, without switching', () => {
    openJson(LLAMA, 'llama.json');
    expect(useAppStore.getState().formatId).toBe('apertus');
    expect(useAppStore.getState().notice?.offer).toEqual({ question: 'This data names meta-llama/Llama-3.1-8B-Instruct: show it as Llama 3.1?', action: 'Show as Llama 3.1', formatId: 'llama3' });
    // Shown in that format already: nothing to offer.
    useAppStore.getState().setFormat('llama3');
    openJson(LLAMA, 'llama.json');
    expect(useAppStore.getState().notice?.offer).toBeUndefined();
  });

  it('forgets the least recently used file beyond the limit, and survives a damaged list', () => {
    for (let i = 0; i <= MAX_REMEMBERED_FILES; i++) rememberFile(`k${i}`, { dialect: 'sharegpt' });
    expect(recallFile('k0')).toBeUndefined();
    expect(recallFile(`k${MAX_REMEMBERED_FILES}`)).toEqual({ dialect: 'sharegpt' });
    localStorage.setItem('parley.pref.files', '{not json');
    expect(recallFile(fileKey(PLAIN))).toBeUndefined();
    expect(openJson(PLAIN, 'plain.json').codec?.id).toBe('openai-chat');
  });
});
