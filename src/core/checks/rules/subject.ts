/**
 * What the rules read of a record: whether it is a conversation, the role of each message, and
 * its text fields (dataset/search/text-fields.ts) with the index of their message. Nothing
 * else: a rule never looks further, so a reader that gives these from another view of the
 * record (core/clean-check reads them straight from the parsed JSON of a record it proved
 * clean, without building the model) gets the same diagnostics as `checkRules` on the model.
 */
import { textFields } from '../../dataset/search/text-fields.ts';
import type { FieldPath } from '../../model/path.ts';
import type { ParleyRecord } from '../../model/types.ts';

/**
 * One text field: its text, the index of its message (undefined in a document record) and
 * where it is (`spot`).
 */
export type TextVisit = (text: string, message: number | undefined, spot: TextSpot) => void;

/**
 * Where the visited text is: its path in the model, made only when asked (a rule asks for a
 * diagnostic only, and most texts get none). Valid during the visit only: a reader may reuse
 * one spot for every text, so that a walk over a record allocates nothing per field.
 */
export interface TextSpot {
  path(): FieldPath;
}

export interface RuleSubject {
  kind: 'chat' | 'document';
  /** The role of each message, in order (a conversation); empty for a document record. */
  roles: readonly string[];
  /**
   * Visits every text field, in document order (textFields' order); with `roles`, only those of
   * the messages with one of these roles (none of a document record, which has no roles).
   */
  eachText(visit: TextVisit, roles?: readonly string[]): void;
}

/** The subject of a record in the model. */
export function subjectOf(record: ParleyRecord): RuleSubject {
  return {
    kind: record.kind,
    roles: record.kind === 'chat' ? record.messages.map((message) => message.role) : [],
    eachText(visit, roles) {
      let path: FieldPath = [];
      const spot: TextSpot = { path: () => path };
      for (const field of textFields(record)) {
        path = field.path;
        const m = path[0] === 'messages' ? (path[1] as number) : undefined;
        if (roles !== undefined && (m === undefined || record.kind !== 'chat' || !roles.includes(record.messages[m]!.role))) continue;
        visit(field.text, m, spot);
      }
    },
  };
}
