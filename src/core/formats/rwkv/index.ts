/** The RWKV universal chat template (spec 004; see docs/formats.md, 'RWKV universal template'). */
import type { Format } from '../types.ts';
import { RWKV_ROLES } from './roles.ts';
import { RWKV_DEFAULTS, RWKV_OPTIONS, type RwkvOptions } from './options.ts';
import { parseRwkv } from './parse.ts';
import { renderRwkv } from './render.ts';
import { SPECIAL_TOKENS } from './tokens.ts';

export const rwkvFormat: Format<RwkvOptions> = {
  id: 'rwkv',
  label: 'RWKV universal template',
  description: 'Text-only transcript of <<SYS>>, <<USER>>, <<ASSISTANT>>, <<TOOL_CALL>> and <<TOOL_RESULT>> blocks separated by blank lines (RWKV-7).',
  options: RWKV_OPTIONS,
  defaults: RWKV_DEFAULTS,
  specialTokens: SPECIAL_TOKENS,
  recordKinds: ['chat'],
  roles: RWKV_ROLES,
  render: renderRwkv,
  parse: parseRwkv,
};

export { renderRwkv, parseRwkv, RWKV_DEFAULTS };
export type { RwkvOptions };
export { IMAGE_PLACEHOLDER as RWKV_IMAGE_PLACEHOLDER } from './plan.ts';
export { escapeAttribute as escapeRwkvAttribute } from './attributes.ts';
