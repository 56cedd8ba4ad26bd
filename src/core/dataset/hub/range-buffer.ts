/**
 * A remote file as hyparquet's AsyncBuffer, read with HTTP range requests (`Range: bytes=a-b`,
 * answered 206): only the bytes the reader asks for cross the network. A server that answers a
 * range with the whole file (200) gets a clear error, and its body is not read. The address that
 * answered the size probe (after the Hub's redirect to its CDN) is used for the reads, so that a
 * read costs one round trip, not two; when that signed address has expired, the file is resolved
 * again once.
 *
 * hyparquet reads the footer (its last 512 KiB, then the rest of a larger metadata) and then
 * the chosen columns' chunks of a row group, already joined across gaps of up to 8 KiB. What
 * was fetched is kept (CACHE_BYTES, least recently used out first), so that a second look at
 * the footer, or a read inside a range fetched before, costs no request; a read smaller than
 * MIN_READ_BYTES is widened to it, so that a page header read alone does not cost its own
 * round trip.
 */
import type { AsyncBuffer } from 'hyparquet';
import type { FetchLike, ResponseLike } from './fetch-like.ts';
import { HubError } from './hub-error.ts';

/**
 * Reads are widened to this (8 KiB, hyparquet's own gap limit between chunks it joins): more
 * would fetch the bytes of columns nobody asked for (a row group's other columns lie between
 * the chosen ones), as the end-to-end test measures.
 */
export const MIN_READ_BYTES = 8 * 1024;
/**
 * Bytes kept from earlier reads (16 MiB): the footer (hyparquet asks for the last 512 KiB first)
 * and the chunks of the row group shown. More would hold row groups the dataset worker keeps
 * decoded anyway; raise it if a file's footer alone is larger.
 */
export const CACHE_BYTES = 16 * 1024 * 1024;

export interface RangeBufferOptions {
  fetch: FetchLike;
  /** Headers for a request to this address (the token goes to the Hub's own host only). */
  headersFor: (url: string) => Record<string, string>;
  /** The address's name in messages (the file's name). */
  name: string;
}

/** A remote file as plain data: its address, where that redirected to, its size. */
export interface RemoteFileDescription {
  url: string;
  resolved: string;
  byteLength: number;
}

/** Bytes of the file from `start`, fetched before. */
export interface KeptRange {
  start: number;
  bytes: ArrayBuffer;
}

interface Cached {
  start: number;
  end: number;
  bytes: Promise<ArrayBuffer>;
}

/** Bytes a-b inclusive, as the Range header says them. */
export function rangeHeader(start: number, end: number): string {
  return `bytes=${start}-${end - 1}`;
}

/** The total size from `Content-Range: bytes 0-0/1234` (undefined when absent or `*`). */
export function totalFromContentRange(value: string | null): number | undefined {
  const match = value ? /\/(\d+)\s*$/.exec(value) : null;
  return match ? Number(match[1]) : undefined;
}

export class HttpRangeBuffer implements AsyncBuffer {
  /** Requests made and bytes received for reads (the size probe excluded): what opening cost. */
  readonly stats = { requests: 0, bytes: 0 };
  private cache: Cached[] = [];
  private cachedBytes = 0;

  private constructor(
    /** The address the file was asked for (the Hub's). */
    readonly url: string,
    /** The address that answered (its CDN's, after redirects). */
    private resolved: string,
    readonly byteLength: number,
    private readonly options: RangeBufferOptions,
  ) {}

  /** Asks for the file's size (HEAD, or a one-byte range when HEAD says no length). */
  static async open(url: string, options: RangeBufferOptions): Promise<HttpRangeBuffer> {
    const { size, resolved } = await probe(url, options);
    return new HttpRangeBuffer(url, resolved, size, options);
  }

  /**
   * A file whose size was asked for already (elsewhere: another worker): what `describe` gave.
   * An AsyncBuffer holds functions, which cannot cross postMessage; its description can.
   */
  static resume(description: RemoteFileDescription, options: RangeBufferOptions, kept: readonly KeptRange[] = []): HttpRangeBuffer {
    const buffer = new HttpRangeBuffer(description.url, description.resolved, description.byteLength, options);
    for (const range of kept) buffer.remember({ start: range.start, end: range.start + range.bytes.byteLength, bytes: Promise.resolve(range.bytes) });
    return buffer;
  }

  /**
   * The bytes fetched so far (the footer, once read), to hand to the buffer `resume` makes in
   * another worker: it then reads the footer again from memory, not from the network.
   */
  async kept(): Promise<KeptRange[]> {
    const settled = await Promise.all(this.cache.map(async (entry) => ({ start: entry.start, bytes: await entry.bytes.catch(() => undefined) })));
    return settled.filter((range): range is KeptRange => range.bytes !== undefined);
  }

  describe(): RemoteFileDescription {
    return { url: this.url, resolved: this.resolved, byteLength: this.byteLength };
  }

  slice(start: number, end: number = this.byteLength): Promise<ArrayBuffer> {
    const from = Math.max(0, start);
    const to = Math.min(end, this.byteLength);
    if (to <= from) return Promise.resolve(new ArrayBuffer(0));
    const hit = this.cache.find((entry) => entry.start <= from && to <= entry.end);
    if (hit) {
      // Most recently used last.
      this.cache = [...this.cache.filter((entry) => entry !== hit), hit];
      return hit.bytes.then((bytes) => bytes.slice(from - hit.start, to - hit.start));
    }
    const wideEnd = Math.min(this.byteLength, Math.max(to, from + MIN_READ_BYTES));
    const bytes = this.fetchRange(from, wideEnd);
    if (wideEnd - from <= CACHE_BYTES / 2) this.remember({ start: from, end: wideEnd, bytes });
    return bytes.then((all) => (wideEnd === to ? all : all.slice(0, to - from)));
  }

  private remember(entry: Cached): void {
    this.cache.push(entry);
    this.cachedBytes += entry.end - entry.start;
    while (this.cachedBytes > CACHE_BYTES && this.cache.length > 1) {
      const old = this.cache.shift() as Cached;
      this.cachedBytes -= old.end - old.start;
    }
    // A failed read is not kept: the next slice asks again.
    entry.bytes.catch(() => {
      const at = this.cache.indexOf(entry);
      if (at >= 0) {
        this.cache.splice(at, 1);
        this.cachedBytes -= entry.end - entry.start;
      }
    });
  }

  private async fetchRange(start: number, end: number): Promise<ArrayBuffer> {
    let response = await this.get(this.resolved, start, end);
    if ((response.status === 403 || response.status === 410) && this.resolved !== this.url) {
      // The CDN's signed address expired: ask the Hub again, once.
      await response.body?.cancel().catch(() => undefined);
      response = await this.get(this.url, start, end);
      this.resolved = response.url || this.url;
    }
    if (response.status === 200) {
      await response.body?.cancel().catch(() => undefined);
      throw new HubError('no-ranges', `${this.options.name}: the server sent the whole file instead of the bytes asked for (it does not answer range requests), so Parley stopped rather than download it all.`);
    }
    if (response.status !== 206) throw statusError(response, this.options.name);
    const bytes = await response.arrayBuffer();
    if (bytes.byteLength !== end - start) throw new HubError('bad-answer', `${this.options.name}: asked for ${end - start} bytes at ${start}, received ${bytes.byteLength}.`);
    this.stats.requests++;
    this.stats.bytes += bytes.byteLength;
    return bytes;
  }

  private get(url: string, start: number, end: number): Promise<ResponseLike> {
    return send(this.options, url, { headers: { ...this.options.headersFor(url), Range: rangeHeader(start, end) } });
  }
}

async function probe(url: string, options: RangeBufferOptions): Promise<{ size: number; resolved: string }> {
  const head = await send(options, url, { method: 'HEAD', headers: options.headersFor(url) });
  if (!head.ok) throw statusError(head, options.name);
  const length = head.headers.get('content-length');
  // A compressed answer's length is not the file's.
  if (length !== null && /^\d+$/.test(length) && !head.headers.get('content-encoding')) return { size: Number(length), resolved: head.url || url };
  const first = await send(options, url, { headers: { ...options.headersFor(url), Range: rangeHeader(0, 1) } });
  await first.body?.cancel().catch(() => undefined);
  const size = first.status === 206 ? totalFromContentRange(first.headers.get('content-range')) : undefined;
  if (first.status === 200) throw new HubError('no-ranges', `${options.name}: the server does not answer range requests, so Parley stopped rather than download the whole file.`);
  if (size === undefined) throw new HubError('bad-answer', `${options.name}: the server did not say the file's size.`);
  return { size, resolved: first.url || url };
}

/** One request; a network failure becomes the offline error. */
export async function send(options: { fetch: FetchLike }, url: string, init: { method?: string; headers: Record<string, string> }): Promise<ResponseLike> {
  try {
    return await options.fetch(url, { ...init, credentials: 'omit', redirect: 'follow' });
  } catch (error) {
    throw new HubError('offline', `Could not reach ${hostOf(url)}: offline, or the network refused it (${error instanceof Error ? error.message : String(error)}).`);
  }
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** An answer that is not the one asked for, said plainly. */
export function statusError(response: ResponseLike, what: string): HubError {
  if (response.status === 401 || response.status === 403) return new HubError('auth', `${what}: access refused (HTTP ${response.status}): the dataset is gated or private, so it needs an access token from an account that was granted access.`);
  if (response.status === 404) return new HubError('not-found', `${what}: not found (HTTP 404).`);
  if (response.status === 416) return new HubError('bad-answer', `${what}: the server refused the byte range (HTTP 416).`);
  return new HubError('http', `${what}: the server answered HTTP ${response.status}.`);
}
