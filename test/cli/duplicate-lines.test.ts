/** The duplicate records of a JSON Lines run, named by line (src/cli/duplicate-lines.ts). */
import { describe, expect, it } from 'vitest';
import { DuplicateLines } from '../../src/cli/duplicate-lines.ts';

/** A 16-hex-digit key made of the number `n` (distinct for distinct n, both halves used). */
const key = (n: number) => `${(n * 7919).toString(16).padStart(8, '0')}${n.toString(16).padStart(8, '0')}`;

describe('DuplicateLines', () => {
  it('names each repeat with the line of the first record, in input order', () => {
    const found = new DuplicateLines(20);
    ['a', 'b', 'a', 'c', 'b', 'a'].forEach((k, i) => found.add(i + 1, key(k.charCodeAt(0))));
    expect(found.summary('validate')).toBe('validate: 3 duplicate records (the same text as an earlier line): line 3 = line 1, line 5 = line 2, line 6 = line 1');
  });

  it('says nothing without repeats, and tells keys apart that share a half', () => {
    const found = new DuplicateLines(20);
    found.add(1, '0000000100000002');
    found.add(2, '0000000100000003');
    found.add(3, '0000000200000002');
    expect(found.summary('validate')).toBeUndefined();
  });

  it('finds the repeats of records remembered before the table grew (100,000 distinct records)', () => {
    const found = new DuplicateLines(2);
    for (let n = 0; n < 100_000; n++) found.add(n + 1, key(n));
    found.add(100_001, key(0));
    found.add(100_002, key(99_999));
    found.add(100_003, key(54_321));
    expect(found.summary('validate')).toBe('validate: 3 duplicate records (the same text as an earlier line): line 100001 = line 1, line 100002 = line 100000, and 1 more (--notes all names every one)');
  });

  it('past the records it remembers, still matches those, and says so', () => {
    const found = new DuplicateLines(20, 3);
    for (let n = 0; n < 5; n++) found.add(n + 1, key(n));
    found.add(6, key(2)); // remembered
    found.add(7, key(4)); // not remembered: not found
    expect(found.summary('validate')).toBe('validate: 1 duplicate record (the same text as an earlier line): line 6 = line 3; only the first 3 distinct records were remembered');
  });

  it('--notes 0: counted, not named', () => {
    const found = new DuplicateLines(0);
    found.add(1, key(1));
    found.add(2, key(1));
    expect(found.summary('validate')).toBe('validate: 1 duplicate record (the same text as an earlier line); --notes all names it');
  });
});
