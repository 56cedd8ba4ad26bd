/**
 * The native format a chat template belongs to, so that Compare can open a pasted template
 * against the format Parley renders natively from it (a Qwen2.5 template against ChatML, Llama
 * 3.1's against Llama 3.1). Known by the template's hash (template-hash.ts, of the official
 * templates in ../shared/reference: a test checks each one), else by the model a
 * tokenizer_config.json names. Only exact identities count: a template that is merely alike
 * (another Qwen, an edited copy) matches nothing, since then differences are real.
 */
import { templateHash } from './template-hash.ts';

export interface NativeMatch {
  formatId: string;
  /** The model whose template it is, for the sentence that says why this side was chosen. */
  model: string;
  by: 'hash' | 'model';
}

interface KnownTemplate {
  formatId: string;
  model: string;
  /** templateHash of the model's official chat_template. */
  hash: string;
  /** A model name (a config's name_or_path) of this family of templates. */
  names: RegExp;
}

export const KNOWN_TEMPLATES: readonly KnownTemplate[] = [
  { formatId: 'chatml', model: 'Qwen/Qwen2.5-7B-Instruct', hash: 'e21d167d02f51e4b', names: /(^|\/)Qwen2\.5-\d+(\.\d+)?B-Instruct$/i },
  { formatId: 'llama3', model: 'meta-llama/Llama-3.1-8B-Instruct', hash: '6436cd38963abb16', names: /(^|\/)(Meta-)?Llama-3\.1-\d+B-Instruct$/i },
  { formatId: 'apertus', model: 'swiss-ai/Apertus-8B-Instruct', hash: 'b99153eab51dc290', names: /(^|\/)Apertus-\d+B(-Instruct)?(-\d+)?$/i },
  { formatId: 'harmony', model: 'openai/gpt-oss-20b', hash: '22c2e304f7eead8e', names: /(^|\/)gpt-oss-\d+b$/i },
];

/** The native format of `template` (by its hash), else of the model a config's text names. */
export function nativeMatchOf(template: string, configText?: string): NativeMatch | undefined {
  const hash = templateHash(template);
  const known = KNOWN_TEMPLATES.find((entry) => entry.hash === hash);
  if (known) return { formatId: known.formatId, model: known.model, by: 'hash' };
  const model = configText === undefined ? undefined : modelNamed(configText);
  const named = model === undefined ? undefined : KNOWN_TEMPLATES.find((entry) => entry.names.test(model));
  return named && model !== undefined ? { formatId: named.formatId, model, by: 'model' } : undefined;
}

/** The `name_or_path` (or `_name_or_path`) a tokenizer_config.json holds, if it is JSON and has one. */
export function modelNamed(configText: string): string | undefined {
  if (!configText.trimStart().startsWith('{')) return undefined;
  try {
    const json = JSON.parse(configText) as unknown;
    if (typeof json !== 'object' || json === null) return undefined;
    const record = json as Record<string, unknown>;
    const name = record.name_or_path ?? record._name_or_path;
    return typeof name === 'string' && name !== '' ? name : undefined;
  } catch {
    return undefined;
  }
}
