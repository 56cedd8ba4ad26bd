/**
 * Any `chat_template` as a format (see docs/jinja.md): rendered with `@huggingface/jinja`,
 * loaded on demand (`prepare`), with spans recovered by marking fields (recover.ts).
 */
import { error } from '../../model/diagnostic.ts';
import { conversation } from '../../model/builders.ts';
import type { Format, ParseResult } from '../types.ts';
import { CODES } from './codes.ts';
import { loadJinjaEngine } from './engine.ts';
import { JINJA_DEFAULTS, JINJA_OPTIONS, type JinjaOptions } from './options.ts';
import { renderJinja } from './render.ts';

function parseJinja(): ParseResult {
  return { record: conversation([]), diagnostics: [error(CODES.cannotParse, 'A Jinja template cannot read its text back: a template is a program, not a grammar. Parse with a native format instead.')] };
}

export const jinjaFormat: Format<JinjaOptions> = {
  id: 'jinja',
  label: 'Jinja template',
  description: 'Any Hugging Face chat_template, rendered with @huggingface/jinja; spans are recovered by locating each field in the output.',
  options: JINJA_OPTIONS,
  defaults: JINJA_DEFAULTS,
  specialTokens: [
    { token: '<|im_start|>', doc: 'ChatML: opens a turn, followed by the role (the default template).' },
    { token: '<|im_end|>', doc: 'ChatML: closes a turn (the default template).' },
  ],
  recordKinds: ['chat'],
  // The JSON a template takes: input read as it reaches the template as it was written.
  nativeDialect: 'openai-chat',
  nativeKeepsUnknown: true,
  parsesBack: false,
  prepare: loadJinjaEngine,
  render: renderJinja,
  parse: parseJinja,
};

export { renderJinja, templateErrorPosition } from './render.ts';
export { loadJinjaEngine, jinjaEngineReady } from './engine.ts';
export { readTemplateSource, chooseTemplate, SPECIAL_TOKEN_KEYS, type TemplateSource, type NamedTemplate } from './template-source.ts';
export { DEFAULT_TEMPLATE as DEFAULT_JINJA_TEMPLATE, JINJA_DEFAULTS, type JinjaOptions } from './options.ts';
export { CODES as JINJA_CODES } from './codes.ts';
export type { TemplatePosition } from './syntax-position.ts';
