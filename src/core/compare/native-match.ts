/**
 * The native format a chat template belongs to, so that Compare can open a pasted template
 * against the format Parley renders natively from it (a Qwen2.5 template against ChatML, Llama
 * 3.1's against Llama 3.1). Read from the one table of known templates
 * (formats/jinja/known-templates.ts): by the template's hash, else by a model a
 * tokenizer_config.json names that ships that very template (a model that only shares its
 * tokenizer says nothing of its template).
 */
import { knownTemplateOf, parseConfigText } from '../formats/jinja/known-templates.ts';

export interface NativeMatch {
  formatId: string;
  /** The model whose template it is, for the sentence that says why this side was chosen. */
  model: string;
  by: 'hash' | 'model';
}

/** The native format of `template` (by its hash), else of the model a config's text names. */
export function nativeMatchOf(template: string, configText?: string): NativeMatch | undefined {
  const match = knownTemplateOf(template, configText === undefined ? undefined : parseConfigText(configText));
  if (match === undefined || match.by === 'family' || match.known.formatId === undefined) return undefined;
  return { formatId: match.known.formatId, model: match.model, by: match.by };
}
