/**
 * Which dialog a menu entry opened: entries are plain data (menu-entry.ts), so an entry that asks
 * for more (Paste, Export, Go to line) opens its dialog through this store, and the menu's
 * component (FileMenu.tsx) draws it. Not saved, not undone.
 */
import { createStore, useStore } from 'zustand';

/** 'merge-reviews' and 'export-statuses' are dataset mode's review entries (review/ReviewMenuHost.tsx). */
export type MenuDialog = 'paste' | 'export' | 'go-to-line' | 'merge-reviews' | 'export-statuses' | 'hub';

const menuDialogStore = createStore<{ open: MenuDialog | null }>(() => ({ open: null }));

export function openMenuDialog(dialog: MenuDialog): void {
  menuDialogStore.setState({ open: dialog });
}

export function closeMenuDialog(): void {
  menuDialogStore.setState({ open: null });
}

export function useMenuDialog(): MenuDialog | null {
  return useStore(menuDialogStore, (state) => state.open);
}
