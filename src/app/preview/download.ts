/** Saves text as a file through a temporary object URL (no server, no network). */
export function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
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

/** `conversation-2025-08-25.apertus.txt`: the format in the name, like the export's date. */
export function renderFileName(formatId: string, date = new Date()): string {
  return `conversation-${date.toISOString().slice(0, 10)}.${formatId}.txt`;
}
