export { useAppStore, type AppState } from './store.ts';
export { useRendered, renderState, validationState, diagnosticsState, useDiagnostics } from './derived.ts';
export { countBySeverity, type ListedDiagnostic } from './diagnostic-list.ts';
export { undo, redo, clearHistory, useCanUndo, useCanRedo } from './undo.ts';
export { COALESCE_IDLE_MS } from './history.ts';
export type { ThemeChoice, ResolvedTheme } from './view-slice.ts';
export type { SaveStatus, Notice } from './session-slice.ts';
export { datasetEdits, listedIds, readRecordInput, registerDatasetEngine, type DatasetEngine, type DatasetFile, type DatasetProgress, type LoadedRecord } from './dataset-slice.ts';
export type { DatasetChanges, DatasetRow, RecordStatus, RowContent, RowProblem } from './dataset-model.ts';
