/**
 * A small Monarch language for the JSON view: keys, strings, numbers, literals, punctuation, in
 * the classes the preview's themes colour (language/monarch.ts). Monaco's own JSON language
 * would add a worker and schema validation; the dialect's decoder reports problems instead.
 */
import type { languages } from 'monaco-editor/editor';
import { TOKEN_CLASSES } from '../language/monarch.ts';
import type { Monaco } from '../monaco-env.ts';

export const JSON_VIEW_LANGUAGE = 'parley-json-view';

const STRING = /"(?:[^"\\]|\\.)*"?/;

export const jsonViewLanguage: languages.IMonarchLanguage = {
  defaultToken: TOKEN_CLASSES.text,
  tokenizer: {
    root: [
      [/\s+/, TOKEN_CLASSES.white],
      // A string followed by a colon on the same line is a key (the view writes one member per line).
      [new RegExp(`${STRING.source}(?=\\s*:)`), TOKEN_CLASSES.key],
      [STRING, TOKEN_CLASSES.string],
      [/-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/, TOKEN_CLASSES.number],
      [/\b(?:true|false|null)\b/, TOKEN_CLASSES.literal],
      [/[{}[\]]/, TOKEN_CLASSES.bracket],
      [/[,:]/, TOKEN_CLASSES.delimiter],
    ],
  },
};

let registered = false;

export function ensureJsonViewLanguage(monaco: Monaco): string {
  if (!registered) {
    monaco.languages.register({ id: JSON_VIEW_LANGUAGE, aliases: ['JSON (Parley view)'] });
    monaco.languages.setMonarchTokensProvider(JSON_VIEW_LANGUAGE, jsonViewLanguage);
    registered = true;
  }
  return JSON_VIEW_LANGUAGE;
}
