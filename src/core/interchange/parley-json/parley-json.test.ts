/** Parley JSON: the envelope, ids, detection and the errors of untrusted input. */
import { describe, expect, it } from 'vitest';
import { blocksMessage, conversation, documentFile, documentRecord, fimPart, response, textMessage, textPart, thoughts } from '../../model/builders.ts';
import type { Conversation, DocumentRecord } from '../../model/types.ts';
import { detectCodec, findCodec } from '../registry.ts';
import { decodeParleyJson, encodeParleyJson } from './index.ts';

const THOUGHTFUL: Conversation = conversation([
  textMessage('system', 'Be kind.', { thoughtFlags: ['reflect', 'introspect', 'reason'] }),
  textMessage('user', 'Hi', { name: 'Eric' }),
  blocksMessage([thoughts('They greet me.', 'reflect'), response('Hello Eric.')]),
]);

const FIM_FILES: DocumentRecord = documentRecord([documentFile([textPart('# notes')], 'a.md'), documentFile([fimPart('def f(', '', '):\n    pass')])]);

describe('Parley JSON encode', () => {
  it('writes the version first and the model fields as they are, without ids', () => {
    const { json, diagnostics } = encodeParleyJson(THOUGHTFUL);
    expect(diagnostics).toEqual([]);
    expect(Object.keys(json as object)[0]).toBe('parley');
    expect(json).toEqual({
      parley: 1,
      kind: 'chat',
      messages: [
        { role: 'system', content: { type: 'text', text: 'Be kind.' }, thoughtFlags: ['reflect', 'introspect', 'reason'] },
        { role: 'user', content: { type: 'text', text: 'Hi' }, name: 'Eric' },
        { role: 'assistant', content: { type: 'blocks', blocks: [{ type: 'thoughts', text: 'They greet me.', kind: 'reflect' }, { type: 'response', text: 'Hello Eric.' }] } },
      ],
      tools: [],
    });
  });

  it('writes documents with their files and FIM segments', () => {
    expect(encodeParleyJson(FIM_FILES).json).toEqual({
      parley: 1,
      kind: 'document',
      files: [
        { name: 'a.md', parts: [{ type: 'text', text: '# notes' }] },
        { parts: [{ type: 'fim', prefix: 'def f(', middle: '', suffix: '):\n    pass' }] },
      ],
    });
  });

  it('leaves the record untouched (the app keeps its records frozen)', () => {
    const record = Object.freeze(structuredClone(THOUGHTFUL));
    encodeParleyJson(record);
    expect(record.messages[0]?.id).toBe(THOUGHTFUL.messages[0]?.id);
  });
});

describe('Parley JSON decode', () => {
  it('reads back what encode wrote, with fresh ids, without touching its input', () => {
    const json = encodeParleyJson(FIM_FILES).json;
    const before = JSON.stringify(json);
    const { record, diagnostics } = decodeParleyJson(json);
    expect(diagnostics).toEqual([]);
    expect(JSON.stringify(json)).toBe(before);
    expect(record?.kind).toBe('document');
    const files = (record as DocumentRecord).files;
    expect(files.map((f) => f.id)).toEqual([expect.stringMatching(/^f-/), expect.stringMatching(/^f-/)]);
    expect(files[1]?.parts[0]).toMatchObject({ id: expect.stringMatching(/^p-/), type: 'fim', prefix: 'def f(' });
  });

  it('ignores the ids a file carries, and says so once', () => {
    const { record, diagnostics } = decodeParleyJson({ parley: 1, kind: 'chat', messages: [{ id: 'm-1', role: 'user', content: { type: 'text', text: 'a' } }], tools: [{ id: 't-1', name: 'f' }] });
    expect((record as Conversation).messages[0]?.id).not.toBe('m-1');
    expect(diagnostics).toEqual([expect.objectContaining({ severity: 'info', code: 'parley-json/invalid', message: expect.stringContaining('2 "id" fields were ignored') })]);
  });

  it.each<[string, unknown, string]>([
    ['not an object', [1], 'input: expected a Parley JSON object {"parley": 1, "kind": …}, got array'],
    ['a version that is not a number', { parley: '1', kind: 'chat', messages: [], tools: [] }, 'parley: expected the Parley JSON version 1, got string'],
    ['a newer version', { parley: 2, kind: 'chat', messages: [], tools: [] }, 'parley: version 2 was written by a newer Parley; this one reads version 1'],
  ])('rejects %s', (_name, json, message) => {
    const { record, diagnostics } = decodeParleyJson(json);
    expect(record).toBeUndefined();
    expect(diagnostics.map((d) => d.message)).toEqual([message]);
  });

  it.each<[string, unknown, (string | number)[]]>([
    ['an unknown kind', { parley: 1, kind: 'chart', messages: [], tools: [] }, ['kind']],
    ['a message without a role', { parley: 1, kind: 'chat', messages: [{ content: null }], tools: [] }, ['messages', 0, 'role']],
    ['a block text that is a number', { parley: 1, kind: 'chat', messages: [{ role: 'assistant', content: { type: 'blocks', blocks: [{ type: 'response', text: 3 }] } }], tools: [] }, ['messages', 0, 'content', 'blocks', 0, 'text']],
    ['a FIM segment without its suffix', { parley: 1, kind: 'document', files: [{ parts: [{ type: 'fim', prefix: 'a', middle: '' }] }] }, ['files', 0, 'parts', 0, 'suffix']],
    ['an unknown thought flag', { parley: 1, kind: 'chat', messages: [{ role: 'system', content: { type: 'text', text: 's' }, thoughtFlags: ['ponder'] }], tools: [] }, ['messages', 0, 'thoughtFlags', 0]],
    ['thought flags that are not a list', { parley: 1, kind: 'chat', messages: [{ role: 'system', thoughtFlags: 'reason' }], tools: [] }, ['messages', 0, 'thoughtFlags']],
  ])('rejects %s, naming the exact path', (_name, json, path) => {
    const { record, diagnostics } = decodeParleyJson(json);
    expect(record).toBeUndefined();
    const [first] = diagnostics;
    expect(first?.severity).toBe('error');
    expect(first?.path).toEqual(path);
  });
});

describe('Parley JSON detection', () => {
  it('is certain when the version key is there, although the messages look like Apertus JSON mappings', () => {
    const json = encodeParleyJson(THOUGHTFUL).json;
    expect(findCodec('parley-json')?.detect(json)).toBe(1);
    expect(detectCodec(json)?.id).toBe('parley-json');
  });

  it('claims a file with a broken version too, so that decode says what is wrong', () => {
    expect(detectCodec({ parley: 'x', messages: [] })?.id).toBe('parley-json');
  });

  it('claims nothing else', () => {
    expect(findCodec('parley-json')?.detect({ messages: [{ role: 'user', content: 'hi' }] })).toBe(0);
  });
});
