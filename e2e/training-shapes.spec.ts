/**
 * Issue 22, training-data shapes in the app: a trl preference record opens as its shared prompt
 * with a chosen and a rejected branch, each edited with the message editors, each rendered as the
 * prompt followed by its completion, with the diff between the two; the edit is written back to
 * the field it came from.
 */
import type { Download } from '@playwright/test';
import { expect, test } from './fixtures.ts';

async function readDownload(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

// trl's conversational preference records ("Dataset formats and types"), one per line.
const LINES = [
  '{"prompt":[{"role":"user","content":"What color is the sky?"}],"chosen":[{"role":"assistant","content":"It is blue."}],"rejected":[{"role":"assistant","content":"It is green."}]}',
  '{"prompt":[{"role":"user","content":"Where is the sun?"}],"chosen":[{"role":"assistant","content":"In the sky."}],"rejected":[{"role":"assistant","content":"Under the sea."}]}',
];

test('a trl preference file: edit the rejected answer, read both previews and the diff, export and read the written line', async ({ parley, page }) => {
  await parley.goto();
  await parley.openFile('prefs.jsonl', `${LINES.join('\n')}\n`, 'application/jsonl');
  await expect(parley.notice).toContainText('Opened prefs.jsonl');
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });

  // The shared prompt once, then each branch with its own message editor.
  const prompt = page.getByRole('region', { name: 'Shared prompt' });
  await expect(prompt.getByLabel('Message 1 content', { exact: true })).toHaveValue('What color is the sky?');
  await expect(page.getByRole('region', { name: 'Chosen' }).getByLabel('Chosen message 1 content', { exact: true })).toHaveValue('It is blue.');
  const rejected = page.getByRole('region', { name: 'Rejected' }).getByLabel('Rejected message 1 content', { exact: true });
  await expect(rejected).toHaveValue('It is green.');
  await rejected.fill('It is grey.');

  // Each branch renders as the prompt followed by its completion; the diff names the changed line.
  await page.getByRole('tab', { name: 'Branches' }).click();
  const chosenPreview = page.getByRole('region', { name: 'Chosen preview' });
  const rejectedPreview = page.getByRole('region', { name: 'Rejected preview' });
  await expect(chosenPreview).toContainText('What color is the sky?');
  await expect(chosenPreview).toContainText('It is blue.');
  await expect(chosenPreview).not.toContainText('grey');
  await expect(rejectedPreview).toContainText('What color is the sky?');
  await expect(rejectedPreview).toContainText('It is grey.');
  await expect(rejectedPreview).not.toContainText('blue');
  // Apertus writes a conversation on one line: the one changed line holds the prompt too.
  const differences = page.getByRole('region', { name: 'Differences' });
  await expect(differences).toContainText('1 change:');
  await expect(differences).toContainText('− ');
  await expect(differences).toContainText('It is blue.');
  await expect(differences).toContainText('+ ');
  await expect(differences).toContainText('It is grey.');

  // The Text view shows the chosen branch; Ctrl+click on its answer goes to the chosen branch's field.
  await page.getByRole('tab', { name: 'Text' }).click();
  await parley.expectPreviewToContain('It is blue.');
  // (The line wraps before "blue.": that piece is the answer's too.)
  await page.getByRole('region', { name: 'Preview' }).locator('.view-line span span').filter({ hasText: /^(It[ \u00a0]is[ \u00a0])?blue\.$/ }).first().click({ modifiers: ['ControlOrMeta'] });
  await expect(page.getByLabel('Chosen message 1 content', { exact: true })).toBeFocused();

  await page.getByText('Export…', { exact: true }).click();
  const download = page.waitForEvent('download');
  await parley.button('Export the whole file').click();
  const out = (await readDownload(await download)).split('\n');
  expect(out[0]).toBe((LINES[0] as string).replace('"It is green."', '"It is grey."'));
  expect(out.slice(1)).toEqual([LINES[1], '']);
});

// Stanford Alpaca's record shape (instruction, input, output), as LLaMA-Factory's data/README writes it.
const ALPACA = { instruction: 'Translate the sentence to English.', input: 'Bonjour, le monde.', output: 'Hello, world.' };

test('an Alpaca record: instruction and input are two fields; input edited, exported, read back with only input changed', async ({ parley, page }) => {
  await parley.goto();
  await parley.openFile('alpaca.json', JSON.stringify(ALPACA, null, 2));
  await expect(parley.notice).toContainText('Opened alpaca.json');
  await expect(parley.field('Message 1 instruction')).toHaveValue(ALPACA.instruction);
  const input = parley.field('Message 1 input');
  await expect(input).toHaveValue(ALPACA.input);
  await expect(page.getByRole('region', { name: 'Completion' }).getByLabel('Completion message 1 content', { exact: true })).toHaveValue(ALPACA.output);
  await input.fill('Bonsoir, le monde.');
  // The preview renders the query as LLaMA-Factory joins it: the instruction, a line break, the input.
  await parley.expectPreviewToContain(`${ALPACA.instruction}\nBonsoir, le monde.`);
  await parley.expectPreviewToContain(ALPACA.output);

  await parley.fileMenu('Export as…');
  const dialog = page.getByRole('dialog', { name: 'Export as…' });
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  expect(JSON.parse(await readDownload(await downloading))).toEqual({ ...ALPACA, input: 'Bonsoir, le monde.' });
});
