import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, type ParleyPage } from './fixtures.ts';

/** Serious and critical axe violations of the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

/** The screens a person meets, each set up from the start screen. */
const SCREENS: { name: string; open: (parley: ParleyPage) => Promise<void> }[] = [
  { name: 'the start screen', open: async () => {} },
  {
    name: 'the Examples dialog',
    open: async (parley) => {
      await parley.button('Examples').click();
      await expect(parley.page.getByRole('dialog', { name: 'Examples' })).toBeVisible();
    },
  },
  {
    name: 'the Share dialog',
    open: async (parley) => {
      await parley.fileMenu('Share link…');
      await expect(parley.page.getByRole('dialog', { name: 'Share link' }).getByRole('textbox', { name: 'Share link' })).toHaveValue(/#share=/);
    },
  },
  {
    name: 'a screen with errors (a refused file, and diagnostics in the forms, the preview and the panel)',
    open: async (parley) => {
      const result = await parley.load({
        messages: [
          { role: 'user', content: 'Weather?' },
          { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city": ' } }] },
        ],
      });
      expect(result.ok).toBe(true);
      await parley.openFile('broken.json', '{"messages": [}');
      await expect(parley.alert).toContainText('broken.json is not valid JSON');
      await expect(parley.diagnostics).toContainText('not valid JSON');
    },
  },
  {
    name: 'dataset mode (the record list, the review buttons, a bad line)',
    open: async (parley) => {
      const record = (text: string) => JSON.stringify({ messages: [{ role: 'user', content: text }, { role: 'assistant', content: 'Yes.' }] });
      await parley.openFile('set.jsonl', [record('First?'), 'not json', record('Third?')].join('\n'), 'application/jsonl');
      await expect(parley.page.getByRole('list', { name: 'Records' }).getByRole('listitem')).toHaveCount(3);
      await expect(parley.page.getByRole('progressbar')).toHaveCount(0);
      await parley.page.getByRole('button', { name: /^Line 2:/ }).click();
      await expect(parley.page.getByRole('region', { name: 'Bad line' })).toBeVisible();
    },
  },
];

for (const theme of ['light', 'dark'] as const) {
  for (const screen of SCREENS) {
    test(`no serious or critical accessibility violations: ${screen.name} (${theme})`, async ({ parley, page }) => {
      await page.emulateMedia({ colorScheme: theme });
      await parley.goto();
      await parley.expectPreviewToContain('<|');
      await screen.open(parley);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}

test('no serious or critical accessibility violations: the question before a share link replaces your work', async ({ parley, page }) => {
  await parley.goto();
  const field = parley.field('Message 2 part 1 text');
  await field.fill('Shared');
  const link = await parley.shareLink();
  await field.fill('Mine');
  await page.goto('about:blank');
  await parley.goto(link);
  await expect(page.getByRole('dialog', { name: 'Open the shared conversation?' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
