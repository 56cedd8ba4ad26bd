/** Read companion files (companions.ts) onto the open dataset: each one's outcome is said by its reader. */
import { useAppStore } from '../store/index.ts';
import { companionKind } from './companions.ts';

export async function openCompanions(files: readonly File[]): Promise<void> {
  for (const file of files) {
    const kind = companionKind(file.name);
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await file.arrayBuffer());
    } catch (thrown) {
      useAppStore.getState().showNotice({ tone: 'error', title: `${file.name} could not be read: ${thrown instanceof Error ? thrown.message : String(thrown)}.` });
      continue;
    }
    if (kind === 'review') await (await import('./review-file-commands.ts')).openReviewText(new TextDecoder().decode(bytes), file.name);
    else if (kind === 'guidelines') (await import('./guidelines.ts')).openGuidelines(bytes, file.name);
  }
}
