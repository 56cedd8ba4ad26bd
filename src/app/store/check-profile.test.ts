import { describe, expect, it } from 'vitest';
import { profileOf } from './check-profile.ts';

describe('the check profile of the app', () => {
  it('reads every record of an open dataset as the dialect chosen for it', () => {
    expect(profileOf({ formatId: 'chatml', formatOptions: {}, dataset: {}, datasetReadAs: 'sharegpt' })).toEqual({ formatId: 'chatml', readAs: 'sharegpt' });
  });

  it('chooses per record when none is chosen, and outside a dataset', () => {
    expect(profileOf({ formatId: 'chatml', formatOptions: {}, dataset: {}, datasetReadAs: null })).toEqual({ formatId: 'chatml' });
    expect(profileOf({ formatId: 'chatml', formatOptions: {}, dataset: null, datasetReadAs: 'sharegpt' })).toEqual({ formatId: 'chatml' });
  });
});
