/**
 * The largest file Parley opens in the editor. The whole record is held in memory, rendered on
 * every keystroke and autosaved as one IndexedDB value; past about 50 MB, JSON.parse alone takes
 * hundreds of MB of memory and the tab stops feeling live. Bigger inputs are datasets: the CLI
 * (`parley`) handles them line by line.
 */
export const MAX_OPEN_BYTES = 50 * 1024 * 1024;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
