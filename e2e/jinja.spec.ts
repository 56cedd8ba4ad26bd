/**
 * The Jinja template format and Compare, acting as a person: choose the format, paste a template
 * into the Template view, read the render, Ctrl+click a field in it, break the template and see
 * the error at its line; then Compare Parley's Apertus with the official Apertus template pasted
 * in (read from ../shared/reference at test time, skipped when absent): no differences.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, newGuardedPage, test, type ParleyPage } from './fixtures.ts';

const REFERENCE = join(process.env.PARLEY_REFERENCE_DIR ?? join(resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'shared', 'reference')), 'apertus', 'chat_template.jinja');

const CONVERSATION = {
  messages: [
    { role: 'user', content: 'What is the capital of France?' },
    { role: 'assistant', content: 'Paris.' },
  ],
};

const TEMPLATE = "{% for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>\n{% endfor %}";

async function chooseTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
}

/** Replaces the Template view's editor content as typing would (select all, then the text). */
async function typeTemplate(page: Page, text: string): Promise<void> {
  // Monaco's text area is a tiny off-screen element: the person clicks the lines they see.
  const panel = page.getByRole('tabpanel', { name: 'Template' });
  await panel.locator('.view-lines').click();
  await expect(panel.getByRole('textbox', { name: 'Jinja template' })).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
}

async function openJinja(parley: ParleyPage, page: Page): Promise<void> {
  await parley.goto();
  await parley.load(CONVERSATION);
  await page.getByLabel('Format', { exact: true }).selectOption('jinja');
}

test('a pasted template renders with spans: Ctrl+click focuses the field; a broken template shows its error at its line', async ({ parley, page }) => {
  await openJinja(parley, page);
  await chooseTab(page, 'Template');
  await typeTemplate(page, TEMPLATE);
  await expect.poll(() => parley.previewText()).toBe('<|im_start|>user\nWhat is the capital of France?<|im_end|>\n<|im_start|>assistant\nParis.<|im_end|>\n');
  await expect(page.getByRole('status', { name: 'Template status' })).toHaveText('The template renders.');

  await chooseTab(page, 'Text');
  const preview = page.getByRole('region', { name: 'Preview' });
  await preview.locator('.view-line span span').filter({ hasText: /^Paris\.$/ }).first().click({ modifiers: ['ControlOrMeta'] });
  await expect(parley.field('Message 2 content')).toBeFocused();

  await chooseTab(page, 'Template');
  await typeTemplate(page, "{% for m in messages %}\n{{ m.content }}\n{% if m.role == 'user' %}{{ raise_exception('users may not speak') }}{% endif %}{% endfor %}");
  await expect(page.getByRole('status', { name: 'Template status' })).toHaveText("Line 3, column 29: The template raised an exception: users may not speak");
  await typeTemplate(page, '{{ messages[0].content }}\n{% if true %}\nunclosed');
  await expect(page.getByRole('status', { name: 'Template status' })).toHaveText(/^Line \d+, column \d+: The template has a syntax error/);
  await expect(parley.diagnostics).toContainText('syntax error');
});

test('a pasted tokenizer_config.json gives its template, its special tokens and the choice of named templates', async ({ parley, page }) => {
  await openJinja(parley, page);
  await chooseTab(page, 'Template');
  const config = {
    bos_token: '<B>',
    chat_template: [
      { name: 'default', template: '{{ bos_token }}{% for m in messages %}{{ m.content }};{% endfor %}' },
      { name: 'short', template: '{{ messages[0].content }}' },
    ],
  };
  await typeTemplate(page, JSON.stringify(config));
  await expect.poll(() => parley.previewText()).toBe('<B>What is the capital of France?;Paris.;');
  await page.getByLabel('Named template').selectOption('short');
  await expect.poll(() => parley.previewText()).toBe('What is the capital of France?');
});

test('Compare: Parley\'s Apertus beside the official Apertus template pasted in shows no differences', async ({ parley, page }) => {
  test.skip(!existsSync(REFERENCE), `reference template not found at ${REFERENCE}`);
  await parley.goto();
  await parley.load(CONVERSATION);
  await page.getByLabel('Format', { exact: true }).selectOption('apertus');
  await chooseTab(page, 'Compare');
  const status = page.getByRole('status', { name: 'Compare status' });
  await expect(page.getByLabel('Right format')).toHaveValue('jinja');
  // The default ChatML template differs from Apertus.
  await expect(status).toHaveText(/^Differences: first at line 1/);
  await page.getByLabel('Right template').fill(readFileSync(REFERENCE, 'utf8'));
  await page.getByLabel('Right Variables').fill('{"bos_token": "<s>", "enable_thinking": true}');
  await expect(status).toHaveText('No differences');
  // A difference is found and placed: without its BOS `<s>` the left side starts `<|system_start|>`,
  // which parts from the right's `<s><|system…` at its second character.
  await page.getByLabel('Left BOS token').fill('');
  await expect(status).toHaveText(/^Differences: first at line 1, column 2/);
});

test('the template is saved with the session and carried by a share link', async ({ parley, page, browser, baseURL, watch }) => {
  await openJinja(parley, page);
  await chooseTab(page, 'Template');
  await typeTemplate(page, '{% for m in messages %}[{{ m.role }}] {{ m.content }}\n{% endfor %}');
  const expected = '[user] What is the capital of France?\n[assistant] Paris.\n';
  await expect.poll(() => parley.previewText()).toBe(expected);
  await expect(parley.saveStatus).toHaveText('Saved');

  await page.reload();
  await parley.waitReady();
  await expect.poll(() => parley.previewText()).toBe(expected);

  const link = await parley.shareLink();
  const other = await newGuardedPage(browser, baseURL, watch);
  await other.parley.goto(link);
  // A template from a link is shown and applied only once the person agrees (docs/app.md, share links).
  const dialog = other.parley.page.getByRole('dialog', { name: 'Open the shared conversation?' });
  await expect(dialog.getByRole('textbox', { name: 'The Jinja template in the link' })).toHaveValue('{% for m in messages %}[{{ m.role }}] {{ m.content }}\n{% endfor %}');
  await dialog.getByRole('button', { name: 'Open', exact: true }).click();
  await expect.poll(() => other.parley.previewText()).toBe(expected);
  await expect(other.parley.page.getByLabel('Format', { exact: true })).toHaveValue('jinja');
  await other.context.close();
});
