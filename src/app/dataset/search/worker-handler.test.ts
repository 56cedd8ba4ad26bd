import { describe, expect, it } from 'vitest';
import { isSearchRequest, isSearchResponse, type RecordsToRead, type SearchResponse } from './search-protocol.ts';
import { createSearchHandler } from './worker-handler.ts';

const LINE = JSON.stringify({ messages: [{ role: 'user', content: 'hello' }] });

function records(): RecordsToRead {
  return { file: new Blob([LINE + '\n']), ids: Int32Array.from([0]), starts: Float64Array.from([0]), ends: Float64Array.from([LINE.length]), lines: Int32Array.from([1]), edited: new Map() };
}

function settled(messages: SearchResponse[], count: number): Promise<void> {
  return new Promise((resolve) => {
    const check = (): void => (messages.filter((m) => m.type !== 'search-progress').length >= count ? resolve() : void setTimeout(check, 1));
    check();
  });
}

describe('createSearchHandler', () => {
  it('answers a search with its result', async () => {
    const messages: SearchResponse[] = [];
    const handle = createSearchHandler((m) => messages.push(m));
    handle({ type: 'search-find', job: 1, query: { pattern: 'hello', regex: false, caseSensitive: true }, records: records() });
    await settled(messages, 1);
    expect(messages.filter((m) => m.type !== 'search-progress')).toEqual([{ type: 'search-found', job: 1, result: { ids: [0], places: [1], totalPlaces: 1 } }]);
  });

  it('stops the running job when a cancel or a new job comes', async () => {
    const messages: SearchResponse[] = [];
    const handle = createSearchHandler((m) => messages.push(m));
    handle({ type: 'search-find', job: 1, query: { pattern: 'hello', regex: false, caseSensitive: true }, records: records() });
    handle({ type: 'search-cancel', job: 2 });
    await settled(messages, 2);
    expect(messages.filter((m) => m.type !== 'search-progress').map((m) => [m.type, m.job])).toEqual([
      ['search-cancelled', 2],
      ['search-cancelled', 1],
    ]);
  });
});

describe('message types', () => {
  it('tells search messages from the dataset worker’s own', () => {
    expect(isSearchRequest({ type: 'search-find' })).toBe(true);
    expect(isSearchRequest({ type: 'open' })).toBe(false);
    expect(isSearchResponse({ type: 'search-failed' })).toBe(true);
    expect(isSearchResponse({ type: 'failed' })).toBe(false);
    expect(isSearchResponse(null)).toBe(false);
  });
});
