/**
 * Whether two records are the same conversation as a person sees it. Ids are left out: they are
 * made afresh in every tab (src/core/model/ids.ts), so the same example or the same link opened
 * twice has different ids. (A key named `id` inside unknown fields is left out too; two records
 * that differ only there are taken for the same.)
 */
import type { ParleyRecord } from '../../core/index.ts';

export function sameConversation(a: ParleyRecord, b: ParleyRecord): boolean {
  return a === b || withoutIds(a) === withoutIds(b);
}

function withoutIds(record: ParleyRecord): string {
  return JSON.stringify(record, (key, value: unknown) => (key === 'id' && typeof value === 'string' ? undefined : value));
}
