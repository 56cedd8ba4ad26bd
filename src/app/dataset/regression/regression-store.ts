/**
 * The template regression's state for the open dataset, outside the app store (not saved with
 * the work, not undone): the two sides the person chose, how far the pass is, and each record's
 * row by id (rows of the file's records as they are in the file; edits are not compared).
 */
import { createStore, useStore } from 'zustand';
import type { RegressionRow, RegressionSide } from './regression-logic.ts';

export type RegressionStatus = 'idle' | 'running' | 'done' | 'stopped' | 'failed';

export interface RegressionState {
  sides: [RegressionSide, RegressionSide];
  status: RegressionStatus;
  done: number;
  total: number;
  message: string | undefined;
  /** The sides the rows were made with (the list opens Compare with these). */
  ranWith: [RegressionSide, RegressionSide] | undefined;
  /** By record id: undefined not compared yet, null a blank line. */
  rows: readonly (RegressionRow | null | undefined)[];
}

export const INITIAL_REGRESSION: RegressionState = {
  sides: [
    { formatId: 'chatml', options: {} },
    { formatId: 'jinja', options: {} },
  ],
  status: 'idle',
  done: 0,
  total: 0,
  message: undefined,
  ranWith: undefined,
  rows: [],
};

export const regressionStore = createStore<RegressionState>()(() => INITIAL_REGRESSION);

export function useRegression<T>(select: (state: RegressionState) => T): T {
  return useStore(regressionStore, select);
}

export function setRegressionState(patch: Partial<RegressionState>): void {
  regressionStore.setState(patch);
}
