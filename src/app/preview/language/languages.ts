/**
 * One Monaco language per chat format (`parley-apertus`, `parley-rwkv`, …), registered the
 * first time the preview shows that format, with a Monarch tokenizer built from the format's
 * special tokens. A format added to the registry gets its language with no change here.
 */
import { findFormat } from '../../../core/index.ts';
import type { Monaco } from '../monaco-env.ts';
import { buildMonarchLanguage } from './monarch.ts';

const registered = new Set<string>();

export function languageIdFor(formatId: string): string {
  return `parley-${formatId}`;
}

/** The language id for `formatId`, registering it on first use; `plaintext` for an unknown format. */
export function ensureLanguage(monaco: Monaco, formatId: string): string {
  const format = findFormat(formatId);
  if (!format) return 'plaintext';
  const id = languageIdFor(formatId);
  if (!registered.has(id)) {
    monaco.languages.register({ id, aliases: [`${format.label} (Parley)`] });
    monaco.languages.setMonarchTokensProvider(id, buildMonarchLanguage(format.specialTokens));
    registered.add(id);
  }
  return id;
}
