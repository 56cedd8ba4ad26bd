/**
 * The Hub access token for this session: in this module's memory only, never written to
 * localStorage, IndexedDB, the autosaved session or a share link (hub-session.test.ts and the
 * end-to-end test check), so it is gone when the tab closes. It is sent to the Hub's own host
 * only (core/dataset/hub/hub-client.ts).
 */
let token: string | undefined;

export function sessionToken(): string | undefined {
  return token;
}

export function setSessionToken(next: string | undefined): void {
  const trimmed = next?.trim();
  token = trimmed ? trimmed : undefined;
}
