/**
 * Unknown fields of one dialect that another dialect has under its own name (API references of
 * OpenAI Chat Completions, OpenAI Responses and Anthropic Messages; spec 002 for `signature`).
 * A field kept in `extra` by one dialect's reader is written by another only through this
 * table; whatever has no row here is reported lost (`Losses.extraOf`).
 *
 * Names are keys of `extra` at the object's level; a dotted name reaches into a nested object
 * (`image_url.detail`: Chat Completions keeps `detail` inside `image_url`, Responses beside the
 * URL). Each dialect lists its names for a field, the first being the one it writes.
 */
import type { Extra } from '../../model/types.ts';
import type { DialectId } from './dialects.ts';
import { isObject } from '../../shared/json.ts';
import { convertToolChoice } from './tool-choice.ts';

/** Which model object the fields belong to. */
export type ExtraLevel = 'document' | 'message' | 'text' | 'image' | 'thoughts' | 'call' | 'tool';

interface Equivalent {
  names: Partial<Record<DialectId, readonly string[]>>;
  /** The value in the target's terms, or undefined when it has none (then the field is lost). */
  convert?: (value: unknown, from: string, to: string) => unknown;
}

const REQUEST_APIS = ['openai-chat', 'openai-responses', 'anthropic'] as const;
const everywhere = (key: string, convert?: Equivalent['convert']): Equivalent => ({ names: Object.fromEntries(REQUEST_APIS.map((d) => [d, [key]])), ...(convert ? { convert } : {}) });
const openAi = (key: string): Equivalent => ({ names: { 'openai-chat': [key], 'openai-responses': [key] } });

/** Anthropic's temperature runs from 0 to 1, OpenAI's to 2: a higher one has no Anthropic value. */
function temperature(value: unknown, _from: string, to: string): unknown {
  return to === 'anthropic' && typeof value === 'number' && value > 1 ? undefined : value;
}

/** Chat Completions `stop` is a string or a list; Anthropic `stop_sequences` a list. */
function stop(value: unknown, _from: string, to: string): unknown {
  return to === 'anthropic' && typeof value === 'string' ? [value] : value;
}

const EQUIVALENTS: Record<ExtraLevel, readonly Equivalent[]> = {
  document: [
    everywhere('model'),
    everywhere('temperature', temperature),
    everywhere('top_p'),
    everywhere('stream'),
    // Chat Completions' current name first (`max_tokens` is its deprecated one).
    { names: { 'openai-chat': ['max_completion_tokens', 'max_tokens'], 'openai-responses': ['max_output_tokens'], anthropic: ['max_tokens'] } },
    { names: { 'openai-chat': ['stop'], anthropic: ['stop_sequences'] }, convert: stop },
    everywhere('tool_choice', convertToolChoice),
    { names: { 'openai-chat': ['reasoning_effort'], 'openai-responses': ['reasoning.effort'] } },
    openAi('metadata'),
    openAi('user'),
    openAi('store'),
    openAi('parallel_tool_calls'),
    openAi('service_tier'),
    openAi('prompt_cache_key'),
    openAi('safety_identifier'),
  ],
  message: [],
  text: [],
  image: [{ names: { 'openai-chat': ['image_url.detail'], 'openai-responses': ['detail'] } }],
  // Ailoy's message carries the thinking signature of Anthropic models beside `reasoning`.
  thoughts: [{ names: { anthropic: ['signature'], 'chat-completion': ['signature'] } }],
  call: [],
  // A flat tool's keys (see shared/tools.ts): `strict` is beside `name` in both OpenAI APIs.
  tool: [openAi('strict')],
};

/** Raw source objects (unknown blocks, kept parts) that another dialect has with the same shape. */
const RAW_EQUIVALENTS: readonly { type: string; dialects: readonly DialectId[] }[] = [
  // An assistant refusal: `{"type": "refusal", "refusal": "…"}` in both OpenAI APIs.
  { type: 'refusal', dialects: ['openai-chat', 'openai-responses'] },
];

export function rawFits(raw: unknown, from: string, to: string): boolean {
  const type = isObject(raw) ? raw.type : undefined;
  return RAW_EQUIVALENTS.some((e) => e.type === type && (e.dialects as readonly string[]).includes(from) && (e.dialects as readonly string[]).includes(to));
}

function namesOf(equivalent: Equivalent, dialect: string): readonly string[] | undefined {
  return (equivalent.names as Record<string, readonly string[] | undefined>)[dialect];
}

function getPath(object: Extra | undefined, name: string): unknown {
  let value: unknown = object;
  for (const key of name.split('.')) value = isObject(value) ? value[key] : undefined;
  return value;
}

/** `object` with the value at `name` set (nested objects created or copied on the way). */
function setPath(object: Extra, name: string, value: unknown): Extra {
  const [key, ...rest] = name.split('.');
  if (key === undefined) return object;
  if (rest.length === 0) return { ...object, [key]: value };
  const inner = isObject(object[key]) ? (object[key] as Extra) : {};
  return { ...object, [key]: setPath(inner, rest.join('.'), value) };
}

/** `object` without the value at `name` (a nested object left empty goes too). */
function removePath(object: Extra, name: string): Extra {
  const [key, ...rest] = name.split('.');
  if (key === undefined || !(key in object)) return object;
  const { [key]: value, ...others } = object;
  if (rest.length === 0 || !isObject(value)) return others;
  const inner = removePath(value, rest.join('.'));
  return Object.keys(inner).length === 0 ? others : { ...others, [key]: inner };
}

export interface Translated {
  /** The fields in the target's names, or undefined when none has an equivalent. */
  kept: Extra | undefined;
  /** The fields that have none, as names (`refusal`, `image_url.detail`). */
  lost: string[];
}

/** The unknown fields `extra` of dialect `from` at `level`, as dialect `to` writes them. */
export function translateExtra(extra: Extra, level: ExtraLevel, from: string, to: string): Translated {
  let rest = extra;
  let kept: Extra | undefined;
  const containers = new Set<string>();
  for (const equivalent of EQUIVALENTS[level]) {
    const sourceNames = namesOf(equivalent, from) ?? [];
    for (const name of sourceNames) if (name.includes('.')) containers.add(name.split('.')[0] ?? name);
    const targetName = namesOf(equivalent, to)?.[0];
    if (targetName === undefined) continue;
    for (const name of sourceNames) {
      const value = getPath(rest, name);
      if (value === undefined || getPath(kept, targetName) !== undefined) continue;
      const converted = equivalent.convert ? equivalent.convert(value, from, to) : value;
      if (converted === undefined) continue;
      kept = setPath(kept ?? {}, targetName, converted);
      rest = removePath(rest, name);
    }
  }
  const lost = Object.entries(rest).flatMap(([key, value]) => (containers.has(key) && isObject(value) && Object.keys(value).length > 0 ? Object.keys(value).map((k) => `${key}.${k}`) : [key]));
  return { kept, lost };
}
