/**
 * The part of `fetch` the Hub client uses. Core makes no request of its own: the app passes the
 * browser's fetch, tests a fake one (the real Response satisfies these types).
 */
export interface ResponseLike {
  readonly status: number;
  readonly ok: boolean;
  /** The address that answered, after redirects (the Hub sends files on to its CDN). */
  readonly url: string;
  readonly headers: { get(name: string): string | null };
  readonly body?: { cancel(): Promise<void> } | null;
  arrayBuffer(): Promise<ArrayBuffer>;
  text(): Promise<string>;
}

export interface RequestLike {
  method?: string;
  headers?: Record<string, string>;
  /** Cookies are never sent: a token, when given, is the only credential. */
  credentials?: 'omit';
  /** Follow redirects (the default of fetch; said so that a fake can check it). */
  redirect?: 'follow';
}

export type FetchLike = (url: string, init?: RequestLike) => Promise<ResponseLike>;
