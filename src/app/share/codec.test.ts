import { describe, expect, it } from 'vitest';
import { defaultExample } from '../examples/catalog.ts';
import { decodeShare, encodeShare } from './codec.ts';
import { MAX_INFLATED_BYTES, MAX_SHARE_FRAGMENT_LENGTH } from './limits.ts';
import { bombLink, linkOfBytes, linkTo } from './test-links.ts';

const payload = { record: defaultExample().build(), formatId: 'apertus', formatOptions: { enableThinking: false, date: null } };

function deepSchema(levels: number): unknown {
  let schema: unknown = { type: 'string' };
  for (let i = 0; i < levels; i++) schema = { type: 'object', properties: { a: schema } };
  return schema;
}

async function refusal(encoded: string): Promise<string> {
  const result = await decodeShare(encoded);
  if (result.ok) throw new Error('expected a refusal, the link opened');
  return result.message;
}

describe('share codec', () => {
  it('round-trips record, format and options', async () => {
    const encoded = encodeShare(payload);
    expect(encoded).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(await decodeShare(encoded)).toEqual({ ok: true, payload });
  });

  it('round-trips text outside Latin-1 and long texts', async () => {
    const record = { kind: 'chat' as const, tools: [], messages: [{ id: 'm1', role: 'user', content: { type: 'text' as const, text: 'héllo → 世界 🎉 '.repeat(5000) } }] };
    const result = await decodeShare(encodeShare({ record, formatId: 'apertus', formatOptions: {} }));
    expect(result.ok && result.payload.record).toEqual(record);
  });

  it.each([
    ['no version', 'abc', 'no version tag'],
    ['an unknown version', 'v9.abc', 'version "v9"'],
    ['bad base64', 'v1.ab$cd', 'not valid base64url'],
    ['a cut-off link', () => encodeShare(payload).slice(0, 43), 'damaged'],
    ['compressed non-JSON', () => linkOfBytes(Buffer.from('not json')), 'not valid JSON'],
    ['JSON without a format', () => linkTo({ record: payload.record }), 'names no format'],
    ['a conversation nested 2,000 levels deep', () => linkTo({ record: { ...payload.record, tools: [{ id: 't', name: 'f', parameters: deepSchema(2000) }] }, formatId: 'apertus', formatOptions: {} }), 'nested more than 128 levels deep (at record.tools[0].parameters.properties.a…)'],
    ['a record of the wrong shape', () => linkTo({ record: { kind: 'chat' }, formatId: 'apertus', formatOptions: {} }), 'not a Parley record at messages'],
  ])('refuses %s with a reason', async (_name, input, reason) => {
    expect(await refusal(typeof input === 'function' ? input() : input)).toContain(reason);
  });

  describe('formats and options', () => {
    it('refuses a format this Parley does not know, naming it (the audit showed an empty preview and "Opened")', async () => {
      expect(await refusal(linkTo({ ...payload, formatId: 'evil<img src=x>' }))).toBe('it names a format this Parley does not know ("evil<img src=x>")');
    });

    it.each([
      ['an option the format does not have', { enableThinking: false, evil: 'x' }, 'the apertus format has no option "evil"'],
      ['a boolean option given text', { enableThinking: 'yes' }, 'its option "enableThinking" of the apertus format must be true or false, not "yes"'],
      ['a text option given a boolean', { bosToken: true }, 'its option "bosToken" of the apertus format must be text, not true'],
      ['a date that is not YYYY-MM-DD', { date: 'tomorrow' }, 'its option "date" of the apertus format must be a date as YYYY-MM-DD or empty, not "tomorrow"'],
    ])('refuses %s', async (_name, formatOptions, reason) => {
      expect(await refusal(linkTo({ ...payload, formatOptions }))).toBe(reason);
    });

    it('refuses a choice outside an option\'s choices and accepts one of them', async () => {
      expect(await refusal(linkTo({ ...payload, formatId: 'openchatml', formatOptions: { jsonStyle: 'yaml' } }))).toMatch(/^its option "jsonStyle" of the openchatml format must be one of .+, not "yaml"$/);
      expect((await decodeShare(linkTo({ ...payload, formatId: 'openchatml', formatOptions: { jsonStyle: 'spec' } }))).ok).toBe(true);
    });

    it('accepts every option at its default, for every format (what a fresh profile shares)', async () => {
      const { FORMATS } = await import('../../core/index.ts');
      for (const format of FORMATS) {
        const formatOptions = Object.fromEntries(format.options.map((option) => [option.key, option.default]));
        expect(await decodeShare(linkTo({ ...payload, formatId: format.id, formatOptions })), format.id).toMatchObject({ ok: true });
      }
    });

    it('leaves out of a link the options its format does not declare (a key an older Parley kept), so that it opens', async () => {
      const result = await decodeShare(encodeShare({ ...payload, formatOptions: { enableThinking: true, enable_thinking: false } }));
      expect(result).toEqual({ ok: true, payload: { ...payload, formatOptions: { enableThinking: true } } });
    });
  });

  describe('size limits', () => {
    it(`refuses a link longer than ${MAX_SHARE_FRAGMENT_LENGTH} characters before decoding it, saying the limit`, async () => {
      expect(await refusal(`v1.${'A'.repeat(MAX_SHARE_FRAGMENT_LENGTH)}`)).toBe(`it is ${(MAX_SHARE_FRAGMENT_LENGTH + 3).toLocaleString('en')} characters long; links of more than ${MAX_SHARE_FRAGMENT_LENGTH.toLocaleString('en')} are not opened`);
    });

    it('refuses the audit\'s 30 KB link that expands to 23.5 MB (it opened, and the tab froze)', async () => {
      const link = bombLink(23_500_000);
      expect(link.length).toBeLessThan(MAX_SHARE_FRAGMENT_LENGTH);
      expect(await refusal(link)).toBe('it expands to more than 1 MB (ask for the conversation as a file)');
    });

    it('opens a link that expands to exactly the limit, and refuses one byte more', async () => {
      const result = await decodeShare(bombLink(MAX_INFLATED_BYTES));
      expect(result.ok && result.payload.record.kind).toBe('chat');
      expect(await refusal(bombLink(MAX_INFLATED_BYTES + 1))).toBe('it expands to more than 1 MB (ask for the conversation as a file)');
    });

    it('stops inflating as soon as the limit is passed: the 1 GB bomb is refused in well under a second', async () => {
      // Over the length limit, so decoded here by the inflater itself (decodeShare refuses it
      // before). Inflating all of it first took about 4 s and 1 GB of memory.
      const { inflateWithin } = await import('./inflate-within.ts');
      const link = bombLink(1_000_000_000);
      const bytes = new Uint8Array(Buffer.from(link.slice(3), 'base64url'));
      const started = performance.now();
      expect(await inflateWithin(bytes, MAX_INFLATED_BYTES)).toEqual({ ok: false, reason: 'too large' });
      expect(performance.now() - started).toBeLessThan(1000);
    });
  });
});
