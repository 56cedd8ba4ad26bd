/**
 * The dataset panel's layout at a common laptop size (1440×900): the controls above the record
 * list (Read as, the review tools and their folded panels) must never push the list out of view.
 * The list keeps at least five whole rows on screen with every panel folded and with them all open
 * (issue 24's floor), and the record being edited stays wholly in view while moving through it.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** The floor issue 24 sets for the list with the side panels open (and which it must keep folded). */
const MIN_ROWS_IN_VIEW = 5;

const record = (i: number) => JSON.stringify({ messages: [{ role: 'user', content: `Question number ${i}?` }, { role: 'assistant', content: `Answer ${i}.` }] });
const FILE = Array.from({ length: 200 }, (_, i) => record(i)).join('\n') + '\n';

/** Rows `first`..`first + MIN_ROWS_IN_VIEW - 1` are wholly on screen. */
async function expectRowsInView(list: Locator, first: number): Promise<void> {
  for (let line = first; line < first + MIN_ROWS_IN_VIEW; line++) {
    await expect(list.getByRole('button', { name: new RegExp(`^Line ${line}: `) })).toBeInViewport({ ratio: 1 });
  }
}

async function openPanel(page: Page, name: string): Promise<void> {
  await page.getByText(name, { exact: true }).click();
}

test.use({ viewport: { width: 1440, height: 900 } });

test('the record list keeps five rows in view at 1440×900, with the panels above it folded and open', async ({ parley, page }) => {
  await parley.goto();
  await parley.openFile('many.jsonl', FILE, 'application/jsonl');
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
  const list = page.getByRole('list', { name: 'Records' });
  await expect(list.getByRole('button', { name: /^Line 1: Question number 0\?/ })).toBeVisible();
  await expectRowsInView(list, 1);

  // Every panel above the list open: the panels scroll in their own room, the list keeps its rows.
  await openPanel(page, 'Filters');
  await openPanel(page, 'Validation summary');
  await openPanel(page, 'Template regression');
  await expect(page.getByLabel('A format')).toBeAttached();
  await expectRowsInView(list, 1);

  // Moving on by keyboard: the record in the editors stays wholly in view.
  // One move at a time, as a person reads each record (a burst of keys may land while the list is busy).
  for (let i = 1; i <= 8; i++) {
    await page.keyboard.press('Alt+KeyJ');
    await expect(parley.field('Message 1 content')).toHaveValue(`Question number ${i}?`);
  }
  await expect(list.locator('button[aria-current="true"]')).toBeInViewport({ ratio: 1 });
});
