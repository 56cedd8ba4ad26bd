/** The diagnostic of a rule: code `rules/<name>`, the rule's severity (default: error). */
import type { Diagnostic } from '../../model/diagnostic.ts';
import type { FieldPath } from '../../model/path.ts';
import type { RuleBase, RuleName } from './types.ts';

export function ruleDiagnostic(name: RuleName, rule: RuleBase, message: string, path?: FieldPath): Diagnostic {
  const diagnostic: Diagnostic = { severity: rule.severity ?? 'error', code: `rules/${name}`, message };
  if (path !== undefined) diagnostic.path = path;
  return diagnostic;
}

/** `"system", "user" or "assistant"`. */
export function roleList(roles: readonly string[]): string {
  const quoted = roles.map((role) => JSON.stringify(role));
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)!}`;
}

/** `12,345`: counts in messages read the same in the app and the command. */
export function count(n: number): string {
  return n.toLocaleString('en');
}
