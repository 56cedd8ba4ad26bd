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
