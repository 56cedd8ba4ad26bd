/**
 * What the service worker and the browser's install offer tell the page (register.ts), for the
 * update prompt and the install button. Apart from the app store: it is about this page's
 * version, not the conversation, and must not enter undo history or be saved.
 */
import { createStore, useStore } from 'zustand';

/** Chromium's `beforeinstallprompt` event (not in TypeScript's DOM library: it is not a standard). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type UpdateState =
  /** This page runs the newest version the browser knows of. */
  | 'current'
  /** A new version is installed and waits for the person's Reload. */
  | 'ready'
  /** Saving before the reload. */
  | 'saving'
  /** Another tab applied the new version: this page still runs the old code. */
  | 'elsewhere';

export interface PwaState {
  update: UpdateState;
  /** Why the last Reload did not happen (the work could not be saved), if it did not. */
  updateProblem: string | null;
  /** The browser's install offer, kept until used; null when it makes none (installed, or not Chromium). */
  installPrompt: InstallPromptEvent | null;
}

export const pwaStore = createStore<PwaState>()(() => ({ update: 'current', updateProblem: null, installPrompt: null }));

export function usePwa<T>(select: (state: PwaState) => T): T {
  return useStore(pwaStore, select);
}
