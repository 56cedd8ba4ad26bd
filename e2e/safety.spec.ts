/**
 * Hostile or damaged input: it shows as text, is refused with a message, or is kept aside; the
 * page never goes blank, runs nothing, and (by the fixture) logs no error.
 */
import { MAX_JSON_DEPTH } from '../src/core/index.ts';
import { expect, test } from './fixtures.ts';

const USER_FIELD = 'Message 2 part 1 text';
const IMG = '<img src=x onerror="window.__pwned=1">';
const SCRIPT = '<script>window.__pwned=1</script>';

/** `{"type":"object","properties":{"a":…}}` nested `levels` times, as text (2 JSON levels each). */
function deepSchemaText(levels: number): string {
  return `${'{"type":"object","properties":{"a":'.repeat(levels)}{"type":"string"}${'}}'.repeat(levels)}`;
}

test('HTML and script in a message and a tool argument show as text and never run', async ({ parley, page }) => {
  await parley.goto();
  const result = await parley.load({
    messages: [
      { role: 'user', content: `Look: ${IMG} and ${SCRIPT}` },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'render', arguments: JSON.stringify({ html: IMG, js: SCRIPT }) } }] },
    ],
  });
  expect(result.ok).toBe(true);
  await expect(parley.field('Message 1 content')).toHaveValue(`Look: ${IMG} and ${SCRIPT}`);
  await expect(page.getByRole('textbox', { name: /tool call 1 arguments$/ })).toHaveValue(/<img src=x onerror=/);
  await parley.expectPreviewToContain(`Look: ${IMG} and ${SCRIPT}`);
  await parley.expectPreviewToContain('window.__pwned=1</script>');
  // The text is on screen as text (Monaco's view lines), not as elements.
  await expect(page.getByText('onerror="window.__pwned=1"').first()).toBeVisible();
  expect(await page.locator('img[src="x"], script:not([src])').count()).toBe(0);
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
});

test(`a file nested deeper than ${MAX_JSON_DEPTH} levels is refused, saying where, and changes nothing`, async ({ parley, page }) => {
  await parley.goto();
  const text = `[{"role": "system", "content": "x", "tools": [{"type": "function", "function": {"name": "f", "parameters": ${deepSchemaText(2000)}}}]}]`;
  await parley.openFile('deep.json', text);
  await expect(parley.alert).toContainText(`deep.json is nested more than ${MAX_JSON_DEPTH} levels deep (at [0].tools[0].function.parameters.properties…)`);
  await expect(parley.alert).toContainText('Nothing was changed');
  await expect(parley.field(USER_FIELD)).toHaveValue('Research machine learning for me');
  // The test API goes the same way (a parsed value, as Paste and drop do).
  const result = await page.evaluate((json) => window.__parley.load(JSON.parse(json)), text);
  expect(result).toMatchObject({ ok: false, message: expect.stringContaining(`nested more than ${MAX_JSON_DEPTH} levels deep`) });
});

test('a tool-call argument nested 500 levels deep is coloured in the preview without errors', async ({ parley }) => {
  await parley.goto();
  const args = `${'{"a": '.repeat(500)}[1, true]${'}'.repeat(500)}`;
  const result = await parley.load({
    messages: [
      { role: 'user', content: 'Nest it.' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'nest', arguments: args } }] },
      { role: 'tool', tool_call_id: 'c1', content: 'done' },
    ],
  });
  expect(result.ok).toBe(true);
  await parley.expectPreviewToContain('[1, true]}}}');
  // Scroll through the whole text so that Monaco tokenizes every line (the error came from the tokenizer).
  await parley.page.getByRole('textbox', { name: 'Token text' }).focus();
  await parley.page.keyboard.press('Control+End');
  await parley.page.waitForTimeout(500);
  await parley.expectPreviewToContain('done');
  // The fixture fails the test on any console or page error ("maximum tokenizer stack size reached").
});

test('saved data that cannot be restored is kept aside: the app starts, and offers to export or discard it on every visit', async ({ parley, page }) => {
  await parley.goto();
  // What the audit found: a hostile share link had replaced the autosaved work with a deep record.
  // (500 schema levels, 1,000 JSON levels: IndexedDB itself refuses to store a few thousand.)
  await page.evaluate((parameters) => {
    return new Promise<void>((resolve, reject) => {
      const open = indexedDB.open('keyval-store');
      open.onerror = () => reject(open.error ?? new Error('open failed'));
      open.onsuccess = () => {
        const tx = open.result.transaction('keyval', 'readwrite');
        tx.objectStore('keyval').put(
          { version: 1, savedAt: Date.now() + 60_000, record: { kind: 'chat', tools: [{ id: 't1', name: 'f', parameters: JSON.parse(parameters) as unknown }], messages: [] }, formatId: 'apertus', formatOptions: {} },
          'parley.document',
        );
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error ?? new Error('write failed'));
      };
    });
  }, deepSchemaText(500));

  const banner = page.getByRole('region', { name: 'Saved data that could not be restored' });
  await page.reload();
  await parley.waitReady();
  await expect(banner).toContainText(`The saved conversation could not be restored: the saved data is nested more than ${MAX_JSON_DEPTH} levels deep`);
  // Not blank: the editor and the preview work, with the start-up example.
  await expect(parley.field(USER_FIELD)).toHaveValue('Research machine learning for me');
  await parley.expectPreviewToContain('Research machine learning for me');
  // Work goes on and is saved, without touching what was kept aside …
  await parley.field(USER_FIELD).fill('New work');
  await expect(parley.saveStatus).toHaveText('Saved');
  // … which is offered again on the next visit, until exported or discarded.
  await page.reload();
  await parley.waitReady();
  await expect(parley.field(USER_FIELD)).toHaveValue('New work');
  await expect(banner).toContainText('could not be restored');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export saved data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^parley-unrestored-\d{4}-\d{2}-\d{2}\.json$/);
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  const exported = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { value: { record: { tools: { parameters: unknown }[] } } }[];
  expect(JSON.stringify(exported[0]?.value.record.tools[0]?.parameters)).toBe(deepSchemaText(500));

  await page.getByRole('button', { name: 'Discard saved data' }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await parley.waitReady();
  await expect(parley.field(USER_FIELD)).toHaveValue('New work');
  await expect(banner).toBeHidden();
});
