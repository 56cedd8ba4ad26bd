import type { StateCreator } from 'zustand';
import type { Diagnostic } from '../../core/index.ts';
import type { AppState } from './store.ts';

/** What the toolbar says about autosave. */
export type SaveStatus =
  | { state: 'restoring' }
  | { state: 'saved'; at: number }
  | { state: 'unsaved' }
  | { state: 'failed'; message: string }
  /** IndexedDB cannot be used (private mode, blocked storage): the app works, nothing is kept. */
  | { state: 'unavailable'; message: string };

/** A message to the person about something they did (open, export, share), shown until dismissed or replaced. */
export interface Notice {
  id: number;
  tone: 'info' | 'success' | 'error';
  title: string;
  /** One line each, e.g. decode errors with their paths. */
  details?: string[];
  /**
   * After opening JSON: the dialects it can be read as again ("Read as"), and the one that read
   * it (none when none could). Such a notice stays until dismissed: it holds a control.
   */
  readAs?: { dialects: { id: string; label: string }[]; current?: string };
  /** After opening JSON that names its model: the format that matches it, offered, not applied (files/open.ts). */
  offer?: { question: string; action: string; formatId: string };
}

export interface SessionSlice {
  saveStatus: SaveStatus;
  setSaveStatus: (status: SaveStatus) => void;
  notice: Notice | null;
  showNotice: (notice: Omit<Notice, 'id'>) => void;
  dismissNotice: () => void;
  /** Diagnostics of the last open/load (decode and encode warnings), listed in the diagnostics panel. */
  importDiagnostics: Diagnostic[];
  setImportDiagnostics: (diagnostics: Diagnostic[]) => void;
  /**
   * The dialect the current record was opened from (null: an example, a share link, a restored
   * session). Export offers it first, so that a file goes back out in the shape it came in.
   */
  sourceCodec: { id: string; label: string } | null;
  setSourceCodec: (codec: { id: string; label: string } | null) => void;
}

let noticeId = 0;

export const createSessionSlice: StateCreator<AppState, [], [], SessionSlice> = (set) => ({
  saveStatus: { state: 'restoring' },
  setSaveStatus: (saveStatus) => set({ saveStatus }),
  notice: null,
  showNotice: (notice) => set({ notice: { ...notice, id: ++noticeId } }),
  dismissNotice: () => set({ notice: null }),
  importDiagnostics: [],
  setImportDiagnostics: (importDiagnostics) => set({ importDiagnostics }),
  sourceCodec: null,
  setSourceCodec: (sourceCodec) => set({ sourceCodec }),
});
