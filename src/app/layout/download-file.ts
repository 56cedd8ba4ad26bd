/** Saves text (or a Blob: a dataset cut from its original file) as a file through a temporary object URL (no server, no network). */
export function downloadFile(content: string | Blob, fileName: string, type = 'application/json'): void {
  const url = URL.createObjectURL(typeof content === 'string' ? new Blob([content], { type }) : content);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by the time click() returns; revoke on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** `2025-08-25`, as in the export's file names. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}
