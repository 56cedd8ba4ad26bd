import { describe, expect, it } from 'vitest';
import { companionKind, splitCompanions } from './companions.ts';

describe('files beside a dataset', () => {
  it('tells review files and guidelines from datasets', () => {
    expect(companionKind('data.review.jsonl')).toBe('review');
    expect(companionKind('data.guidelines.md')).toBe('guidelines');
    expect(companionKind('data.jsonl')).toBeUndefined();
    const files = [{ name: 'a.review.jsonl' }, { name: 'a.jsonl' }, { name: 'a.guidelines.md' }];
    expect(splitCompanions(files)).toEqual({ companions: [files[0], files[2]], rest: [files[1]] });
  });
});
