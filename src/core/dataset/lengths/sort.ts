/** The record list sorted by a length: a new order of ids, stable, the records without one last. */

/**
 * `order` sorted by `valueOf(id)`, ascending or descending; ids with equal values keep their
 * order (file order, when that is what was given); ids without a value (not measured yet, no
 * tokenizer) come last either way, so that sorting never hides a record.
 */
export function sortByValue(order: readonly number[], valueOf: (id: number) => number | undefined, descending: boolean): number[] {
  const known: { id: number; value: number; at: number }[] = [];
  const unknown: number[] = [];
  order.forEach((id, at) => {
    const value = valueOf(id);
    if (value === undefined) unknown.push(id);
    else known.push({ id, value, at });
  });
  const sign = descending ? -1 : 1;
  known.sort((a, b) => sign * (a.value - b.value) || a.at - b.at);
  return [...known.map((entry) => entry.id), ...unknown];
}
