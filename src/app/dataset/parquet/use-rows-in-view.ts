/**
 * The list's part of reading on demand (parquet/on-demand.ts): the rows in view are read once the
 * list rests on them, so scrolling or jumping fetches the blocks that come into view, not the
 * blocks scrolled past.
 */
import { useEffect } from 'react';
import { useAppStore } from '../../store/index.ts';
import { loadRowContents } from './on-demand.ts';

/**
 * Wait this long after the list last moved before reading the rows in view (ms): a fling
 * through a long list passes many blocks in a second, and each read would fetch one. Short
 * enough that rows resting in view fill in at once; raise it to fetch less on a slow network.
 */
export const ROWS_IN_VIEW_DELAY_MS = 150;

/** Reads the rows `ids[first…last]` of a dataset opened on demand, after the list rests. */
export function useRowsInView(ids: readonly number[], first: number | undefined, last: number | undefined): void {
  const onDemand = useAppStore((state) => state.dataset?.readRow !== undefined);
  useEffect(() => {
    if (!onDemand || first === undefined || last === undefined) return;
    const timer = setTimeout(() => void loadRowContents(ids.slice(first, last + 1)), ROWS_IN_VIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [onDemand, ids, first, last]);
}
