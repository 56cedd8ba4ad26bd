/**
 * Fuzzing the share-link decoder (issue 20, item 9): whatever the fragment holds, decodeShare
 * answers (a payload, or a refusal with a message) and never throws; what it accepts names a
 * known format with valid options.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findFormat } from '../../core/index.ts';
import { defaultExample } from '../examples/catalog.ts';
import { decodeShare, encodeShare } from './codec.ts';
import { MAX_INFLATED_BYTES } from './limits.ts';
import { bombBytes, linkOfBytes, linkTo } from './test-links.ts';

function base64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url');
}


/** decodeShare must not throw (reject); a refusal has a message; an accepted link is well-formed. */
async function answersCleanly(fragment: string): Promise<void> {
  const result = await decodeShare(fragment);
  if (result.ok) {
    const format = findFormat(result.payload.formatId);
    expect(format, result.payload.formatId).toBeDefined();
    const keys = new Set(format?.options.map((option) => option.key));
    for (const key of Object.keys(result.payload.formatOptions)) expect(keys.has(key), key).toBe(true);
  } else {
    expect(typeof result.message).toBe('string');
    expect(result.message.length).toBeGreaterThan(0);
  }
}

const valid = encodeShare({ record: defaultExample().build(), formatId: 'apertus', formatOptions: { enableThinking: false } });
const validBytes = new Uint8Array(Buffer.from(valid.slice(3), 'base64url'));
const optionValue = fc.oneof(fc.boolean(), fc.string({ maxLength: 12 }), fc.constant(null), fc.integer(), fc.constantFrom('2024-02-30', '2025-01-01', 'python', 'spec'));
const formatIds = fc.oneof(fc.constantFrom('apertus', 'rwkv', 'openchatml', 'chatml', 'llama3', 'harmony', 'jinja'), fc.string({ maxLength: 12 }));

describe('decodeShare on any input (fuzz)', async () => {
  it('answers any text, with or without the version tag', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.string({ maxLength: 300 }).map((text) => `v1.${text}`)), answersCleanly),
      { numRuns: 500 },
    );
  });

  it('answers random bytes, raw or compressed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 3000 }), fc.boolean(), (bytes, compress) => answersCleanly(compress ? linkOfBytes(bytes) : `v1.${base64url(bytes)}`)),
      { numRuns: 300 },
    );
  });

  it('answers a valid link cut anywhere or with a byte changed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: validBytes.length }), fc.nat({ max: validBytes.length - 1 }), fc.integer({ min: 1, max: 255 }), async (cut, at, xor) => {
        await answersCleanly(`v1.${base64url(validBytes.subarray(0, cut))}`);
        const changed = validBytes.slice();
        changed[at] = (changed[at] as number) ^ xor;
        await answersCleanly(`v1.${base64url(changed)}`);
      }),
      { numRuns: 300 },
    );
  });

  it('answers any JSON, and payloads of any format id and options', async () => {
    const payloadLike = fc.record(
      { record: fc.oneof(fc.constant(defaultExample().build()), fc.jsonValue({ maxDepth: 4 })), formatId: fc.oneof(formatIds, fc.jsonValue({ maxDepth: 1 })), formatOptions: fc.oneof(fc.dictionary(fc.constantFrom('enableThinking', 'date', 'bosToken', 'template', 'jsonStyle', 'streaming', 'x'), optionValue), fc.jsonValue({ maxDepth: 2 })), trainingMask: fc.jsonValue({ maxDepth: 2 }) },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue({ maxDepth: 5 }), payloadLike), (value) => answersCleanly(linkTo(value))),
      { numRuns: 400 },
    );
  });

  it('answers links that expand to any size around the limit (zip bombs), refusing those over it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 3 * MAX_INFLATED_BYTES }), fc.constantFrom(0x61, 0x7b, 0x22), async (size, byte) => {
        const fragment = `v1.${bombBytes(new Uint8Array([byte]), size - 1, new Uint8Array(0)).toString('base64url')}`;
        await answersCleanly(fragment);
        const result = await decodeShare(fragment);
        if (size > MAX_INFLATED_BYTES) expect(result).toEqual({ ok: false, message: 'it expands to more than 1 MB (ask for the conversation as a file)' });
      }),
      { numRuns: 25 },
    );
  });
});
