/**
 * A fake Hugging Face Hub for tests (never the network): the Parquet listing API and the files,
 * with range support, as a pure function of a request, so that unit tests (fakeHubFetch) and the
 * end-to-end test (Playwright's page.route) serve the same answers. Files are asked for at the
 * Hub's API address and, like the real Hub, redirected to a CDN address when `cdn` is set.
 */
import type { FetchLike, ResponseLike } from './fetch-like.ts';

export interface FakeHubDataset {
  /** config → split → the split's Parquet files, in order. */
  splits: Record<string, Record<string, Uint8Array[]>>;
  /** A token the dataset requires (gated): without it, 401; with another, 403. */
  token?: string;
}

export interface FakeHubOptions {
  base: string;
  datasets: Record<string, FakeHubDataset>;
  /** Where files are redirected to (a CDN's origin); default: served at the API address. */
  cdn?: string;
  /** Answer ranges with the whole file (200), as a server without range support does. */
  noRanges?: boolean;
  /** Datasets that exist but have no Parquet conversion. */
  unconverted?: string[];
}

export interface FakeAnswer {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
}

export interface FakeRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
}

const json = (value: unknown, status = 200): FakeAnswer => ({ status, headers: { 'content-type': 'application/json' }, body: new TextEncoder().encode(JSON.stringify(value)) });
const empty = (status: number): FakeAnswer => ({ status, headers: {}, body: new Uint8Array() });

/** The API address of a split's file n, as the Hub lists it. */
export function fakeFileUrl(base: string, id: string, config: string, split: string, n: number): string {
  return `${base}/api/datasets/${id}/parquet/${config}/${split}/${n}.parquet`;
}

export function fakeHubAnswer(options: FakeHubOptions, request: FakeRequest): FakeAnswer {
  if (!request.url.startsWith(`${options.base}/`) && !(options.cdn && request.url.startsWith(options.cdn))) return empty(404);
  // The API's path after the base address (which may have a path of its own: /fake-hub).
  const path = new URL(request.url).pathname.slice(new URL(options.base).pathname.replace(/\/$/, '').length);
  const header = (name: string): string | undefined => Object.entries(request.headers).find(([key]) => key.toLowerCase() === name)?.[1];
  const cdnPrefix = options.cdn ? `${options.cdn}/files/` : undefined;
  if (cdnPrefix && request.url.startsWith(cdnPrefix)) {
    const [id, config, split, n] = decodeURIComponent(request.url.slice(cdnPrefix.length)).split('|');
    const file = options.datasets[id ?? '']?.splits[config ?? '']?.[split ?? '']?.[Number(n)];
    return file ? serveFile(options, request, file) : empty(404);
  }
  // The id is `owner/name` (or a legacy `name`), then the API's path.
  const match = /^\/api\/datasets\/([^/]+(?:\/[^/]+)?)(\/parquet(?:\/([^/]+)\/([^/]+)(?:\/(\d+)\.parquet)?)?)?$/.exec(path);
  if (!match) return empty(404);
  const [, id = '', rest, rawConfig, rawSplit, n] = match;
  if (options.unconverted?.includes(id)) return rest === undefined ? json({ id }) : json({ error: 'not converted' }, 404);
  const dataset = options.datasets[id];
  if (!dataset) return json({ error: 'Repository not found' }, 401);
  if (dataset.token !== undefined) {
    const auth = header('authorization');
    if (auth === undefined) return json({ error: 'gated' }, 401);
    if (auth !== `Bearer ${dataset.token}`) return json({ error: 'forbidden' }, 403);
  }
  if (rest === undefined) return json({ id });
  const config = rawConfig === undefined ? undefined : decodeURIComponent(rawConfig);
  const split = rawSplit === undefined ? undefined : decodeURIComponent(rawSplit);
  if (config === undefined) {
    const listing: Record<string, Record<string, string[]>> = {};
    for (const [c, splits] of Object.entries(dataset.splits)) listing[c] = Object.fromEntries(Object.entries(splits).map(([s, files]) => [s, files.map((_, i) => fakeFileUrl(options.base, id, c, s, i))]));
    return json(listing);
  }
  const files = dataset.splits[config]?.[split ?? ''];
  if (!files) return json({ error: 'not found' }, 404);
  if (n === undefined) return json(files.map((_, i) => fakeFileUrl(options.base, id, config, split as string, i)));
  const file = files[Number(n)];
  if (!file) return empty(404);
  if (cdnPrefix) return { status: 302, headers: { location: `${cdnPrefix}${encodeURIComponent([id, config, split, n].join('|'))}` }, body: new Uint8Array() };
  return serveFile(options, request, file);
}

function serveFile(options: FakeHubOptions, request: FakeRequest, file: Uint8Array): FakeAnswer {
  const range = Object.entries(request.headers).find(([key]) => key.toLowerCase() === 'range')?.[1];
  const headers = { 'content-type': 'application/octet-stream', 'accept-ranges': options.noRanges ? 'none' : 'bytes' };
  if (request.method === 'HEAD') return { status: 200, headers: { ...headers, 'content-length': String(file.byteLength) }, body: new Uint8Array() };
  const parsed = range ? /^bytes=(\d+)-(\d+)$/.exec(range) : null;
  if (!parsed || options.noRanges) return { status: 200, headers: { ...headers, 'content-length': String(file.byteLength) }, body: file };
  const start = Number(parsed[1]);
  const end = Math.min(Number(parsed[2]), file.byteLength - 1);
  if (start >= file.byteLength || end < start) return { status: 416, headers: { 'content-range': `bytes */${file.byteLength}` }, body: new Uint8Array() };
  return { status: 206, headers: { ...headers, 'content-range': `bytes ${start}-${end}/${file.byteLength}`, 'content-length': String(end - start + 1) }, body: file.slice(start, end + 1) };
}

/** Every request the fake fetch was asked, with what it answered. */
export interface FakeLogEntry extends FakeRequest {
  status: number;
  bytes: number;
}

/** A fetch that answers from the fake Hub and follows its redirects as a browser's fetch does (the Authorization header dropped across origins). */
export function fakeHubFetch(options: FakeHubOptions, log: FakeLogEntry[] = [], offline = false): FetchLike {
  return async (url, init = {}) => {
    if (offline) throw new TypeError('Failed to fetch');
    let current = url;
    let headers = { ...(init.headers ?? {}) };
    for (let hop = 0; hop < 5; hop++) {
      const request = { method: init.method ?? 'GET', url: current, headers };
      const answer = fakeHubAnswer(options, request);
      log.push({ ...request, status: answer.status, bytes: answer.body.byteLength });
      const location = answer.headers.location;
      if (answer.status === 302 && location) {
        const next = new URL(location, current).href;
        if (new URL(next).origin !== new URL(current).origin) headers = Object.fromEntries(Object.entries(headers).filter(([key]) => key.toLowerCase() !== 'authorization'));
        current = next;
        continue;
      }
      return responseOf(answer, current);
    }
    throw new TypeError('too many redirects');
  };
}

function responseOf(answer: FakeAnswer, url: string): ResponseLike {
  const body = answer.body;
  return {
    status: answer.status,
    ok: answer.status >= 200 && answer.status < 300,
    url,
    headers: { get: (name) => answer.headers[name.toLowerCase()] ?? null },
    body: { cancel: () => Promise.resolve() },
    arrayBuffer: () => Promise.resolve(body.slice().buffer),
    text: () => Promise.resolve(new TextDecoder().decode(body)),
  };
}
