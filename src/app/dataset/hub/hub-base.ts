/**
 * Where the Hugging Face Hub is: https://huggingface.co unless the person set another address
 * (a preference, kept in this browser), a build set VITE_PARLEY_HUB_BASE, or the page's address
 * says `?hub=…` (how the end-to-end tests point it at a fake Hub served by the app's own origin).
 * The built site's Content-Security-Policy still allows only the app's origin and the Hub's hosts
 * (vite.config.ts): another address fails there, by design.
 */
import { DEFAULT_HUB_BASE } from '../../../core/index.ts';
import { readPreference, writePreference } from '../../persistence/preferences.ts';

const PREFERENCE = 'hub-base';

/** `?hub=/fake` or `?hub=https://…`, resolved against the page; undefined when absent or not http(s). */
function fromPageAddress(): string | undefined {
  if (typeof location === 'undefined') return undefined;
  const value = new URLSearchParams(location.search).get('hub');
  return value ? httpAddress(value, location.href) : undefined;
}

/** The address as an absolute http(s) URL without a trailing slash, or undefined. */
export function httpAddress(text: string, relativeTo?: string): string | undefined {
  try {
    const url = new URL(text.trim(), relativeTo);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    return url.href.replace(/\/+$/, '');
  } catch {
    return undefined;
  }
}

export function hubBase(): string {
  return fromPageAddress() ?? readPreference(PREFERENCE) ?? httpAddress(import.meta.env.VITE_PARLEY_HUB_BASE ?? '') ?? DEFAULT_HUB_BASE;
}

/** Keep another address (or the default again, when `text` is empty); the reason when it is not an address. */
export function setHubBase(text: string): string | null {
  if (text.trim() === '') {
    writePreference(PREFERENCE, DEFAULT_HUB_BASE);
    return null;
  }
  const address = httpAddress(text);
  if (!address) return `"${text}" is not an http(s) address.`;
  writePreference(PREFERENCE, address);
  return null;
}
