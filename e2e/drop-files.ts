/** Dropping files onto the window, as from a file manager: shared by the specs that open files that way. */
import type { Page } from '@playwright/test';

/** Drop files onto the window together, as from a file manager. */
export async function dropFiles(page: Page, files: { name: string; text: string; type?: string }[]): Promise<void> {
  await page.evaluate((list) => {
    const data = new DataTransfer();
    for (const file of list) data.items.add(new File([file.text], file.name, { type: file.type ?? '' }));
    for (const type of ['dragenter', 'dragover', 'drop']) document.body.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
  }, files);
}
