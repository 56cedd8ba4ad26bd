import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { indexJsonArray } from '../dataset/json-array-scanner.ts';
import { indexJsonl } from '../dataset/jsonl-indexer.ts';
import { datasetRecordKeys, recordFingerprint, textFingerprint } from './fingerprint.ts';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const sha = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

describe('record fingerprints', () => {
  it('is the SHA-256 of the bytes, and of a text as UTF-8', () => {
    expect(recordFingerprint(utf8('{"a":"é"}'))).toBe(sha('{"a":"é"}'));
    expect(textFingerprint('{"a":"é"}')).toBe(sha('{"a":"é"}'));
  });

  it('takes a JSONL line without its terminator and without the BOM, and skips blank lines', () => {
    const bytes = utf8('\uFEFF{"a":1}\r\n\n  \n{"b":2}\n{"a":1}');
    const keys = datasetRecordKeys(bytes, indexJsonl(bytes));
    expect(keys).toEqual([
      { fingerprint: sha('{"a":1}'), line: 1 },
      { fingerprint: sha('{"b":2}'), line: 4 },
      { fingerprint: sha('{"a":1}'), line: 5 },
    ]);
  });

  it('takes a JSON array element as it is written, on the line where it starts', () => {
    const bytes = utf8('[\n  {"a": 1},\n  {"b":\n 2}\n]\n');
    const keys = datasetRecordKeys(bytes, indexJsonArray(bytes));
    expect(keys).toEqual([
      { fingerprint: sha('{"a": 1}'), line: 2 },
      { fingerprint: sha('{"b":\n 2}'), line: 3 },
    ]);
  });
});
