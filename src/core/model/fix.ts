/**
 * A repair of a record, carried as data by the diagnostic that asks for it (`Diagnostic.fix`).
 * The edit is a short list of operations on the record addressed by field paths, in the manner
 * of JSON Patch (RFC 6902) with `FieldPath`s for pointers: serialisable (it crosses to workers
 * and is printed by the command), and guarded by `test`/`absent` operations that must hold for
 * the fix to apply, so a fix made for an earlier state of the record is skipped rather than
 * applied to whatever now sits at its path (src/core/fix/apply.ts).
 *
 * Rule: a diagnostic carries a fix only when its repair is unambiguous (one right edit, no
 * content invented). Where a person must choose or write something, there is only the message.
 */
import type { FieldPath } from './path.ts';

export type FixOp =
  /** The value at `path` equals `value` (deep, JSON equality). */
  | { op: 'test'; path: FieldPath; value: unknown }
  /** There is no value at `path` (an absent object key or an index past the end). */
  | { op: 'absent'; path: FieldPath }
  /** Set an object key (added if absent) or replace an existing array element. */
  | { op: 'set'; path: FieldPath; value: unknown }
  /** Delete an object key, or an array element (the later ones move up). */
  | { op: 'remove'; path: FieldPath }
  /** Insert into an array at `path`'s index (0 to its length). */
  | { op: 'insert'; path: FieldPath; value: unknown }
  /** Remove the value at `from` and insert (array) or set (object) it at `path`, read after the removal. */
  | { op: 'move'; from: FieldPath; path: FieldPath };

export interface Fix {
  /** Stable id of the kind of repair (`apertus/developer-to-system`): "fix all of this kind" keys on it. */
  id: string;
  /** What the fix does, for a button and for the command's report: "Change the role to system". */
  label: string;
  edit: readonly FixOp[];
}
