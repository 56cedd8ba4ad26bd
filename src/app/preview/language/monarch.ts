/**
 * A Monarch tokenizer for a chat format, built from nothing but its special tokens:
 * - special tokens stand out (`special`);
 * - a token that opens a tag with attributes (it ends in a letter, like RWKV's `<<TOOL_CALL`)
 *   colours `name="value"` pairs until the token that closes it (made only of closing brackets,
 *   like `>>`; such closers are not highlighted outside a tag, where `>>` is just text);
 * - JSON payloads (tool calls `[{"name": {...}}]`, tool outputs, function lists) are coloured:
 *   keys, strings, numbers, literals, punctuation. JSON starts at `{` or `[` followed by what
 *   JSON can start with, so prose in brackets (`[Machine learning is…]`) stays text.
 * A special token always ends JSON or a tag (`@popall`): a truncated payload cannot colour the
 * messages after it.
 * Monaco's tokenizer throws past 100 nested states, so JSON nesting is followed only
 * `MAX_JSON_NESTING` levels deep (one state per level); deeper, the payload is coloured flatly
 * (same colours, brackets no longer tracked) until the next special token.
 * The exact kind of every range comes from the render's spans (decorations); this tokenizer adds
 * the syntax colours that spans do not carry, and also marks token strings typed inside
 * content, which a tokenizer would read as the token (token injection).
 */
import type { languages } from 'monaco-editor/editor';
import type { SpecialToken } from '../../../core/index.ts';

/** Token class names, matched by the themes (themes.ts). */
export const TOKEN_CLASSES = {
  special: 'special',
  text: 'text',
  white: 'white',
  bracket: 'delimiter.bracket',
  delimiter: 'delimiter',
  key: 'key',
  string: 'string',
  number: 'number',
  literal: 'keyword',
  attributeName: 'attribute.name',
  attributeValue: 'attribute.value',
} as const;

const CLOSING_BRACKETS = /^[>\])}]+$/;

/** Ends in a letter, digit or `_`: what follows up to a closer belongs to the token (attributes). */
export function isTagOpener(token: string): boolean {
  return /\w$/.test(token);
}

/** Only closing brackets (`>>`): special only where it closes a tag. */
export function isTagCloser(token: string): boolean {
  return CLOSING_BRACKETS.test(token);
}

/**
 * A regular expression source, for Monarch, that matches any of `tokens` (longest first, so a
 * token that is a prefix of another never wins). Monarch reads `@name` in a regex as a reference
 * to a language attribute, so a literal `@` is written `@@`.
 */
export function alternation(tokens: readonly string[]): string {
  return [...tokens]
    .sort((a, b) => b.length - a.length || (a < b ? -1 : 1))
    .map((token) => token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/@/g, '@@'))
    .join('|');
}

/** A character class body (for `[^…]`) that excludes the first character of every token. */
function firstCharacters(tokens: readonly string[]): string {
  const chars = new Set(tokens.map((token) => token.charAt(0)));
  return [...chars].map((c) => c.replace(/[\]\\^-]/g, '\\$&').replace(/@/g, '@@')).join('');
}

const JSON_STRING = /"(?:[^"\\]|\\.)*"/.source;

/**
 * JSON levels whose brackets the tokenizer follows. Monaco throws "maximum tokenizer stack size
 * reached" at 100 nested states (its `maxStack`), on every line it tokenizes; real payloads nest
 * a handful of levels, and 64 stays well under the limit with the root and tag states.
 */
export const MAX_JSON_NESTING = 64;

/** The state of JSON nesting level `level` (1-based): `json`, `json2`, … */
function jsonState(level: number): string {
  return level === 1 ? 'json' : `json${level}`;
}

export function buildMonarchLanguage(specialTokens: readonly SpecialToken[]): languages.IMonarchLanguage {
  const tokens = [...new Set(specialTokens.map((t) => t.token).filter((t) => t.length > 0))];
  const openers = tokens.filter(isTagOpener);
  const closers = tokens.filter(isTagCloser);
  const standalone = tokens.filter((t) => !isTagOpener(t) && !isTagCloser(t));
  const starts = firstCharacters([...openers, ...standalone]);
  const any = alternation(tokens);
  const c = TOKEN_CLASSES;

  const root: languages.IMonarchLanguageRule[] = [];
  if (openers.length > 0) root.push([new RegExp(alternation(openers)), { token: c.special, next: '@tag' }]);
  if (standalone.length > 0) root.push([new RegExp(alternation(standalone)), c.special]);
  root.push(
    [/\{(?=\s*(?:"|\}|$))/, { token: c.bracket, next: '@json' }],
    [/\[(?=\s*(?:[{["\]\d-]|true\b|false\b|null\b|$))/, { token: c.bracket, next: '@json' }],
    [new RegExp(`[^${starts}{[]+`), c.text],
    [/./, c.text],
  );

  const leaveOnToken: languages.IMonarchLanguageRule[] = tokens.length > 0 ? [[new RegExp(any), { token: c.special, next: '@popall' }]] : [];

  /** The rules of one JSON level; `open`/`close` say what brackets do to the state stack (nothing: flat). */
  const jsonRules = (open: string | undefined, close: string | undefined): languages.IMonarchLanguageRule[] => [
    ...(standalone.length + openers.length > 0 ? [[new RegExp(alternation([...standalone, ...openers])), { token: c.special, next: '@popall' }] as languages.IMonarchLanguageRule] : []),
    [/\s+/, c.white],
    [new RegExp(`${JSON_STRING}(?=\\s*:)`), c.key],
    [new RegExp(JSON_STRING), c.string],
    [/"(?:[^"\\]|\\.)*$/, c.string],
    [/-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/, c.number],
    [/(?:true|false|null)\b/, c.literal],
    [/[{[]/, open === undefined ? c.bracket : { token: c.bracket, next: open }],
    [/[}\]]/, close === undefined ? c.bracket : { token: c.bracket, next: close }],
    [/[,:]/, c.delimiter],
    // Not JSON after all (`{"a": ...}` in an example): text, and the brackets still balance.
    [new RegExp(`[^\\s"{}[\\],:${starts}]+`), c.text],
    [/./, c.text],
  ];
  const jsonLevels: Record<string, languages.IMonarchLanguageRule[]> = {};
  for (let level = 1; level <= MAX_JSON_NESTING; level++) {
    jsonLevels[jsonState(level)] = jsonRules(level < MAX_JSON_NESTING ? `@${jsonState(level + 1)}` : '@jsonFlat', '@pop');
  }
  // Deeper than MAX_JSON_NESTING: no more states; brackets are coloured but not followed.
  jsonLevels.jsonFlat = jsonRules(undefined, undefined);

  const tag: languages.IMonarchLanguageRule[] = [
    ...(closers.length > 0 ? [[new RegExp(alternation(closers)), { token: c.special, next: '@pop' }] as languages.IMonarchLanguageRule] : []),
    ...leaveOnToken,
    [/[\w.:-]+(?==)/, c.attributeName],
    [/=/, c.delimiter],
    [new RegExp(JSON_STRING), c.attributeValue],
    [/\s+/, c.white],
    [/[^\s="<>[\]]+/, c.text],
    [/./, c.text],
  ];

  return {
    defaultToken: c.text,
    tokenPostfix: '.parley',
    includeLF: false,
    tokenizer: { root, tag, ...jsonLevels },
  };
}
