/**
 * The app's check of a record read from outside (IndexedDB, share links): the core's record
 * schema (`checkRecordShape`, src/core/model/schema.ts), reduced to the first problem for the
 * one-line notices the app shows. The wording (`not a Parley record at messages.0.content: …`)
 * is the one notices and tests have always used.
 */
import { checkRecordShape, type ParleyRecord } from '../../core/index.ts';

export type RecordCheck = { ok: true; record: ParleyRecord } | { ok: false; message: string };

/** Whether `value` is a ParleyRecord; if not, the first problem and where it is. */
export function checkRecord(value: unknown): RecordCheck {
  const result = checkRecordShape(value);
  if (result.ok) return result;
  const [first] = result.issues;
  const where = first && first.path.length > 0 ? ` at ${first.path.map(String).join('.')}` : '';
  return { ok: false, message: `not a Parley record${where}: ${first?.problem ?? 'unreadable'}` };
}
