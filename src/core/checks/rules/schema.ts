/**
 * The rules file: its schema (zod, the project's schema library), the reading of its text with
 * a message per problem that names the key path and what is wrong, and the JSON Schema that
 * editors use to complete the file (docs/rules.schema.json, written by `npm run rules-schema`).
 * The rules themselves are in one file each beside this one; docs/rules.md is the reference.
 */
import { z } from 'zod';
import { formatPath } from '../../model/path.ts';
import { compileSafeRegex } from './regex/match.ts';
import type { LintRules, RuleName } from './types.ts';

export type RulesParse = { ok: true; rules: LintRules } | { ok: false; message: string };

/**
 * A rules file longer than this is refused before it is parsed: a team's rules are a few
 * hundred bytes; a file this large was picked by mistake (a dataset dropped on the wrong
 * place). Raise it here if a team's forbidden-text list needs more.
 */
export const MAX_RULES_FILE_CHARS = 1_000_000;

/** At most this many problems are listed: the first ones say what is wrong. */
const MAX_LISTED_ISSUES = 20;

/** `1.5`, `"fatal"`, `an array`, `an object`, `null`. */
function shown(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return String(value);
}

/** The error of a value that is not `what`: says what was found (or that it is missing). */
function expected(what: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? `missing; expected ${what}` : `expected ${what}, got ${shown(issue.input)}`);
}

/** A rule object's error: its unknown keys by name, with the keys it takes. */
function ruleObjectError(name: string, keys: readonly string[]) {
  return (issue: { code?: string; keys?: string[]; input?: unknown }) => {
    if (issue.code === 'unrecognized_keys') return `unknown key ${(issue.keys ?? []).map((k) => `"${k}"`).join(', ')}; ${name} takes ${keys.map((k) => `"${k}"`).join(', ')}`;
    return expected(`an object (${keys.map((k) => `"${k}"`).join(', ')})`)(issue);
  };
}

const severity = z
  .enum(['error', 'warning', 'info'], { error: expected('"error", "warning" or "info"') })
  .optional()
  .meta({ description: 'How serious a breach is: "error" (the default), "warning" or "info".' });

const roles = (description: string) =>
  z
    .array(z.string({ error: expected('a role name') }).min(1, { error: 'expected a role name, got ""' }), { error: expected('an array of role names') })
    .min(1, { error: 'expected at least one role' })
    .meta({ description });

/** A rule object: its own keys and `severity`, nothing else (a misspelt key is an error, not ignored). */
function rule<Shape extends z.ZodRawShape>(name: RuleName, description: string, shape: Shape) {
  const keys = [...Object.keys(shape), 'severity'];
  return z
    .strictObject({ ...shape, severity }, { error: ruleObjectError(name, keys) })
    .optional()
    .meta({ description });
}

const wholeNumber = (what: string) =>
  z
    .number({ error: expected(`a whole number (${what})`) })
    .int({ error: expected(`a whole number (${what})`) })
    .min(1, { error: expected(`a whole number of at least 1 (${what})`) });

const textPattern = z
  .strictObject({ text: z.string({ error: expected('a text') }).min(1, { error: 'expected a text, got "" (which every message contains)' }) })
  .meta({ description: 'A plain text, found anywhere in a message, case-sensitive.' });

const regexPattern = z
  .strictObject({
    regex: z.string({ error: expected('a regular expression') }).meta({ description: 'A JavaScript regular expression, without slashes. Lookaround and backreferences are not supported (docs/rules.md).' }),
    flags: z.string({ error: expected('flags ("i", "m", "s", "u")') }).optional().meta({ description: 'Any of i (ignore case), m (^ and $ at line ends), s (. matches newlines), u (Unicode).' }),
  })
  .superRefine((pattern, context) => {
    const compiled = compileSafeRegex(pattern.regex, pattern.flags);
    if (!compiled.ok) {
      context.addIssue({ code: 'custom', path: ['regex'], message: compiled.message, input: pattern.regex });
      return;
    }
    if (compiled.regex.find('') !== undefined) context.addIssue({ code: 'custom', path: ['regex'], message: 'it matches empty text, so every message would contain it', input: pattern.regex });
  })
  .meta({ description: 'A regular expression (run by a linear-time engine: it cannot hang).' });

const RULES = {
  allowedRoles: rule('allowedRoles', 'Roles a message may have.', { roles: roles('The roles allowed, e.g. ["system", "user", "assistant", "tool"].') }),
  systemMessage: rule('systemMessage', 'A system (or developer) message is required, or forbidden.', {
    require: z.enum(['required', 'forbidden'], { error: expected('"required" or "forbidden"') }).meta({ description: '"required" or "forbidden".' }),
  }),
  lastRole: rule('lastRole', "Roles the last message may have (usually [\"assistant\"]: an example's answer).", { roles: roles('The roles the last message may have.') }),
  alternation: rule('alternation', 'User and assistant messages alternate (system, developer and tool messages aside).', {
    startWith: z.enum(['user', 'assistant'], { error: expected('"user" or "assistant"') }).optional().meta({ description: 'The role the first user or assistant message must have.' }),
  }),
  maxTurns: rule('maxTurns', 'At most this many turns (user messages).', { max: wholeNumber('the most turns') }),
  maxTokens: rule('maxTokens', "At most this many tokens in the record's render (needs a tokenizer).", { max: wholeNumber('the most tokens') }),
  minTrainedShare: rule('minTrainedShare', "At least this share of the render's tokens is trained (needs a tokenizer).", {
    min: z.number({ error: expected('a share from 0 to 1') }).min(0, { error: expected('a share from 0 to 1') }).max(1, { error: expected('a share from 0 to 1') }),
  }),
  forbiddenText: rule('forbiddenText', 'Text no message may contain.', {
    patterns: z
      .array(z.union([textPattern, regexPattern], { error: expected('{"text": "…"} or {"regex": "…", "flags": "…"}') }), { error: expected('an array of patterns') })
      .min(1, { error: 'expected at least one pattern' }),
    roles: roles('Look only in messages of these roles (absent: every message).').optional(),
  }),
} satisfies Record<RuleName, z.ZodType>;

const RULE_NAMES = Object.keys(RULES) as RuleName[];

export const rulesSchema = z
  .strictObject(
    {
      $schema: z.string({ error: expected('the address of the JSON Schema') }).optional().meta({ description: 'The JSON Schema of this file, for editors: docs/rules.schema.json.' }),
      ...RULES,
    },
    {
      error: (issue) => {
        if (issue.code === 'unrecognized_keys') return `unknown rule ${issue.keys.map((k) => `"${k}"`).join(', ')}; the rules are ${RULE_NAMES.join(', ')}`;
        return expected('an object whose keys are rule names')(issue);
      },
    },
  )
  .meta({ title: 'Parley lint rules', description: 'What a team requires of its data (docs/rules.md). Each rule is optional.' });

/** Reads a rules file's text: the rules, or one message listing every problem with its key path. */
export function parseLintRules(text: string): RulesParse {
  if (text.length > MAX_RULES_FILE_CHARS) return { ok: false, message: `The rules file is ${text.length.toLocaleString('en')} characters long; a rules file has at most ${MAX_RULES_FILE_CHARS.toLocaleString('en')}. Is it the right file?` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (thrown) {
    return { ok: false, message: `The rules file is not JSON: ${thrown instanceof Error ? thrown.message : String(thrown)}` };
  }
  const result = rulesSchema.safeParse(value, { reportInput: true });
  if (result.success) return { ok: true, rules: result.data as LintRules };
  const issues = result.error.issues;
  const lines = issues.slice(0, MAX_LISTED_ISSUES).map((issue) => {
    const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    return `${path.length === 0 ? 'rules file' : formatPath(path)}: ${issue.message}`;
  });
  if (issues.length > MAX_LISTED_ISSUES) lines.push(`… and ${issues.length - MAX_LISTED_ISSUES} more`);
  return { ok: false, message: `The rules file has ${issues.length === 1 ? 'a problem' : `${issues.length} problems`}:\n${lines.join('\n')}` };
}

/** The published JSON Schema of a rules file (docs/rules.schema.json), as zod writes it. */
export function rulesJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(rulesSchema, { io: 'input' }) as Record<string, unknown>;
}
