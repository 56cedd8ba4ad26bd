export { useAppStore, type AppState } from './store.ts';
export { useRendered, renderState, useValidation, validationState } from './derived.ts';
export { undo, redo, clearHistory, useCanUndo, useCanRedo } from './undo.ts';
export { COALESCE_IDLE_MS } from './history.ts';
export type { ThemeChoice, ResolvedTheme } from './view-slice.ts';
export type { SaveStatus, Notice } from './session-slice.ts';
