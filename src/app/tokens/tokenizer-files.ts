/**
 * Files a person gave for a tokenizer (picker or drop): which one is tokenizer.json and which
 * tokenizer_config.json, by content (a tokenizer.json has a "model"), so that names like
 * `apertus-tokenizer.json` work too. Read and parsed in the token worker, never on the page: a
 * tokenizer.json can be tens of megabytes, and parsing it on the main thread froze the page for
 * seconds (issue 20).
 */
import { parseTokenizerJson, TokenizerLoadError } from '../../core/tokens/check.ts';
import type { TokenizerFiles } from '../../core/tokens/types.ts';

export type ReadTokenizerFiles = { ok: true; name: string; files: TokenizerFiles } | { ok: false; message: string };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Pure part: the parsed files (name → JSON) sorted into tokenizer and config. */
export function sortTokenizerFiles(parsed: readonly { name: string; json: unknown }[]): ReadTokenizerFiles {
  const tokenizer = parsed.find((file) => isObject(file.json) && isObject(file.json.model));
  if (!tokenizer) return { ok: false, message: `${parsed.map((f) => f.name).join(', ') || 'No file'}: none of these is a tokenizer.json (it has a "model").` };
  const config = parsed.find((file) => file !== tokenizer && isObject(file.json));
  return { ok: true, name: tokenizer.name, files: config ? { tokenizer: tokenizer.json, config: config.json } : { tokenizer: tokenizer.json } };
}

/** Reads and parses the files (in the worker); a file that cannot be read or is not JSON is said by name. */
export async function readTokenizerFiles(files: readonly File[]): Promise<ReadTokenizerFiles> {
  const parsed: { name: string; json: unknown }[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = await file.text();
    } catch (error) {
      return { ok: false, message: `${file.name}: cannot be read (${error instanceof Error ? error.message : String(error)}).` };
    }
    try {
      parsed.push({ name: file.name, json: parseTokenizerJson(text, file.name) });
    } catch (error) {
      if (error instanceof TokenizerLoadError) return { ok: false, message: error.message };
      throw error;
    }
  }
  return sortTokenizerFiles(parsed);
}
