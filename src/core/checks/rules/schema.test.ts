import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_RULES_FILE_CHARS, parseLintRules, rulesJsonSchema } from './schema.ts';

/** The message of a rules text that must be refused. */
function refusal(text: string): string {
  const parsed = parseLintRules(text);
  if (parsed.ok) throw new Error(`accepted: ${text}`);
  return parsed.message;
}

const EVERY_RULE = {
  $schema: './rules.schema.json',
  allowedRoles: { roles: ['system', 'user', 'assistant', 'tool'] },
  systemMessage: { require: 'required', severity: 'warning' },
  lastRole: { roles: ['assistant'] },
  alternation: { startWith: 'user' },
  maxTurns: { max: 20 },
  maxTokens: { max: 4096, severity: 'warning' },
  minTrainedShare: { min: 0.1, severity: 'info' },
  forbiddenText: { patterns: [{ text: 'As an AI language model' }, { regex: "\\bI (?:can't|cannot) help\\b", flags: 'i' }], roles: ['assistant'] },
};

describe('parseLintRules', () => {
  it('reads a file with every rule and $schema as it is', () => {
    expect(parseLintRules(JSON.stringify(EVERY_RULE))).toEqual({ ok: true, rules: EVERY_RULE });
    expect(parseLintRules('{}')).toEqual({ ok: true, rules: {} });
  });

  it('names an unknown rule, and the rules there are', () => {
    expect(refusal('{"maxTurn": {"max": 3}}')).toBe(
      'The rules file has a problem:\nrules file: unknown rule "maxTurn"; the rules are allowedRoles, systemMessage, lastRole, alternation, maxTurns, maxTokens, minTrainedShare, forbiddenText',
    );
  });

  it('names an unknown key in a rule, and the keys the rule takes', () => {
    expect(refusal('{"maxTurns": {"max": 3, "sevrity": "warning"}}')).toBe('The rules file has a problem:\nmaxTurns: unknown key "sevrity"; maxTurns takes "max", "severity"');
  });

  it('says what is wrong at each key path, every problem at once', () => {
    const message = refusal(
      JSON.stringify({
        allowedRoles: { roles: [] },
        systemMessage: { require: 'yes' },
        lastRole: { roles: ['assistant', ''] },
        maxTurns: { max: 2.5, severity: 'fatal' },
        maxTokens: {},
        minTrainedShare: { min: 1.5 },
        forbiddenText: { patterns: [{ regex: '(unclosed' }, { txt: 'x' }, { regex: 'a(?=b)' }, { text: '' }, { regex: 'x*' }, { regex: 'x', flags: 'g' }] },
      }),
    );
    expect(message.split('\n')).toEqual([
      'The rules file has 13 problems:',
      'allowedRoles.roles: expected at least one role',
      'systemMessage.require: expected "required" or "forbidden", got "yes"',
      'lastRole.roles[1]: expected a role name, got ""',
      'maxTurns.max: expected a whole number (the most turns), got 2.5',
      'maxTurns.severity: expected "error", "warning" or "info", got "fatal"',
      'maxTokens.max: missing; expected a whole number (the most tokens)',
      'minTrainedShare.min: expected a share from 0 to 1, got 1.5',
      expect.stringMatching(/^forbiddenText\.patterns\[0\]\.regex: not a valid regular expression: .*Unterminated group/),
      'forbiddenText.patterns[1]: expected {"text": "…"} or {"regex": "…", "flags": "…"}, got an object',
      expect.stringMatching(/^forbiddenText\.patterns\[2\]\.regex: lookahead and lookbehind .* are not supported: they can take exponential time$/),
      'forbiddenText.patterns[3].text: expected a text, got "" (which every message contains)',
      'forbiddenText.patterns[4].regex: it matches empty text, so every message would contain it',
      'forbiddenText.patterns[5].regex: the flag "g" is not supported (allowed: i, m, s, u)',
    ]);
  });

  it('refuses text that is not JSON, or not an object, with a sentence', () => {
    expect(refusal('{"maxTurns": ')).toMatch(/^The rules file is not JSON: /);
    expect(refusal('[]')).toBe('The rules file has a problem:\nrules file: expected an object whose keys are rule names, got an array');
    expect(refusal('{"maxTurns": 3}')).toBe('The rules file has a problem:\nmaxTurns: expected an object ("max", "severity"), got 3');
  });

  it('refuses a file too large to be a rules file before parsing it', () => {
    expect(refusal(' '.repeat(MAX_RULES_FILE_CHARS + 1))).toMatch(/^The rules file is 1,000,001 characters long; a rules file has at most 1,000,000\./);
  });
});

describe('docs/rules.example.json', () => {
  it('is a valid rules file, shown whole in docs/rules.md', () => {
    const text = readFileSync(new URL('../../../../docs/rules.example.json', import.meta.url), 'utf8');
    expect(parseLintRules(text)).toEqual({ ok: true, rules: JSON.parse(text) });
    expect(readFileSync(new URL('../../../../docs/rules.md', import.meta.url), 'utf8')).toContain(`\`\`\`json\n${text}\`\`\``);
  });
});

describe('docs/rules.schema.json', () => {
  it('is the JSON Schema the rules schema generates (regenerate: npm run rules-schema)', () => {
    const committed: unknown = JSON.parse(readFileSync(new URL('../../../../docs/rules.schema.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(rulesJsonSchema());
  });

  it('describes every rule and forbids unknown keys, so that an editor completes and checks the file', () => {
    const schema = rulesJsonSchema() as { properties: Record<string, { description?: string }>; additionalProperties: boolean };
    expect(Object.keys(schema.properties)).toEqual(['$schema', ...Object.keys(EVERY_RULE).filter((k) => k !== '$schema')]);
    expect(schema.additionalProperties).toBe(false);
    for (const [name, property] of Object.entries(schema.properties)) expect({ name, described: typeof property.description }).toEqual({ name, described: 'string' });
  });
});
