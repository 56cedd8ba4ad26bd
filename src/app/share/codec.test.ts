import { describe, expect, it } from 'vitest';
import { deflateSync, strToU8 } from 'fflate';
import { defaultExample } from '../examples/catalog.ts';
import { decodeShare, encodeShare } from './codec.ts';

const payload = { record: defaultExample().build(), formatId: 'apertus', formatOptions: { enableThinking: false, date: null } };

function base64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function deepSchema(levels: number): unknown {
  let schema: unknown = { type: 'string' };
  for (let i = 0; i < levels; i++) schema = { type: 'object', properties: { a: schema } };
  return schema;
}

describe('share codec', () => {
  it('round-trips record, format and options', () => {
    const encoded = encodeShare(payload);
    expect(encoded).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(decodeShare(encoded)).toEqual({ ok: true, payload });
  });

  it('round-trips text outside Latin-1 and long texts', () => {
    const record = { kind: 'chat' as const, tools: [], messages: [{ id: 'm1', role: 'user', content: { type: 'text' as const, text: 'héllo → 世界 🎉 '.repeat(5000) } }] };
    const result = decodeShare(encodeShare({ record, formatId: 'apertus', formatOptions: {} }));
    expect(result.ok && result.payload.record).toEqual(record);
  });

  it.each([
    ['no version', 'abc', 'no version tag'],
    ['an unknown version', 'v9.abc', 'version "v9"'],
    ['bad base64', 'v1.ab$cd', 'not valid base64url'],
    ['a cut-off link', () => encodeShare(payload).slice(0, 43), 'damaged'],
    ['compressed non-JSON', () => `v1.${base64url(deflateSync(strToU8('not json')))}`, 'not valid JSON'],
    ['JSON without a format', () => `v1.${base64url(deflateSync(strToU8(JSON.stringify({ record: payload.record }))))}`, 'names no format'],
    ['a conversation nested 2,000 levels deep', () => `v1.${base64url(deflateSync(strToU8(JSON.stringify({ record: { ...payload.record, tools: [{ id: 't', name: 'f', parameters: deepSchema(2000) }] }, formatId: 'apertus', formatOptions: {} }))))}`, 'nested more than 128 levels deep (at record.tools[0].parameters.properties.a…)'],
    ['a record of the wrong shape', () => `v1.${base64url(deflateSync(strToU8(JSON.stringify({ record: { kind: 'chat' }, formatId: 'apertus', formatOptions: {} }))))}`, 'not a Parley record at messages'],
  ])('refuses %s with a reason', (_name, input, reason) => {
    const result = decodeShare(typeof input === 'function' ? input() : input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(reason);
  });
});
