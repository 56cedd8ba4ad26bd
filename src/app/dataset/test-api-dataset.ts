/**
 * `window.__parley.dataset`: drive dataset mode from end-to-end tests and outside checks
 * (docs/app.md, "Test API"). A record's index is its position among the file's records in file
 * order (0-based; blank lines are not records; added records count where they stand).
 */
import { previewReady } from '../preview-ready.ts';
import { useAppStore } from '../store/index.ts';

export interface ParleyDatasetApi {
  /** Open `content` as if a file called `name` (default `dataset.jsonl`) had been opened; resolves when the first record is shown. */
  open(content: string | Uint8Array, name?: string): Promise<void>;
  /** Records in the file (blank lines not counted). */
  count(): number;
  /** Index of the record in the editors (-1: none). */
  current(): number;
  /** Resolves when record `index` is in the editors and the preview. */
  goto(index: number): Promise<void>;
  /** The whole file as Save/export writes it. */
  exportBytes(): Promise<Uint8Array>;
}

/** After a store change: the preview (a store subscriber) has it; wait for React to paint the editors. */
async function shown(): Promise<void> {
  await previewReady;
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** The asynchronous calls (test-api.ts answers count() and current() itself, from the store). */
export const datasetTestApi: Pick<ParleyDatasetApi, 'open' | 'goto' | 'exportBytes'> = {
  async open(content, name = 'dataset.jsonl') {
    const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
    const file = new File([bytes as BlobPart], name);
    const { openFile } = await import('../files/open.ts');
    const result = await openFile(file);
    if (!result.ok) throw new Error(result.message);
    if (!useAppStore.getState().dataset) throw new Error(`${name} opened as a single conversation, not as a dataset.`);
    await shown();
  },
  async goto(index) {
    const id = useAppStore.getState().datasetOrder[index];
    if (id === undefined) throw new RangeError(`There is no record ${index} (the dataset has ${useAppStore.getState().datasetOrder.length}).`);
    await useAppStore.getState().goto(id);
    await shown();
  },
  async exportBytes() {
    const { datasetBlob } = await import('./export-dataset.ts');
    return new Uint8Array(await datasetBlob().arrayBuffer());
  },
};
