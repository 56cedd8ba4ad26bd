/**
 * Object tool-call arguments in the Apertus preview: their JSON text by default (the official
 * template would write "[object Map]"), and the template's own bytes when the toolbar option asks.
 */
import { test } from './fixtures.ts';

test('object arguments show as their JSON text; the toolbar option shows the template\'s [object Map]', async ({ parley, page }) => {
  await parley.goto();
  const record = { messages: [{ role: 'user', content: 'Q' }, { role: 'assistant', content: { blocks: [{ type: 'tool_calls', calls: [{ name: 'lookup', arguments: { city: 'Bern' } }] }] } }] };
  await parley.openFile('object-arguments.json', JSON.stringify(record));
  await parley.expectPreviewToContain('[{"lookup": {"city": "Bern"}}]');
  await page.getByRole('checkbox', { name: 'Object arguments as [object Map]' }).check();
  await parley.expectPreviewToContain('[{"lookup": [object Map]}]');
});
