/**
 * Issue 22, training-data shapes in the app: a trl preference record opens as its shared prompt
 * with a chosen and a rejected branch, each edited with the message editors, each rendered as the
 * prompt followed by its completion, with the diff between the two; the edit is written back to
 * the field it came from.
 */
import { expect, test } from './fixtures.ts';

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

  // The Text view shows the chosen branch.
  await page.getByRole('tab', { name: 'Text' }).click();
  await parley.expectPreviewToContain('It is blue.');

  await page.getByText('Export…', { exact: true }).click();
  const download = page.waitForEvent('download');
  await parley.button('Export the whole file').click();
  const file = await download;
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  const out = Buffer.concat(chunks).toString('utf8').split('\n');
  expect(out[0]).toBe((LINES[0] as string).replace('"It is green."', '"It is grey."'));
  expect(out.slice(1)).toEqual([LINES[1], '']);
});
