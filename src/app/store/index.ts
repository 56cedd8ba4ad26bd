export { useAppStore, type AppState } from './store.ts';
export { useRendered, renderState } from './derived.ts';
export type { ThemeChoice } from './view-slice.ts';
