/**
 * Small view preferences (theme choice, pane size) in localStorage: read synchronously at
 * start-up so that the first paint already uses them. They are not part of the document.
 */
const PREFIX = 'parley.pref.';

export function readPreference(key: string): string | undefined {
  try {
    return localStorage.getItem(PREFIX + key) ?? undefined;
  } catch {
    return undefined; // Storage disabled (sandboxed iframe, strict privacy settings).
  }
}

export function writePreference(key: string, value: string): void {
  try {
    localStorage.setItem(PREFIX + key, value);
  } catch {
    // Not kept across reloads; the app keeps working.
  }
}
