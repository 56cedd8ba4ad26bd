/** Steps of team review (issue 26) as a person takes them, shared by the review specs. */
import { expect, type Page } from '@playwright/test';

/** Answer "Who is reviewing?", asked at the first review action of a browser. */
export async function nameReviewer(page: Page, name: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Who is reviewing?' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Reviewer name').fill(name);
  await dialog.getByRole('button', { name: 'Save name' }).click();
  await expect(dialog).toBeHidden();
}

/** Drop files onto the window together, as from a file manager. */
export async function dropFiles(page: Page, files: { name: string; text: string; type?: string }[]): Promise<void> {
  await page.evaluate((list) => {
    const data = new DataTransfer();
    for (const file of list) data.items.add(new File([file.text], file.name, { type: file.type ?? '' }));
    for (const type of ['dragenter', 'dragover', 'drop']) document.body.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
  }, files);
}
