import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_HUB_BASE } from '../../../core/index.ts';
import { httpAddress, hubBase, setHubBase } from './hub-base.ts';
import { sessionToken, setSessionToken } from './hub-session.ts';

/** A localStorage for Node, to see what is written. */
function fakeStorage(): Map<string, string> {
  const map = new Map<string, string>();
  vi.stubGlobal('localStorage', { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value), removeItem: (key: string) => void map.delete(key) });
  return map;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setSessionToken(undefined);
});

describe('the Hub base address', () => {
  it('is huggingface.co, or the address kept, or the page’s ?hub= (relative to the page)', () => {
    fakeStorage();
    expect(hubBase()).toBe(DEFAULT_HUB_BASE);
    expect(setHubBase('https://hub.example.org/')).toBeNull();
    expect(hubBase()).toBe('https://hub.example.org');
    vi.stubGlobal('location', new URL('http://127.0.0.1:5207/app/?hub=fake-hub'));
    expect(hubBase()).toBe('http://127.0.0.1:5207/app/fake-hub');
  });

  it('refuses what is not an http(s) address, and an empty one means the default again', () => {
    fakeStorage();
    expect(setHubBase('javascript:alert(1)')).toBe('"javascript:alert(1)" is not an http(s) address.');
    expect(httpAddress('not a url')).toBeUndefined();
    expect(setHubBase('')).toBeNull();
    expect(hubBase()).toBe(DEFAULT_HUB_BASE);
  });
});

describe('the session token', () => {
  it('is kept in memory only: nothing is written to localStorage', () => {
    const written = fakeStorage();
    setSessionToken('  hf_secret  ');
    expect(sessionToken()).toBe('hf_secret');
    setHubBase('https://huggingface.co');
    expect([...written.values()].join('\n')).not.toContain('hf_secret');
    setSessionToken('');
    expect(sessionToken()).toBeUndefined();
  });
});
