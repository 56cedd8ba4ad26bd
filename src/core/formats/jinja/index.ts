/**
 * Any `chat_template` as a format (see docs/jinja.md): rendered with `@huggingface/jinja`, with
 * spans recovered by marking fields (recover.ts). The renderer, the engine and the OpenAI chat
 * encoding it uses are one chunk loaded by `prepare`; until then a render says it is loading.
 */
import { error } from '../../model/diagnostic.ts';
import { conversation } from '../../model/builders.ts';
import { onDemandFormat } from '../on-demand.ts';
import type { Format, ParseResult } from '../types.ts';
import { CODES } from './codes.ts';
import { JINJA_DEFAULTS, JINJA_OPTIONS, type JinjaOptions } from './options.ts';

function parseJinja(): ParseResult {
  return { record: conversation([]), diagnostics: [error(CODES.cannotParse, 'A Jinja template cannot read its text back: a template is a program, not a grammar. Parse with a native format instead.')] };
}

const onDemand = onDemandFormat<JinjaOptions>(
  {
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
  },
  async () => ({ render: (await import('./render.ts')).renderJinja, parse: parseJinja }),
  'the Jinja template engine',
);

/** The parse needs no engine: it always says why a template cannot read text back. */
export const jinjaFormat: Format<JinjaOptions> = { ...onDemand, parse: parseJinja };

export { templateErrorPosition } from './positions.ts';
export { readTemplateSource, chooseTemplate, SPECIAL_TOKEN_KEYS, type TemplateSource, type NamedTemplate } from './template-source.ts';
export { DEFAULT_TEMPLATE as DEFAULT_JINJA_TEMPLATE, JINJA_DEFAULTS, type JinjaOptions } from './options.ts';
export { CODES as JINJA_CODES } from './codes.ts';
export { DEFAULT_TEMPLATE_BUDGET_STEPS } from './budget.ts';
export type { TemplatePosition } from './positions.ts';
