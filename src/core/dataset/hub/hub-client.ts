/**
 * The Hugging Face Hub's Parquet conversion of a dataset: its configs and splits, and a split's
 * Parquet files as range-read AsyncBuffers (range-buffer.ts). The Hub converts every public
 * dataset to Parquet under refs/convert/parquet and lists it at
 *   GET {base}/api/datasets/{id}/parquet                  → { config: { split: [url, …] } }
 *   GET {base}/api/datasets/{id}/parquet/{config}/{split} → [url, …]
 * (the URLs redirect to the files on its CDN). No fetch of its own: the app passes one.
 *
 * The token, when given, is sent as `Authorization: Bearer …` to the base address's host only,
 * never to the CDN the files redirect to; this client keeps it in memory and nowhere else.
 */
import type { FetchLike, ResponseLike } from './fetch-like.ts';
import { HubError } from './hub-error.ts';
import { HttpRangeBuffer, send, statusError } from './range-buffer.ts';

export const DEFAULT_HUB_BASE = 'https://huggingface.co';

/** config → split → its Parquet files' URLs, in order. */
export type ParquetListing = Record<string, Record<string, string[]>>;

/** One Parquet file of a split, as the dataset worker takes it. */
export interface HubShard {
  name: string;
  url: string;
  buffer: HttpRangeBuffer;
}

export interface HubClientOptions {
  /** The Hub's address (default https://huggingface.co); tests serve a fake one. */
  base?: string;
  fetch: FetchLike;
  /** An access token for gated or private datasets. */
  token?: string;
  /** False when the browser knows it is offline: then nothing is asked. */
  isOnline?: () => boolean;
}

/** How many files' sizes are asked for at once (a split may have hundreds of shards). */
export const SIZE_REQUESTS_AT_ONCE = 6;

/** `owner/name` or a legacy single `name`, as the Hub spells dataset ids. */
export function isDatasetId(text: string): boolean {
  return /^[A-Za-z0-9][\w.-]*(\/[A-Za-z0-9][\w.-]*)?$/.test(text) && !text.includes('..');
}

export class HubClient {
  readonly base: string;
  private readonly token: string | undefined;

  constructor(private readonly options: HubClientOptions) {
    this.base = (options.base ?? DEFAULT_HUB_BASE).replace(/\/+$/, '');
    const token = options.token?.trim();
    this.token = token ? token : undefined;
  }

  /** The token goes to the Hub's own host only (never to its CDN). */
  headersFor = (url: string): Record<string, string> => {
    if (this.token === undefined || !sameOrigin(url, this.base)) return {};
    return { Authorization: `Bearer ${this.token}` };
  };

  /** Every config and split that has Parquet files. */
  async listParquet(id: string): Promise<ParquetListing> {
    const answer = await this.getJson(this.datasetUrl(id, '/parquet'), id, `the dataset ${id}`);
    const listing = parseListing(answer);
    if (!listing) throw new HubError('bad-answer', `The Hub's list of Parquet files for ${id} is not in the expected form.`);
    if (Object.keys(listing).length === 0) throw noParquet(id);
    return listing;
  }

  /** The Parquet files of one split, in order. */
  async splitFiles(id: string, config: string, split: string): Promise<string[]> {
    const what = `split "${split}" of config "${config}" of ${id}`;
    const answer = await this.getJson(this.datasetUrl(id, `/parquet/${encodeURIComponent(config)}/${encodeURIComponent(split)}`), id, what);
    if (!Array.isArray(answer) || !answer.every((url) => typeof url === 'string')) throw new HubError('bad-answer', `The Hub's list of files for the ${what} is not a list of addresses.`);
    if (answer.length === 0) throw new HubError('no-parquet', `The ${what} has no Parquet files.`);
    return answer.map((url) => new URL(url, `${this.base}/`).href);
  }

  /** The split's files as range-read buffers, their sizes asked for (a few at a time). */
  async openSplit(id: string, config: string, split: string): Promise<HubShard[]> {
    const urls = await this.splitFiles(id, config, split);
    const shards: HubShard[] = new Array<HubShard>(urls.length);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < urls.length) {
        const at = next++;
        const url = urls[at] as string;
        const name = `${id}/${config}/${split}/${fileName(url, at)}`;
        shards[at] = { name, url, buffer: await HttpRangeBuffer.open(url, { fetch: this.options.fetch, headersFor: this.headersFor, name }) };
      }
    };
    await Promise.all(Array.from({ length: Math.min(SIZE_REQUESTS_AT_ONCE, urls.length) }, worker));
    return shards;
  }

  private datasetUrl(id: string, rest: string): string {
    if (!isDatasetId(id)) throw new HubError('not-found', `"${id}" is not a dataset id (owner/name, as on its Hub page).`);
    return `${this.base}/api/datasets/${id}${rest}`;
  }

  private async getJson(url: string, id: string, what: string): Promise<unknown> {
    if (this.options.isOnline && !this.options.isOnline()) throw new HubError('offline', `You are offline: ${id} is read from ${hostName(this.base)}. Open a local file instead, or try again once online.`);
    const response = await send(this.options, url, { headers: { Accept: 'application/json', ...this.headersFor(url) } });
    if (!response.ok) throw await this.answerError(response, id, what);
    try {
      return JSON.parse(await response.text()) as unknown;
    } catch {
      throw new HubError('bad-answer', `The Hub's answer about ${what} is not JSON.`);
    }
  }

  /** 401/403 say whether a token was given; a 404 of a dataset that exists means it has no Parquet conversion. */
  private async answerError(response: ResponseLike, id: string, what: string): Promise<HubError> {
    const status = response.status;
    if (status === 401 || status === 403) {
      return new HubError(
        'auth',
        this.token === undefined
          ? `${id}: access refused (HTTP ${status}). It is gated or private (or does not exist): give an access token from a Hugging Face account that has access.`
          : `${id}: the token was refused (HTTP ${status}). Check that it is valid and that its account was granted access to this dataset (gated datasets are requested on their Hub page).`,
      );
    }
    if (status === 404) {
      if (what === `the dataset ${id}` && (await this.exists(id))) return noParquet(id);
      return new HubError('not-found', what === `the dataset ${id}` ? `No dataset ${id} on the Hub (check the id; a private one needs a token).` : `No ${what} on the Hub.`);
    }
    return statusError(response, what);
  }

  private async exists(id: string): Promise<boolean> {
    try {
      const url = this.datasetUrl(id, '');
      const response = await send(this.options, url, { headers: { Accept: 'application/json', ...this.headersFor(url) } });
      await response.body?.cancel().catch(() => undefined);
      return response.ok;
    } catch {
      return false;
    }
  }
}

function noParquet(id: string): HubError {
  return new HubError('no-parquet', `${id} has no Parquet conversion on the Hub (the Hub converts datasets it can read; this one was not converted), so it cannot be read by parts.`);
}

function parseListing(answer: unknown): ParquetListing | undefined {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return undefined;
  const listing: ParquetListing = {};
  for (const [config, splits] of Object.entries(answer)) {
    if (typeof splits !== 'object' || splits === null || Array.isArray(splits)) return undefined;
    const byName: Record<string, string[]> = {};
    for (const [split, urls] of Object.entries(splits as Record<string, unknown>)) {
      if (!Array.isArray(urls) || !urls.every((url) => typeof url === 'string')) return undefined;
      byName[split] = urls as string[];
    }
    listing[config] = byName;
  }
  return listing;
}

function sameOrigin(url: string, base: string): boolean {
  try {
    return new URL(url).origin === new URL(base).origin;
  } catch {
    return false;
  }
}

function hostName(base: string): string {
  try {
    return new URL(base).host;
  } catch {
    return base;
  }
}

/** `0.parquet` from `…/parquet/default/train/0.parquet`, or the shard's number. */
function fileName(url: string, at: number): string {
  const last = url.split(/[?#]/)[0]?.split('/').pop();
  return last ? decodeURIComponent(last) : `${at}.parquet`;
}
