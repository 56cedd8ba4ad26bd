import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';

for (const theme of ['light', 'dark'] as const) {
  test(`no serious or critical accessibility violations (${theme})`, async ({ parley, page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await parley.goto();
    await parley.expectPreviewToContain('<|user_start|>');
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
    expect(serious).toEqual([]);
  });
}
