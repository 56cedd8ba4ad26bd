import type { StateCreator } from 'zustand';
import { DEFAULT_MASK, type MaskSettings } from '../tokens/mask-settings.ts';
import type { AppState } from './store.ts';

/** The training-mask controls (src/app/tokens/mask-settings.ts): saved with the record and carried by share links. */
export interface MaskSlice {
  trainingMask: MaskSettings;
  setTrainingMask: (mask: MaskSettings) => void;
}

export const createMaskSlice: StateCreator<AppState, [], [], MaskSlice> = (set) => ({
  trainingMask: DEFAULT_MASK,
  setTrainingMask: (trainingMask) => set({ trainingMask }),
});
