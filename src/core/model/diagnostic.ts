import type { Fix } from './fix.ts';
import type { FieldPath } from './path.ts';

export type Severity = 'error' | 'warning' | 'info';

/**
 * What a "not written" diagnostic costs (docs/formats.md, 'All formats: nothing is dropped
 * silently'): `content`, something the data says is gone or changed (a text, a tool, a role, an
 * unknown field, a flag); `harmless`, the target says the same thing another way (a call id
 * where results answer their calls in order or by name, an id rewritten to the target's
 * pattern, empty arguments written as `{}`). Set on every diagnostic of a render or a conversion
 * that reports what it does not write as it is; absent on the others.
 */
export type LossKind = 'content' | 'harmless';

/**
 * Something wrong or worth knowing about a record, shown next to the field it names.
 * `code` is stable (tests and the app key on it); `message` is a sentence for people.
 */
export interface Diagnostic {
  severity: Severity;
  code: string;
  message: string;
  path?: FieldPath;
  /** The repair, when it is unambiguous (model/fix.ts): applied by src/core/fix, the app's Fix button and `--fix`. */
  fix?: Fix;
  /** Set when the diagnostic reports something a render or a conversion does not write as it is: what that costs (LossKind). */
  loss?: LossKind;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

export function error(code: string, message: string, path?: FieldPath, fix?: Fix, loss?: LossKind): Diagnostic {
  const diagnostic: Diagnostic = path === undefined ? { severity: 'error', code, message } : { severity: 'error', code, message, path };
  if (fix !== undefined) diagnostic.fix = fix;
  if (loss !== undefined) diagnostic.loss = loss;
  return diagnostic;
}

export function warning(code: string, message: string, path?: FieldPath, fix?: Fix, loss?: LossKind): Diagnostic {
  const diagnostic: Diagnostic = path === undefined ? { severity: 'warning', code, message } : { severity: 'warning', code, message, path };
  if (fix !== undefined) diagnostic.fix = fix;
  if (loss !== undefined) diagnostic.loss = loss;
  return diagnostic;
}

export function info(code: string, message: string, path?: FieldPath, fix?: Fix, loss?: LossKind): Diagnostic {
  const diagnostic: Diagnostic = path === undefined ? { severity: 'info', code, message } : { severity: 'info', code, message, path };
  if (fix !== undefined) diagnostic.fix = fix;
  if (loss !== undefined) diagnostic.loss = loss;
  return diagnostic;
}
