import type { StateCreator } from 'zustand';
import type { OptionValues } from '../../core/index.ts';
import type { AppState } from './store.ts';

export type ThemeChoice = 'system' | 'light' | 'dark';

export interface ViewSlice {
  formatId: string;
  /** Option values per format id, so switching formats back and forth keeps each one's options. */
  formatOptions: Record<string, OptionValues>;
  setFormat: (formatId: string, options?: OptionValues) => void;
  setFormatOption: (key: string, value: boolean | string | null) => void;
  theme: ThemeChoice;
  setTheme: (theme: ThemeChoice) => void;
  shadeTrainable: boolean;
  showWhitespace: boolean;
  setPreviewToggle: (key: 'shadeTrainable' | 'showWhitespace', value: boolean) => void;
}

export const createViewSlice: StateCreator<AppState, [], [], ViewSlice> = (set) => ({
  formatId: 'apertus',
  formatOptions: {},
  setFormat: (formatId, options) =>
    set((state) => ({
      formatId,
      formatOptions: options === undefined ? state.formatOptions : { ...state.formatOptions, [formatId]: { ...state.formatOptions[formatId], ...options } },
    })),
  setFormatOption: (key, value) =>
    set((state) => ({
      formatOptions: { ...state.formatOptions, [state.formatId]: { ...state.formatOptions[state.formatId], [key]: value } },
    })),
  theme: 'system',
  setTheme: (theme) => set({ theme }),
  shadeTrainable: false,
  showWhitespace: false,
  setPreviewToggle: (key, value) => set({ [key]: value } as Pick<ViewSlice, typeof key>),
});
