import type { StateCreator } from 'zustand';
import type { OptionValues } from '../../core/index.ts';
import type { AppState } from './store.ts';

export type ThemeChoice = 'system' | 'light' | 'dark';
export type ResolvedTheme = 'light' | 'dark';

export interface ViewSlice {
  formatId: string;
  /** Option values per format id, so switching formats back and forth keeps each one's options. */
  formatOptions: Record<string, OptionValues>;
  /** Switch format; `options` are merged into that format's current values. */
  setFormat: (formatId: string, options?: OptionValues) => void;
  setFormatOption: (key: string, value: boolean | string | null) => void;
  /** What the person chose. */
  theme: ThemeChoice;
  setTheme: (theme: ThemeChoice) => void;
  /** The theme in effect (`system` resolved with prefers-color-scheme): the preview's Monaco theme follows it. */
  resolvedTheme: ResolvedTheme;
  setResolvedTheme: (theme: ResolvedTheme) => void;
  shadeTrainable: boolean;
  showWhitespace: boolean;
  setPreviewToggle: (key: 'shadeTrainable' | 'showWhitespace', value: boolean) => void;
  /**
   * The dialect the person chose for the preview's JSON view, and the source dialect it was
   * chosen for: opening a file in another dialect shows that file's dialect again (null: the default).
   */
  jsonDialect: { codec: string; forSource: string | undefined } | null;
  setJsonDialect: (codec: string) => void;
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
  resolvedTheme: 'light',
  setResolvedTheme: (resolvedTheme) => set({ resolvedTheme }),
  shadeTrainable: false,
  showWhitespace: false,
  setPreviewToggle: (key, value) => set({ [key]: value } as Pick<ViewSlice, typeof key>),
  jsonDialect: null,
  setJsonDialect: (codec) => set((state) => ({ jsonDialect: { codec, forSource: state.sourceCodec?.id } })),
});
