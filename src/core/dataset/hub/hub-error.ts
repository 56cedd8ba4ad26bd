/**
 * What went wrong talking to the Hub, said for people in one sentence, with a kind the app
 * acts on (offline: say so; auth: ask for a token; the others: say what is missing).
 */
export type HubErrorKind = 'offline' | 'auth' | 'not-found' | 'no-parquet' | 'no-ranges' | 'http' | 'bad-answer';

export class HubError extends Error {
  constructor(
    readonly kind: HubErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'HubError';
  }
}
