/**
 * Parley JSON holds the model as it is, so its schema is the model's (model/schema.ts): each
 * problem becomes an error at its exact path, which is the same path in the file and in the
 * record.
 */
import { error, type Diagnostic } from '../../model/diagnostic.ts';
import { checkRecordShape, recordIssueText } from '../../model/schema.ts';
import { CODE } from './version.ts';

export function checkShape(body: unknown): Diagnostic[] {
  const result = checkRecordShape(body);
  return result.ok ? [] : result.issues.map((issue) => error(CODE, recordIssueText(issue), issue.path));
}
