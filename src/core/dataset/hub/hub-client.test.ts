import { describe, expect, it } from 'vitest';
import { FOOTER_READ_BYTES, ParquetSource } from '../source/parquet.ts';
import { chatParquet, chatRow } from '../source/parquet-fixture.ts';
import { HubClient, isDatasetId } from './hub-client.ts';
import { HubError } from './hub-error.ts';
import { CACHE_BYTES, HttpRangeBuffer, MIN_READ_BYTES } from './range-buffer.ts';
import { fakeHubFetch, type FakeHubOptions, type FakeLogEntry } from './test-fake-hub.ts';

const BASE = 'https://hub.test';
const CDN = 'https://cdn.hub-files.test';
const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => chatRow(from + i));
const shard0 = new Uint8Array(chatParquet(rows(0, 300), 100));
const shard1 = new Uint8Array(chatParquet(rows(300, 50), 100));

const hub: FakeHubOptions = {
  base: BASE,
  cdn: CDN,
  datasets: {
    'team/chats': { splits: { default: { train: [shard0, shard1], test: [shard1] }, extra: { train: [shard1] } } },
    'team/gated': { splits: { default: { train: [shard1] } }, token: 'hf_good' },
  },
  unconverted: ['team/images'],
};

function client(options: Partial<FakeHubOptions> = {}, extra: { token?: string; offline?: boolean; online?: boolean } = {}) {
  const log: FakeLogEntry[] = [];
  const hubClient = new HubClient({ base: BASE, fetch: fakeHubFetch({ ...hub, ...options }, log, extra.offline), ...(extra.token ? { token: extra.token } : {}), ...(extra.online === undefined ? {} : { isOnline: () => extra.online as boolean }) });
  return { hubClient, log };
}

async function hubError(promise: Promise<unknown>): Promise<HubError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(HubError);
  return error as HubError;
}

describe('HubClient: the Parquet listing', () => {
  it('lists configs and splits with their files, and a split\'s files in order', async () => {
    const { hubClient } = client();
    const listing = await hubClient.listParquet('team/chats');
    expect(Object.keys(listing)).toEqual(['default', 'extra']);
    expect(Object.keys(listing.default ?? {})).toEqual(['train', 'test']);
    expect(await hubClient.splitFiles('team/chats', 'default', 'train')).toEqual([`${BASE}/api/datasets/team/chats/parquet/default/train/0.parquet`, `${BASE}/api/datasets/team/chats/parquet/default/train/1.parquet`]);
  });

  it('says plainly: no such dataset, no such split, no Parquet conversion, not a dataset id', async () => {
    const { hubClient } = client();
    // The Hub answers 401 for a dataset that does not exist when no token is sent.
    expect((await hubError(hubClient.listParquet('team/nothing'))).kind).toBe('auth');
    expect((await hubError(hubClient.splitFiles('team/chats', 'default', 'validation'))).message).toBe('No split "validation" of config "default" of team/chats on the Hub.');
    const unconverted = await hubError(hubClient.listParquet('team/images'));
    expect(unconverted.kind).toBe('no-parquet');
    expect(unconverted.message).toContain('has no Parquet conversion');
    expect((await hubError(hubClient.listParquet('not an id'))).message).toContain('is not a dataset id');
    expect(isDatasetId('squad')).toBe(true);
    expect(isDatasetId('a/b/c')).toBe(false);
    expect(isDatasetId('../etc')).toBe(false);
  });

  it('gated: without a token asks for one; a wrong token is said to be refused; the right one opens', async () => {
    const none = await hubError(client().hubClient.listParquet('team/gated'));
    expect(none.kind).toBe('auth');
    expect(none.message).toContain('give an access token');
    const wrong = await hubError(client({}, { token: 'hf_bad' }).hubClient.listParquet('team/gated'));
    expect(wrong.kind).toBe('auth');
    expect(wrong.message).toContain('the token was refused (HTTP 403)');
    const { hubClient, log } = client({}, { token: 'hf_good' });
    const shards = await hubClient.openSplit('team/gated', 'default', 'train');
    const source = await ParquetSource.open(shards[0]!.buffer);
    expect(source.count).toBe(50);
    // The token went to the Hub's host and never to the CDN.
    expect(log.filter((entry) => entry.url.startsWith(CDN)).length).toBeGreaterThan(0);
    for (const entry of log) expect(entry.headers.Authorization !== undefined).toBe(entry.url.startsWith(BASE));
  });

  it('offline: the browser says so (nothing asked), or the request fails', async () => {
    const known = client({}, { online: false });
    const error = await hubError(known.hubClient.listParquet('team/chats'));
    expect(error.kind).toBe('offline');
    expect(error.message).toMatch(/^You are offline: team\/chats is read from hub\.test\./);
    expect(known.log).toEqual([]);
    const failing = await hubError(client({}, { offline: true }).hubClient.listParquet('team/chats'));
    expect(failing.kind).toBe('offline');
    expect(failing.message).toContain('Could not reach hub.test');
  });
});

describe('HttpRangeBuffer', () => {
  it('reads a split by range requests from the CDN the Hub redirects to, rows as in the file', async () => {
    const { hubClient, log } = client();
    const shards = await hubClient.openSplit('team/chats', 'default', 'train');
    expect(shards.map((shard) => [shard.name, shard.buffer.byteLength])).toEqual([
      ['team/chats/default/train/0.parquet', shard0.byteLength],
      ['team/chats/default/train/1.parquet', shard1.byteLength],
    ]);
    log.length = 0;
    const source = await ParquetSource.open(shards[0]!.buffer);
    const [row] = await source.readRows(0, 1);
    expect(source.recordOf(row!)).toEqual({ messages: [{ role: 'user', content: 'question 0' }, { role: 'assistant', content: 'answer 0' }] });
    const reads = log.filter((entry) => entry.method === 'GET');
    expect(reads.length).toBeGreaterThan(0);
    // Every read was a range, answered 206 by the CDN directly (the redirect was followed once, at the size probe).
    for (const entry of reads) {
      expect(entry.headers.Range).toMatch(/^bytes=\d+-\d+$/);
      expect(entry.status).toBe(206);
      expect(entry.url.startsWith(CDN)).toBe(true);
    }
  });

  it('widens small reads and serves the footer\'s second read from what was fetched', async () => {
    const big = new Uint8Array(3 * MIN_READ_BYTES).map((_, i) => i % 251);
    const { log } = client();
    const fetch = fakeHubFetch({ ...hub, datasets: { 'a/b': { splits: { c: { s: [big] } } } } }, log);
    const buffer = await HttpRangeBuffer.open(`${BASE}/api/datasets/a/b/parquet/c/s/0.parquet`, { fetch, headersFor: () => ({}), name: 'big' });
    log.length = 0;
    const first = new Uint8Array(await buffer.slice(10, 20));
    const second = new Uint8Array(await buffer.slice(100, 200));
    const tail = new Uint8Array(await buffer.slice(big.byteLength - 8));
    expect([...first]).toEqual([...big.slice(10, 20)]);
    expect([...second]).toEqual([...big.slice(100, 200)]);
    expect([...tail]).toEqual([...big.slice(big.byteLength - 8)]);
    // Two requests: [10, 10 + 64 KiB) served both of the first reads; the tail is its own (clamped to the end).
    expect(log.map((entry) => entry.headers.Range)).toEqual([`bytes=10-${10 + MIN_READ_BYTES - 1}`, `bytes=${big.byteLength - 8}-${big.byteLength - 1}`]);
    expect(buffer.stats).toEqual({ requests: 2, bytes: MIN_READ_BYTES + 8 });
    expect(CACHE_BYTES).toBeGreaterThan(MIN_READ_BYTES);
  });

  it('a server without ranges: a clear error, never the whole file read', async () => {
    const { hubClient } = client({ noRanges: true });
    const [shard] = await hubClient.openSplit('team/chats', 'default', 'test');
    const error = await hubError(shard!.buffer.slice(0, 100));
    expect(error.kind).toBe('no-ranges');
    expect(error.message).toContain('does not answer range requests');
  });

  it('an expired CDN address is resolved again through the Hub, once', async () => {
    let expired = false;
    const log: FakeLogEntry[] = [];
    const inner = fakeHubFetch(hub, log);
    const fetch: typeof inner = async (url, init) => {
      if (expired && url.startsWith(CDN) && !log.some((entry) => entry.url.startsWith(BASE) && entry.method === 'GET')) {
        log.push({ method: 'GET', url, headers: {}, status: 403, bytes: 0 });
        return { status: 403, ok: false, url, headers: { get: () => null }, arrayBuffer: async () => new ArrayBuffer(0), text: async () => '' };
      }
      return inner(url, init);
    };
    const buffer = await HttpRangeBuffer.open(`${BASE}/api/datasets/team/chats/parquet/default/test/0.parquet`, { fetch, headersFor: () => ({}), name: 'x' });
    expired = true;
    log.length = 0;
    const bytes = new Uint8Array(await buffer.slice(0, 4));
    expect(new TextDecoder().decode(bytes)).toBe('PAR1');
    expect(log.map((entry) => [entry.url.startsWith(CDN) ? 'cdn' : 'hub', entry.status])).toEqual([
      ['cdn', 403],
      ['hub', 302],
      ['cdn', 206],
    ]);
  });
});

describe('HttpRangeBuffer.resume', () => {
  it('reads as the buffer it describes, without asking for the size again', async () => {
    const { hubClient, log } = client();
    const [shard] = await hubClient.openSplit('team/chats', 'default', 'test');
    const description = shard!.buffer.describe();
    expect(description).toEqual({ url: `${BASE}/api/datasets/team/chats/parquet/default/test/0.parquet`, resolved: expect.stringMatching(/^https:\/\/cdn\.hub-files\.test\/files\//) as unknown as string, byteLength: shard1.byteLength });
    log.length = 0;
    const again = HttpRangeBuffer.resume(description, { fetch: fakeHubFetch(hub, log), headersFor: () => ({}), name: 'x' });
    const source = await ParquetSource.open(again);
    expect(source.count).toBe(50);
    expect(log.every((entry) => entry.method === 'GET' && entry.url.startsWith(CDN) && entry.status === 206)).toBe(true);
  });

  it('given the bytes another buffer fetched (its footer), reads them from memory', async () => {
    const { hubClient } = client();
    const [shard] = await hubClient.openSplit('team/chats', 'default', 'test');
    await ParquetSource.open(shard!.buffer);
    const kept = await shard!.buffer.kept();
    expect(kept.length).toBeGreaterThan(0);
    const log: FakeLogEntry[] = [];
    const again = HttpRangeBuffer.resume(shard!.buffer.describe(), { fetch: fakeHubFetch(hub, log), headersFor: () => ({}), name: 'x' }, kept);
    expect((await ParquetSource.open(again)).count).toBe(50);
    expect(log).toEqual([]);
  });
});

describe('a remote file\'s footer', () => {
  it('costs one read of at most FOOTER_READ_BYTES, not hyparquet\'s default half megabyte', async () => {
    const large = new Uint8Array(chatParquet(rows(0, 20_000), 1000));
    expect(large.byteLength).toBeGreaterThan(4 * FOOTER_READ_BYTES);
    const log: FakeLogEntry[] = [];
    const fetch = fakeHubFetch({ ...hub, datasets: { 'a/b': { splits: { c: { s: [large] } } } } }, log);
    const buffer = await HttpRangeBuffer.open(`${BASE}/api/datasets/a/b/parquet/c/s/0.parquet`, { fetch, headersFor: () => ({}), name: 'large' });
    const source = await ParquetSource.open(buffer);
    expect(source.count).toBe(20_000);
    expect(buffer.stats).toEqual({ requests: 1, bytes: FOOTER_READ_BYTES });
  });
});
