/** The hidden file input of the toolbar's Open button, reachable from shortcuts (Ctrl+O). */
let input: HTMLInputElement | null = null;

export function registerPicker(element: HTMLInputElement | null): void {
  input = element;
}

export function openPicker(): void {
  input?.click();
}

/** The extensions the picker offers; other files can still be dropped or pasted. */
export const PICKER_ACCEPT = '.json,.jsonl,.ndjson,.parquet,application/json';
