/** Diagnostics as lines for people: `LEVEL path: message`. */
import { formatPath, type Diagnostic } from '../core/index.ts';

export function diagnosticLine(diagnostic: Diagnostic): string {
  const level = diagnostic.severity.toUpperCase();
  const path = diagnostic.path && diagnostic.path.length > 0 ? formatPath(diagnostic.path) : '';
  // Messages of the codecs already start with their path.
  const text = path === '' || diagnostic.message.startsWith(path) ? diagnostic.message : `${path}: ${diagnostic.message}`;
  // Most messages are one line: skip the replace (and its copy) for them.
  return `${level} ${text.includes('\n') ? text.replace(/\r?\n/g, ' ') : text}`;
}
