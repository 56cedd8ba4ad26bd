import { randomBytes } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { MAX_SHARE_FRAGMENT_LENGTH } from '../src/app/share/limits.ts';
import { bombLink, linkTo } from '../src/app/share/test-links.ts';
import { expect, newGuardedPage, test, type ParleyPage } from './fixtures.ts';

test('a share link opens the same conversation, format and options in another browser', async ({ parley, page, browser, baseURL, watch }) => {
  await parley.goto();
  await parley.field('Message 2 part 1 text').fill('Shared question');
  await page.getByRole('checkbox', { name: 'Generation prompt' }).check();
  await parley.expectPreviewToContain('Shared question');
  const link = await parley.shareLink();
  expect(link).toMatch(/#share=v1\.[A-Za-z0-9_-]+$/);
  const expectedText = await parley.previewText();
  const expected = await parley.state();

  const other = await newGuardedPage(browser, baseURL, watch);
  await other.parley.goto(link);
  await expect(other.parley.field('Message 2 part 1 text')).toHaveValue('Shared question');
  await expect.poll(() => other.parley.previewText()).toBe(expectedText);
  const state = await other.parley.state();
  expect(state.formatId).toBe(expected.formatId);
  expect(state.formatOptions).toMatchObject({ addGenerationPrompt: true });
  // The fragment is removed once loaded, so a reload does not load it over newer edits.
  expect(new URL(other.parley.page.url()).hash).toBe('');
  await other.context.close();
});

test('a damaged share link says so and loads nothing', async ({ parley }) => {
  await parley.goto('./#share=v1.this-is-not-a-conversation');
  await expect(parley.alert).toContainText('This share link cannot be opened');
  await expect(parley.field('Message 2 part 1 text')).toHaveValue('Research machine learning for me');
});

test('a conversation too large for a link is refused with a message', async ({ parley, page }) => {
  await parley.goto();
  // Random text does not compress: about 60,000 characters of base64 make a link far over the limit.
  const noise = randomBytes(45_000).toString('base64');
  const result = await parley.load([{ role: 'user', content: noise }]);
  expect(result.ok).toBe(true);
  await parley.fileMenu('Share link…');
  await expect(parley.alert).toContainText('too large for a link');
  await expect(page.getByRole('dialog', { name: 'Share link' })).toBeHidden();
});

/** A link to a conversation whose second message says `text`, made in this page (then put back). */
async function linkSaying(parley: ParleyPage, text: string): Promise<string> {
  const field = parley.field('Message 2 part 1 text');
  const before = await field.inputValue();
  await field.fill(text);
  const link = await parley.shareLink();
  await field.fill(before);
  return link;
}

test('a share link asks before replacing your own work; "Keep mine" keeps it, also after a reload', async ({ parley, page }) => {
  await parley.goto();
  const link = await linkSaying(parley, 'Shared question');
  await parley.field('Message 2 part 1 text').fill('My own work');
  await expect(parley.saveStatus).toHaveText('Saved');

  await page.goto('about:blank');
  await parley.goto(link);
  const dialog = page.getByRole('dialog', { name: 'Open the shared conversation?' });
  await expect(dialog).toContainText('Your current conversation will be replaced; you can Undo.');
  // Nothing is replaced before the answer.
  await expect(parley.field('Message 2 part 1 text')).toHaveValue('My own work');
  await dialog.getByRole('button', { name: 'Keep mine' }).click();
  await expect(dialog).toBeHidden();
  await expect(parley.field('Message 2 part 1 text')).toHaveValue('My own work');
  expect(new URL(page.url()).hash).toBe('');
  await page.reload();
  await parley.waitReady();
  await expect(parley.field('Message 2 part 1 text')).toHaveValue('My own work');
  await expect(page.getByRole('dialog', { name: 'Open the shared conversation?' })).toBeHidden();
});

test('"Open" replaces your work with the shared conversation in one undo step', async ({ parley, page }) => {
  await parley.goto();
  const link = await linkSaying(parley, 'Shared question');
  await parley.field('Message 2 part 1 text').fill('My own work');
  await expect(parley.saveStatus).toHaveText('Saved');

  await page.goto('about:blank');
  await parley.goto(link);
  await page.getByRole('dialog', { name: 'Open the shared conversation?' }).getByRole('button', { name: 'Open', exact: true }).click();
  await expect(parley.field('Message 2 part 1 text')).toHaveValue('Shared question');
  await expect(parley.notice).toContainText('Undo brings yours back');
  await parley.button('Undo').click();
  await expect(parley.field('Message 2 part 1 text')).toHaveValue('My own work');
});

test('a link pasted into an open tab asks too, and a link to what you already have opens without asking', async ({ parley, page }) => {
  await parley.goto();
  const link = await linkSaying(parley, 'Shared question');
  await parley.field('Message 2 part 1 text').fill('My own work');
  // Only the fragment changes: no reload, the hashchange listener opens it.
  await page.evaluate((url) => {
    location.hash = new URL(url).hash;
  }, link);
  await expect(page.getByRole('dialog', { name: 'Open the shared conversation?' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(parley.field('Message 2 part 1 text')).toHaveValue('My own work');

  const same = await parley.shareLink();
  await page.goto('about:blank');
  await parley.goto(same);
  await expect(parley.notice).toContainText('Opened the conversation from the share link.');
  await expect(page.getByRole('dialog', { name: 'Open the shared conversation?' })).toBeHidden();
});

test('a short link to a conversation nested 2,000 levels deep is refused; the page and the saved work survive', async ({ parley, page }) => {
  await parley.goto();
  await parley.field('Message 2 part 1 text').fill('My own work');
  await expect(parley.saveStatus).toHaveText('Saved');
  // The audit's link: a tool whose parameters nest 2,000 levels, compressed into under 1,000 characters.
  let parameters = '{"type":"string"}';
  for (let i = 0; i < 2000; i++) parameters = `{"type":"object","properties":{"a":${parameters}}}`;
  const payload = `{"record":{"kind":"chat","messages":[],"tools":[{"id":"t1","name":"f","parameters":${parameters}}]},"formatId":"apertus","formatOptions":{}}`;
  const encoded = deflateRawSync(Buffer.from(payload), { level: 9 }).toString('base64url');
  const link = `./#share=v1.${encoded}`;
  expect(link.length).toBeLessThan(1000);

  await page.goto('about:blank');
  await parley.goto(link);
  await expect(parley.alert).toContainText('This share link cannot be opened: its content is nested more than 128 levels deep (at record.tools[0].parameters.properties.a…)');
  await expect(parley.field('Message 2 part 1 text')).toHaveValue('My own work');
  await page.reload();
  await parley.waitReady();
  await expect(parley.field('Message 2 part 1 text')).toHaveValue('My own work');
});


/** A conversation of one user message, as a link made elsewhere would carry it. */
function sharedRecord(text: string) {
  return { kind: 'chat', tools: [], messages: [{ id: 'm1', role: 'user', content: { type: 'text', text } }] };
}

const DEFAULT_SECOND_MESSAGE = 'Research machine learning for me';

test('a link naming a format Parley does not know is refused with the reason; nothing is opened', async ({ parley, page }) => {
  await parley.goto(`./#share=${linkTo({ record: sharedRecord('From the link'), formatId: 'evil<img src=x>', formatOptions: {} })}`);
  await expect(parley.alert).toContainText('This share link cannot be opened: it names a format this Parley does not know ("evil<img src=x>"). Nothing was loaded.');
  await expect(parley.field('Message 2 part 1 text')).toHaveValue(DEFAULT_SECOND_MESSAGE);
  await expect(page.getByText('From the link')).toHaveCount(0);
  expect((await parley.state()).formatId).toBe('apertus');
});

test('a link with an option its format does not take is refused with the reason', async ({ parley }) => {
  await parley.goto(`./#share=${linkTo({ record: sharedRecord('From the link'), formatId: 'apertus', formatOptions: { enableThinking: 'yes' } })}`);
  await expect(parley.alert).toContainText('This share link cannot be opened: its option "enableThinking" of the apertus format must be true or false, not "yes"');
  await expect(parley.field('Message 2 part 1 text')).toHaveValue(DEFAULT_SECOND_MESSAGE);
});

test('a short link that expands to 23.5 MB is refused at once, and the page stays usable', async ({ parley, page }) => {
  const link = bombLink(23_500_000);
  expect(link.length).toBeLessThan(MAX_SHARE_FRAGMENT_LENGTH);
  await parley.goto(`./#share=${link}`);
  await expect(parley.alert).toContainText('This share link cannot be opened: it expands to more than 1 MB (ask for the conversation as a file). Nothing was loaded.');
  await parley.field('Message 2 part 1 text').fill('Still usable');
  await parley.expectPreviewToContain('Still usable');
  expect(new URL(page.url()).hash).toBe('');
});

test('a link longer than Parley makes is refused, saying the limit', async ({ parley }) => {
  await parley.goto(`./#share=v1.${'A'.repeat(40_000)}`);
  await expect(parley.alert).toContainText('This share link cannot be opened: it is 40,003 characters long; links of more than 32,000 are not opened. Nothing was loaded.');
  await expect(parley.field('Message 2 part 1 text')).toHaveValue(DEFAULT_SECOND_MESSAGE);
});

test('a conversation opened from a link is saved at once: a reload still shows it', async ({ parley, page }) => {
  // A fresh profile: nothing saved, nothing to replace, so the link opens without a question.
  await parley.goto(`./#share=${linkTo({ record: sharedRecord('Keep me after a reload'), formatId: 'rwkv', formatOptions: {} })}`);
  await expect(parley.notice).toContainText('Opened the conversation from the share link.');
  await expect(parley.field('Message 1 content')).toHaveValue('Keep me after a reload');
  await expect(parley.saveStatus).toHaveText('Saved');
  expect(new URL(page.url()).hash).toBe('');
  await page.reload();
  await parley.waitReady();
  await expect(parley.field('Message 1 content')).toHaveValue('Keep me after a reload');
  expect((await parley.state()).formatId).toBe('rwkv');
});

/** The audit's template: loops nested too deep to ever finish rendering. */
const HOSTILE_TEMPLATE = '{% for a in range(100000) %}{% for b in range(100000) %}{{ a }}{% endfor %}{% endfor %}';

test('a link carrying a Jinja template shows it and asks first, even with nothing to replace; "Don\'t open" keeps all as it was', async ({ parley, page }) => {
  const link = `./#share=${linkTo({ record: sharedRecord('From the link'), formatId: 'jinja', formatOptions: { template: HOSTILE_TEMPLATE } })}`;
  expect(link.length).toBeLessThan(300);
  await parley.goto(link);
  const dialog = page.getByRole('dialog', { name: 'Open the shared conversation?' });
  await expect(dialog).toContainText('This link carries a Jinja template');
  await expect(dialog.getByRole('textbox', { name: 'The Jinja template in the link' })).toHaveValue(HOSTILE_TEMPLATE);
  // Nothing is applied before the answer.
  await expect(parley.field('Message 2 part 1 text')).toHaveValue(DEFAULT_SECOND_MESSAGE);
  expect((await parley.state()).formatId).toBe('apertus');
  await dialog.getByRole('button', { name: "Don't open" }).click();
  await expect(dialog).toBeHidden();
  await expect(parley.notice).toContainText('The shared conversation was not opened.');
  // The app is usable, the template never ran, and a reload does not ask again.
  await parley.field('Message 2 part 1 text').fill('Still mine');
  await parley.expectPreviewToContain('Still mine');
  expect((await parley.state()).formatId).toBe('apertus');
  await page.reload();
  await parley.waitReady();
  await expect(page.getByRole('dialog', { name: 'Open the shared conversation?' })).toBeHidden();
  await expect(parley.field('Message 2 part 1 text')).toHaveValue('Still mine');
});

test('a link carrying a Jinja template applies it once you agree, and saves it', async ({ parley, page }) => {
  const template = '{% for message in messages %}SHARED TEMPLATE: {{ message.content }}{% endfor %}';
  await parley.goto(`./#share=${linkTo({ record: sharedRecord('From the link'), formatId: 'jinja', formatOptions: { template } })}`);
  const dialog = page.getByRole('dialog', { name: 'Open the shared conversation?' });
  await expect(dialog.getByRole('textbox', { name: 'The Jinja template in the link' })).toHaveValue(template);
  await dialog.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(dialog).toBeHidden();
  await parley.expectPreviewToContain('SHARED TEMPLATE: From the link');
  await expect(parley.saveStatus).toHaveText('Saved');
  await page.reload();
  await parley.waitReady();
  await parley.expectPreviewToContain('SHARED TEMPLATE: From the link');
});
