/**
 * Entry points to opening and exporting that load the pipeline on first use. The codecs (and
 * zod, which they validate with) are not needed to show and edit the start-up record, so they
 * stay out of the JavaScript loaded before the editor; the chunk is prefetched once the app is idle.
 */
import type { ExportResult } from './export.ts';
import type { OpenResult } from './open.ts';

const openModule = () => import('./open.ts');
const exportModule = () => import('./export.ts');

export async function openFileLater(file: File): Promise<OpenResult> {
  return (await openModule()).openFile(file);
}

export async function openPastedTextLater(text: string): Promise<OpenResult> {
  return (await openModule()).openPastedText(text);
}

export async function openJsonLater(json: unknown, sourceName: string): Promise<OpenResult> {
  return (await openModule()).openJson(json, sourceName);
}

export async function exportToFileLater(codecId?: string): Promise<ExportResult> {
  return (await exportModule()).exportToFile(codecId);
}

export async function encodeRecordLater(codecId?: string): Promise<ExportResult> {
  return (await exportModule()).encodeRecord(codecId);
}

/** Load the pipeline in the background so that the first Open or Export is instant. */
export function prefetchFilePipeline(): void {
  void openModule();
  void exportModule();
  void import('./ReadAsPicker.tsx');
}
