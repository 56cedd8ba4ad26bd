import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fingerprintBytes, sameFingerprint, StreamingHash } from './fingerprint.ts';
import { cutAt, utf8 } from './test-helpers.ts';

function hashChunks(chunks: Uint8Array[]): string {
  const hash = new StreamingHash();
  for (const chunk of chunks) hash.update(chunk);
  return hash.digest();
}

describe('StreamingHash', () => {
  it('does not depend on chunk boundaries or on the alignment of the chunks in memory', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.array(fc.nat(), { maxLength: 6 }), fc.nat(3), (bytes, rawCuts, shift) => {
        const cuts = [...new Set(rawCuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
        // The same bytes at an odd offset of a larger buffer (the word-by-word path cannot be taken).
        const shifted = new Uint8Array(bytes.length + shift);
        shifted.set(bytes, shift);
        const whole = fingerprintBytes(bytes).hash;
        expect(hashChunks(cutAt(bytes, cuts))).toBe(whole);
        expect(hashChunks([shifted.subarray(shift)])).toBe(whole);
      }),
    );
  });

  it('changes when one byte changes, anywhere, or when bytes are added', () => {
    const bytes = utf8('{"a":1}\n'.repeat(1000));
    const base = fingerprintBytes(bytes);
    const seen = new Set([base.hash]);
    for (const at of [0, 1, 2, 3, 4000, bytes.length - 1]) {
      const changed = bytes.slice();
      changed[at] = (changed[at] as number) ^ 1;
      seen.add(fingerprintBytes(changed).hash);
    }
    expect(seen.size).toBe(7);
    expect(fingerprintBytes(new Uint8Array(3)).hash).not.toBe(fingerprintBytes(new Uint8Array(4)).hash);
  });

  it('stays the same from version to version (fingerprints stored in IndexedDB must keep matching)', () => {
    // Pinned values: a change of the hash function has to be deliberate, with a migration.
    expect(fingerprintBytes(utf8('{"a":1}\n'))).toEqual({ size: 8, hash: 'd895c917824344f2' });
    expect(fingerprintBytes(new Uint8Array(0))).toEqual({ size: 0, hash: '640b663adf79438c' });
  });

  it('compares size and hash', () => {
    const a = fingerprintBytes(utf8('x'));
    expect(sameFingerprint(a, { ...a })).toBe(true);
    expect(sameFingerprint(a, { ...a, size: 2 })).toBe(false);
  });
});
