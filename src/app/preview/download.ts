import { downloadFile } from '../layout/download-file.ts';

/** Saves the rendered text as a UTF-8 text file (no server, no network). */
export function downloadText(text: string, fileName: string): void {
  downloadFile(text, fileName, 'text/plain;charset=utf-8');
}

/** `conversation-2025-08-25.apertus.txt`: the format in the name, like the export's date. */
export function renderFileName(formatId: string, date = new Date()): string {
  return `conversation-${date.toISOString().slice(0, 10)}.${formatId}.txt`;
}
