/**
 * A request to show two renderings in Compare (the dataset regression's "open in Compare"): the
 * preview switches to its Compare tab and Compare shows these sides until the person changes
 * one (then the request is dropped). Outside the app store: it is a way of looking, not part of
 * the work.
 */
import { createStore } from 'zustand';
import type { CompareSide } from './sides.ts';

export interface CompareRequest {
  sides: [CompareSide, CompareSide];
  /** A new number each time: the same sides asked again still open Compare. */
  seq: number;
}

export const compareRequests = createStore<{ request: CompareRequest | undefined }>()(() => ({ request: undefined }));

export function openInCompare(sides: [CompareSide, CompareSide]): void {
  compareRequests.setState({ request: { sides, seq: (compareRequests.getState().request?.seq ?? 0) + 1 } });
}
