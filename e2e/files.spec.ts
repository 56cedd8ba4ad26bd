import { closeSync, openSync, ftruncateSync } from 'node:fs';
import { formatBytes, MAX_OPEN_BYTES } from '../src/app/files/limits.ts';
import { expect, test } from './fixtures.ts';
import { dropFiles } from './drop-files.ts';

// The system message's mapping form ({"text": …}) makes this unmistakably Apertus JSON, whatever
// the format shown (plain string messages are read as OpenAI Chat, their most common writer).
const chat = [
  { role: 'system', content: { text: 'You answer in one word.' } },
  { role: 'user', content: 'Capital of France?' },
  { role: 'assistant', content: 'Paris.' },
];

test('a file opened with the picker replaces the conversation and the preview shows it', async ({ parley, page }) => {
  await parley.goto();
  // As a person does it: choose File, Open file…, then choose the file in the browser's file chooser.
  const chooser = page.waitForEvent('filechooser');
  await parley.fileMenu('Open file…');
  const fileChooser = await chooser;
  expect(fileChooser.isMultiple()).toBe(false);
  await fileChooser.setFiles({ name: 'capital.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(chat, null, 2), 'utf8') });
  await expect(parley.notice).toContainText('Opened capital.json (Apertus JSON)');
  await expect(parley.field('Message 2 content')).toHaveValue('Capital of France?');
  await parley.expectPreviewToContain('<|user_start|>Capital of France?<|user_end|>');
  // One undo step brings the previous conversation back.
  await parley.button('Undo').click();
  await expect(parley.field('Message 2 part 1 text')).toHaveValue('Research machine learning for me');
});

test('malformed JSON reports its line and column and keeps the conversation', async ({ parley }) => {
  await parley.goto();
  await parley.openFile('broken.json', '[\n  {"role": "user",\n   "content": "hi",}\n]');
  await expect(parley.alert).toContainText("broken.json is not valid JSON: Trailing comma before '}' at line 3, column 19");
  await expect(parley.field('Message 2 part 1 text')).toHaveValue('Research machine learning for me');
});

test('decode errors are listed with their paths and change nothing', async ({ parley }) => {
  await parley.goto();
  await parley.openFile('bad-shape.json', JSON.stringify([{ role: 'user', content: { parts: [] } }, { role: 'assistant', content: { blocks: [{ type: 'response' }] } }]));
  await expect(parley.alert).toContainText('Nothing was changed');
  await expect(parley.alert).toContainText('[1].content.blocks[0]');
  await expect(parley.field('Message 2 part 1 text')).toHaveValue('Research machine learning for me');
});

test('a .jsonl file opens as a dataset, its first record in the editors', async ({ parley, page }) => {
  await parley.goto();
  const lines = [chat, [{ role: 'user', content: 'second record' }]].map((record) => JSON.stringify(record)).join('\n');
  await parley.openFile('dataset.jsonl', lines, 'application/jsonl');
  await expect(parley.notice).toContainText('Opened dataset.jsonl');
  await expect(parley.notice).toContainText('2 records');
  await expect(page.getByRole('list', { name: 'Records' }).getByRole('listitem')).toHaveCount(2);
  await expect(parley.field('Message 2 content')).toHaveValue('Capital of France?');
});

test('Paste JSON opens pasted text; Export as… downloads Apertus JSON', async ({ parley, page }) => {
  await parley.goto();
  await parley.fileMenu('Paste JSON…');
  const dialog = page.getByRole('dialog', { name: 'Paste JSON' });
  await dialog.getByRole('textbox', { name: 'JSON to open' }).fill(JSON.stringify(chat));
  await dialog.getByRole('button', { name: 'Open' }).click();
  await expect(dialog).toBeHidden();
  await parley.expectPreviewToContain('Paris.');

  await parley.fileMenu('Export as…');
  const exportDialog = page.getByRole('dialog', { name: 'Export as…' });
  await expect(exportDialog.getByRole('radio', { name: /^Apertus JSON \(default\)/ })).toBeChecked();
  const download = page.waitForEvent('download');
  await exportDialog.getByRole('button', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^conversation-\d{4}-\d{2}-\d{2}\.json$/);
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(JSON.parse(Buffer.concat(chunks).toString('utf8'))).toEqual(chat);
});

test('dropping a file onto the window and pasting JSON outside a field open them too', async ({ parley, page }) => {
  await parley.goto();
  await dropFiles(page, [{ name: 'dropped.json', text: JSON.stringify(chat), type: 'application/json' }]);
  await expect(parley.notice).toContainText('Opened dropped.json (Apertus JSON)');
  await parley.expectPreviewToContain('Capital of France?');

  const pasted = [{ role: 'user', content: { parts: [{ type: 'text', text: 'Pasted with Ctrl+V' }] } }];
  await page.evaluate((text) => {
    (document.activeElement as HTMLElement | null)?.blur();
    const data = new DataTransfer();
    data.setData('text/plain', text);
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, JSON.stringify(pasted));
  await parley.expectPreviewToContain('Pasted with Ctrl+V');
});

test(`a file over ${MAX_OPEN_BYTES / 1024 / 1024} MB is refused with a message and changes nothing`, async ({ parley, page }, testInfo) => {
  await parley.goto();
  // A sparse file one byte over the limit: instant to make; Parley refuses it by its size, unread.
  const path = testInfo.outputPath('huge.json');
  const fd = openSync(path, 'w');
  ftruncateSync(fd, MAX_OPEN_BYTES + 1);
  closeSync(fd);
  const chooser = page.waitForEvent('filechooser');
  await parley.fileMenu('Open file…');
  await (await chooser).setFiles(path);
  await expect(parley.alert).toContainText(`huge.json is ${formatBytes(MAX_OPEN_BYTES + 1)}; Parley opens files up to ${formatBytes(MAX_OPEN_BYTES)} in the editor`);
  await expect(parley.alert).toContainText('Nothing was changed');
  await expect(parley.field('Message 2 part 1 text')).toHaveValue('Research machine learning for me');
});
