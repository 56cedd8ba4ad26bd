/**
 * Where the record list scrolls to show the current record. Rows have one height, so this needs
 * only numbers the virtualizer already holds: no read of the page's layout, which right after a
 * move (the editors just changed) would lay out the whole page a second time.
 */

/**
 * The scroll offset that shows row `index`, or null when it is already wholly in view. Out of
 * view, the row goes to the middle: moving on through the list then needs no scroll for half a
 * screen of records (scrolling only as far as the edge would scroll on every move).
 * `viewHeight` unknown (0: not measured yet) means "not in view": the caller scrolls its own way.
 */
export function scrollTargetForRow(index: number, rowHeight: number, scrollOffset: number, viewHeight: number): number | null {
  const top = index * rowHeight;
  if (viewHeight > 0 && top >= scrollOffset && top + rowHeight <= scrollOffset + viewHeight) return null;
  return Math.max(0, top + rowHeight / 2 - viewHeight / 2);
}
