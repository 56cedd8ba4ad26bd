import type { Fix } from './fix.ts';
import type { FieldPath } from './path.ts';

export type Severity = 'error' | 'warning' | 'info';

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
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

export function error(code: string, message: string, path?: FieldPath, fix?: Fix): Diagnostic {
  const diagnostic: Diagnostic = path === undefined ? { severity: 'error', code, message } : { severity: 'error', code, message, path };
  if (fix !== undefined) diagnostic.fix = fix;
  return diagnostic;
}

export function warning(code: string, message: string, path?: FieldPath, fix?: Fix): Diagnostic {
  const diagnostic: Diagnostic = path === undefined ? { severity: 'warning', code, message } : { severity: 'warning', code, message, path };
  if (fix !== undefined) diagnostic.fix = fix;
  return diagnostic;
}

export function info(code: string, message: string, path?: FieldPath, fix?: Fix): Diagnostic {
  const diagnostic: Diagnostic = path === undefined ? { severity: 'info', code, message } : { severity: 'info', code, message, path };
  if (fix !== undefined) diagnostic.fix = fix;
  return diagnostic;
}
