/**
 * A hostile template never freezes the tab (issue 20): Jinja renders in a worker. Acting as a
 * person: paste a template whose nested loops would run for hours; the page stays usable (type
 * in a message field and read it back while the render runs); Stop appears and ends the render,
 * and the preview says so; a normal template afterwards renders again.
 */
import type { Page } from '@playwright/test';
import { expect, test, type ParleyPage } from './fixtures.ts';

const CONVERSATION = {
  messages: [
    { role: 'user', content: 'What is the capital of France?' },
    { role: 'assistant', content: 'Paris.' },
  ],
};

/** 10^10 loop steps: hours for any interpreter. */
const NESTED_LOOPS = '{% for a in range(100000) %}{% for b in range(100000) %}{% endfor %}{% endfor %}done';
const TEMPLATE = '{% for m in messages %}[{{ m.role }}] {{ m.content }}\n{% endfor %}';

async function chooseTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
}

/** Replaces the Template view's editor content as pasting would (select all, then the text). */
async function pasteTemplate(page: Page, text: string): Promise<void> {
  const panel = page.getByRole('tabpanel', { name: 'Template' });
  await panel.locator('.view-lines').click();
  await expect(panel.getByRole('textbox', { name: 'Jinja template' })).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
}

/**
 * Gives the template a budget it never reaches (the budgetSteps render option, which the app
 * takes from code only: docs/jinja.md), so that NESTED_LOOPS runs until stopped. With the
 * default budget it ends by itself within about a second, racing the Stop button (offered at 400 ms).
 */
async function budgetForHours(page: Page): Promise<void> {
  await page.evaluate(() => window.__parley.setFormat('jinja', { budgetSteps: 1e15 }));
}

async function openJinja(parley: ParleyPage, page: Page): Promise<void> {
  await parley.goto();
  await parley.load(CONVERSATION);
  await page.getByLabel('Format', { exact: true }).selectOption('jinja');
  await chooseTab(page, 'Template');
  await pasteTemplate(page, TEMPLATE);
  await expect.poll(() => parley.previewText()).toBe('[user] What is the capital of France?\n[assistant] Paris.\n');
}

test('a template that loops for hours leaves the page usable; Stop ends it and says so; a normal template renders again', async ({ parley, page }) => {
  await openJinja(parley, page);
  await budgetForHours(page);
  await pasteTemplate(page, NESTED_LOOPS);

  // The page answers while the render runs: a message field takes typing and shows it.
  const field = parley.field('Message 1 content');
  await field.fill('Typed while the template renders');
  await expect(field).toHaveValue('Typed while the template renders');
  const status = page.getByRole('status', { name: 'Template render' });
  const stop = status.getByRole('button', { name: 'Stop', exact: true });
  await expect(stop).toBeVisible();

  await stop.click();
  await expect(status).toHaveText(/^Stopped: you stopped the template render\./);
  await expect(parley.diagnostics).toContainText('Stopped: you stopped the template render');
  await chooseTab(page, 'Text');
  await expect.poll(() => parley.previewText()).toBe('');

  await chooseTab(page, 'Template');
  await pasteTemplate(page, TEMPLATE);
  await expect.poll(() => parley.previewText()).toBe('[user] Typed while the template renders\n[assistant] Paris.\n');
  await expect(status).toHaveText('');
  await expect(page.getByRole('status', { name: 'Template status' })).toHaveText('The template renders.');
});

test('a stopped render can be rendered again, and newer input replaces a long render without waiting for it', async ({ parley, page }) => {
  await openJinja(parley, page);
  await budgetForHours(page);
  await pasteTemplate(page, NESTED_LOOPS);
  const status = page.getByRole('status', { name: 'Template render' });
  await status.getByRole('button', { name: 'Stop', exact: true }).click();
  await status.getByRole('button', { name: 'Render again', exact: true }).click();
  // It runs again (the same input), so Stop is offered again.
  await expect(status.getByRole('button', { name: 'Stop', exact: true })).toBeVisible();
  // A normal template while the long one runs: its render comes without Stop.
  await pasteTemplate(page, '{{ messages[1].content }}');
  await expect.poll(() => parley.previewText()).toBe('Paris.');
  await expect(status).toHaveText('');
});

test('a template that asks for a billion-item range ends with a message, the page usable throughout', async ({ parley, page }) => {
  await openJinja(parley, page);
  await pasteTemplate(page, '{% for a in range(1000000000) %}{% endfor %}done');
  const field = parley.field('Message 1 content');
  await field.fill('Still typing');
  await expect(field).toHaveValue('Still typing');
  // However it ends (the engine's error, the budget, the worker out of memory, or Stop): it says why.
  const status = page.getByRole('status', { name: 'Template render' });
  const stop = status.getByRole('button', { name: 'Stop', exact: true });
  await expect(async () => {
    if (await stop.isVisible()) await stop.click();
    await expect(parley.diagnostics).toContainText(/Stopped|crashed|failed|budget|range/i, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await pasteTemplate(page, TEMPLATE);
  await expect.poll(() => parley.previewText()).toBe('[user] Still typing\n[assistant] Paris.\n');
});

test('a template that needs more than the budget is stopped by it, in the worker, and says so; the page stays usable', async ({ parley, page }) => {
  await openJinja(parley, page);
  // 1,500 × 1,000 loop items: about 7.5 million steps, past the default budget (1,000,000 and
  // 10,000 a message) after about a second; far past the page's first try (20,000 steps).
  await pasteTemplate(page, '{% for a in range(1500) %}{% for b in range(1000) %}{% endfor %}{% endfor %}done');
  const field = parley.field('Message 1 content');
  await field.fill('Typed while the budget runs');
  await expect(field).toHaveValue('Typed while the budget runs');
  const status = page.getByRole('status', { name: 'Template render' });
  await expect(status).toHaveText(/^Stopped: the template ran past its budget of 1,020,000 steps/, { timeout: 20_000 });
  await expect(parley.diagnostics).toContainText('The template ran past its budget');
  // The same budget would stop it again: no Render again.
  await expect(status.getByRole('button', { name: 'Render again', exact: true })).toHaveCount(0);
  await pasteTemplate(page, TEMPLATE);
  await expect.poll(() => parley.previewText()).toBe('[user] Typed while the budget runs\n[assistant] Paris.\n');
  await expect(status).toHaveText('');
});

test('Compare: a side\'s template renders in a worker; its Stop ends that render and says so', async ({ parley, page }) => {
  await openJinja(parley, page);
  // Compare's Jinja side starts from the format's options, the budget with them.
  await budgetForHours(page);
  await page.getByLabel('Format', { exact: true }).selectOption('apertus');
  await chooseTab(page, 'Compare');
  await page.getByLabel('Right template').fill(NESTED_LOOPS);
  const status = page.getByRole('status', { name: 'Right side’s template render' });
  const field = parley.field('Message 1 content');
  await field.fill('Typed while Compare renders');
  await expect(field).toHaveValue('Typed while Compare renders');
  await status.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(status).toHaveText(/^Stopped: you stopped the template render\./);
  await page.getByLabel('Right template').fill(TEMPLATE);
  await expect(page.getByRole('status', { name: 'Compare status' })).toHaveText(/^Differences: first at line 1/);
  await expect(status).toHaveText('');
});

test('the dataset diff renders both sides of a record with the template, in the worker', async ({ parley, page }) => {
  await parley.goto();
  const lines = [JSON.stringify(CONVERSATION), JSON.stringify({ messages: [{ role: 'user', content: 'Second' }] })];
  await page.evaluate((content) => window.__parley.dataset.open(content, 'two.jsonl'), lines.join('\n') + '\n');
  await page.evaluate((template) => window.__parley.setFormat('jinja', { template }), TEMPLATE);
  await parley.field('Message 2 content').fill('Lyon.');
  await page.getByRole('button', { name: 'Compare with original' }).click();
  const dialog = page.getByRole('dialog', { name: /changes from the original/ });
  await dialog.getByRole('button', { name: 'Rendered text' }).click();
  const differences = dialog.getByRole('region', { name: 'Differences' });
  // Each side its own render: the original's, then the edited one's.
  await expect(differences).toContainText('[assistant] Paris.');
  await expect(differences).toContainText('[assistant] Lyon.');
});

test('the Token view counts the template\'s render from the worker, and follows it when the template changes', async ({ parley, page }) => {
  test.setTimeout(90_000);
  await openJinja(parley, page);
  await chooseTab(page, 'Tokens');
  // A template names no tokenizer: the person chooses a shipped one.
  await page.getByLabel('Shipped tokenizer').selectOption({ index: 2 });
  const counted = () => page.evaluate(() => window.__parley.tokenCounts());
  // The tokenized text is the template's render, as the worker gave it.
  await expect.poll(async () => (await counted())?.text, { timeout: 60_000 }).toBe('[user] What is the capital of France?\n[assistant] Paris.\n');
  await chooseTab(page, 'Template');
  await pasteTemplate(page, '{{ messages[1].content }}');
  await expect.poll(async () => (await counted())?.text, { timeout: 30_000 }).toBe('Paris.');
});
