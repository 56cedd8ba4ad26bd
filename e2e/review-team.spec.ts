/**
 * Team review without a server (issue 26), as two people do it in their own browsers: Ana
 * reviews (a verdict, a flag, a comment on a message), saves the review file; Bo opens the
 * dataset, changed since (a record inserted above), with Ana's review file dropped beside it:
 * each verdict and comment is back on its record (matched by its bytes, not its old line), the
 * entry that matches nothing is listed, open comments are a filter, and Bo resolves one under
 * his own name. Guidelines dropped beside a dataset are shown with their labels and never run
 * what they contain.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { jsonlFile, splitJsonl, splitManifest } from '../src/core/index.ts';
import { expect, newGuardedPage, test, type ParleyPage } from './fixtures.ts';
import { dropFiles } from './drop-files.ts';
import { nameReviewer } from './review-helpers.ts';

const record = (i: number) => JSON.stringify({ id: `r${i}`, messages: [{ role: 'user', content: `Question ${i}?` }, { role: 'assistant', content: `Answer ${i}.` }] });
const LINES = Array.from({ length: 6 }, (_, i) => record(i + 1));
const DATASET = `${LINES.join('\n')}\n`;
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

test('two reviewers exchange a review file: verdicts and comments follow their records, what matches nothing is listed', async ({ parley, page, browser, watch, baseURL }) => {
  // Two browsers on a shared 2-core machine.
  test.setTimeout(90_000);
  await parley.goto();
  await parley.openFile('team.jsonl', DATASET, 'application/jsonl');
  const list = page.getByRole('list', { name: 'Records' });
  await expect(list.getByRole('button', { name: /^Line 6: / })).toBeVisible();

  // Ana: line 1 done (her name is asked at this first verdict), line 2 flagged with a comment on its answer.
  await list.getByRole('button', { name: /^Line 1: / }).click();
  await parley.button('Done').click();
  await nameReviewer(page, 'Ana');
  await expect(list.getByRole('button', { name: /^Line 1: .*\bdone\b/ })).toBeVisible();
  await expect(list.getByRole('button', { name: /^Line 2: / })).toHaveAttribute('aria-current', 'true');
  await parley.button('Flag').click();
  await page.getByText('Comments and labels').click();
  await page.getByLabel('New comment').fill('Is this answer right?');
  await page.getByLabel('Comment on').selectOption({ label: 'message 2' });
  await parley.button('Add comment').click();
  await expect(list.getByRole('button', { name: /^Line 2: .*\bflagged, 1 open comment/ })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), parley.fileMenu('Save review file')]);
  expect(download.suggestedFilename()).toBe('team.review.jsonl');
  const reviewText = await readFile(await download.path(), 'utf8');
  const entries = reviewText.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(entries).toHaveLength(2);
  expect(entries[0]).toMatchObject({ line: 1, fingerprint: sha256(LINES[0] as string), status: 'done', labels: [], comments: [], reviewer: 'Ana' });
  expect(entries[1]).toMatchObject({ line: 2, fingerprint: sha256(LINES[1] as string), status: 'flagged', reviewer: 'Ana' });
  expect(entries[1]?.comments).toEqual([{ author: 'Ana', time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown, text: 'Is this answer right?', resolved: false, message: 1 }]);

  // Export with statuses, from the File menu: the field named in its dialog, on the reviewed records only.
  await parley.fileMenu('Export with statuses…');
  const exportDialog = page.getByRole('dialog', { name: 'Export with statuses' });
  await exportDialog.getByLabel('Status field').fill('verdict');
  const [exported] = await Promise.all([page.waitForEvent('download'), exportDialog.getByRole('button', { name: 'Export with statuses' }).click()]);
  const exportedLines = (await readFile(await exported.path(), 'utf8')).trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(exportedLines.map((line) => line.verdict)).toEqual(['done', 'flagged', undefined, undefined, undefined, undefined]);

  // Bo, in his own browser: the dataset has a new first record since; Ana's file dropped beside it, plus an entry on a record that is gone.
  const bo = await newGuardedPage(browser, baseURL, watch);
  try {
    const changed = `${record(0)}\n${DATASET}`;
    const gone = JSON.stringify({ line: 40, fingerprint: sha256('gone'), status: 'rejected', labels: [], comments: [], reviewer: 'Zed' });
    await bo.parley.goto();
    await dropFiles(bo.parley.page, [
      { name: 'team.jsonl', text: changed, type: 'application/jsonl' },
      { name: 'team.review.jsonl', text: `${reviewText}${gone}\n` },
    ]);
    await expect(bo.parley.notice).toContainText('Read team.review.jsonl: 2 record(s) given their review');
    await expect(bo.parley.notice).toContainText('1 entry(ies) match no record');
    const boList = bo.parley.page.getByRole('list', { name: 'Records' });
    await expect(boList.getByRole('button', { name: /^Line 2: Question 1\?.*\bdone\b/ })).toBeVisible();
    await expect(boList.getByRole('button', { name: /^Line 3: Question 2\?.*\bflagged, 1 open comment/ })).toBeVisible();
    await expect(boList.getByRole('button', { name: /^Line 1: .*\bunreviewed\b/ })).toBeVisible();
    await bo.parley.page.getByText('1 entry of team.review.jsonl match no record').click();
    await expect(bo.parley.page.getByRole('list', { name: 'Unmatched review entries' })).toContainText('line 40 (rejected, Zed): no record has its fingerprint or its line');

    // Open comments as a filter.
    await bo.parley.page.getByText('Filters', { exact: true }).click();
    await bo.parley.page.getByLabel('Open comments').selectOption('yes');
    await expect(bo.parley.page.getByRole('status', { name: 'Records shown' })).toHaveText('1 of 7 records');

    // Bo resolves Ana's comment: his name is asked, the comment keeps its author.
    await boList.getByRole('button', { name: /^Line 3: / }).click();
    const comments = bo.parley.page.getByRole('list', { name: 'Comments' });
    await expect(comments).toContainText('Ana · message 2 · open');
    await comments.getByRole('button', { name: 'Resolve' }).click();
    await nameReviewer(bo.parley.page, 'Bo');
    await expect(comments).toContainText('Ana · message 2 · resolved');
    await expect(bo.parley.page.getByRole('status', { name: 'Records shown' })).toHaveText('0 of 7 records');
  } finally {
    await bo.context.close();
  }
});

test('guidelines dropped beside the dataset: shown with their labels, their script and event-handler payloads never run', async ({ parley, page }) => {
  await parley.goto();
  const guidelines = [
    '---',
    'labels: [toxic, "off topic"]',
    'rules: team.rules.json',
    '---',
    '# How to review',
    '',
    'Reject **toxic** answers.',
    '',
    '<script>window.__pwned = "script"</script>',
    '<img src="x" onerror="window.__pwned = \'onerror\'">',
    '<p onmouseover="window.__pwned = \'hover\'">Hover me</p>',
    '<a href="javascript:window.__pwned=\'link\'">a link</a>',
  ].join('\n');
  await dropFiles(page, [
    { name: 'team.jsonl', text: DATASET, type: 'application/jsonl' },
    { name: 'team.guidelines.md', text: guidelines },
  ]);
  const panel = page.getByRole('complementary', { name: 'Guidelines' });
  await expect(panel.getByRole('heading', { name: 'How to review' })).toBeVisible();
  await expect(panel).toContainText('Labels: toxic, off topic. Rules file: team.rules.json.');
  await panel.getByText('Hover me').hover();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  const body = panel.getByTestId('guidelines-body');
  expect(await body.innerHTML()).not.toMatch(/<script|onerror|onmouseover|javascript:/i);

  // The labels are offered on the record, and the label given carries the guidelines' hash into the review file.
  const list = page.getByRole('list', { name: 'Records' });
  await list.getByRole('button', { name: /^Line 1: / }).click();
  await page.getByText('Comments and labels').click();
  await page.getByRole('group', { name: 'Labels' }).getByLabel('toxic').click();
  await nameReviewer(page, 'Ana');
  await expect(page.getByRole('group', { name: 'Labels' }).getByLabel('toxic')).toBeChecked();
  const [download] = await Promise.all([page.waitForEvent('download'), parley.fileMenu('Save review file')]);
  const entry = JSON.parse((await readFile(await download.path(), 'utf8')).trim()) as Record<string, unknown>;
  expect(entry).toMatchObject({ line: 1, labels: ['toxic'], reviewer: 'Ana', guidelines: sha256(guidelines) });
});

test('the File menu opens guidelines beside the open dataset (its review entries are there in dataset mode only)', async ({ parley, page }) => {
  await parley.goto();
  await page.getByRole('button', { name: 'File', exact: true }).click();
  const menu = page.getByRole('menu', { name: 'File' });
  await expect(menu.getByRole('menuitem', { name: 'Open file…' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Save review file' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await parley.openFile('team.jsonl', DATASET, 'application/jsonl');
  await expect(page.getByRole('list', { name: 'Records' }).getByRole('button', { name: /^Line 6: / })).toBeVisible();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), parley.fileMenu('Open review file or guidelines…')]);
  await chooser.setFiles({ name: 'team.guidelines.md', mimeType: 'text/markdown', buffer: Buffer.from('# Menu guidelines\n\nBe kind.\n') });
  await expect(page.getByRole('complementary', { name: 'Guidelines' }).getByRole('heading', { name: 'Menu guidelines' })).toBeVisible();
});

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download]: [Download, void] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

/** The `count` downloads one click gives, in the order they came. */
async function downloadedAll(page: Page, count: number, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }[]> {
  const downloads: Download[] = [];
  const take = (download: Download) => void downloads.push(download);
  page.on('download', take);
  try {
    await click();
    await expect.poll(() => downloads.length).toBe(count);
  } finally {
    page.off('download', take);
  }
  return Promise.all(downloads.map(async (d) => ({ name: d.suggestedFilename(), bytes: await readFile(await d.path()) })));
}

/** One reviewer's pass over a part: an edit of the first overlap record's question, a verdict on each overlap record; the part saved and its review file. */
async function reviewPart(parley: ParleyPage, name: string, part: { file: string; bytes: Uint8Array; lines: number[] }, overlap: number[], fix: string, verdicts: ('Done' | 'Reject')[]) {
  const { page } = parley;
  await parley.goto();
  await parley.openFile(part.file, Buffer.from(part.bytes).toString('utf8'), 'application/jsonl');
  const list = page.getByRole('list', { name: 'Records' });
  const at = (line: number) => part.lines.indexOf(line) + 1;
  // A record opens when its bytes are read: wait until its question is shown before editing it or judging it (under load
  // the form could still show the record before, and the fix or the verdict would land there).
  const shows = (line: number) => expect(parley.field('Message 1 content')).toHaveValue(`Question ${line}?`);
  await list.getByRole('button', { name: new RegExp(`^Line ${at(overlap[0] as number)}: `) }).click();
  await shows(overlap[0] as number);
  await parley.field('Message 1 content').fill(fix);
  for (const [i, line] of overlap.entries()) {
    if (i > 0) {
      await list.getByRole('button', { name: new RegExp(`^Line ${at(line)}: `) }).click();
      await shows(line);
    }
    await parley.button(verdicts[i] as string).click();
    if (i === 0) await nameReviewer(page, name);
    await expect(list.getByRole('button', { name: new RegExp(`^Line ${at(line)}: .*\\b${verdicts[i] === 'Done' ? 'done' : 'rejected'}\\b`) })).toBeVisible();
  }
  // Save gives the part and, beside it, its review file (the records named as the saved part has them).
  const [saved, alongside] = await downloadedAll(page, 2, () => parley.button(/^Save( \(download\))?$/).click());
  expect(saved?.name).toBe(part.file);
  expect(alongside?.name).toBe(part.file.replace(/\.jsonl$/, '.review.jsonl'));
  const review = await downloaded(page, () => parley.fileMenu('Save review file'));
  expect(review.name).toBe(part.file.replace(/\.jsonl$/, '.review.jsonl'));
  return [saved as { name: string; bytes: Buffer }, review];
}

test('item 7: a split with an overlap, each part reviewed in its own browser, joined with its one conflict resolved, agreement over the overlap', async ({ parley, browser, watch, baseURL }) => {
  test.setTimeout(180_000);
  const lines = Array.from({ length: 8 }, (_, i) => record(i + 1));
  const original = Buffer.from(`${lines.join('\n')}\n`, 'utf8');
  // The split `parley review split team.jsonl --parts 2 --overlap 0.25` writes (its own functions).
  const file = jsonlFile(new Uint8Array(original));
  const options = { parts: 2, by: 'range' as const, overlap: 0.25 };
  const split = splitJsonl(file, options);
  const partFiles = ['team.part1.jsonl', 'team.part2.jsonl'];
  const manifest = splitManifest('team.jsonl', file, options, split, partFiles);
  const overlap = split.overlapLines;
  expect(overlap).toHaveLength(2);
  const parts = split.parts.map((part, p) => ({ file: partFiles[p] as string, bytes: part.bytes, lines: part.lines }));

  // Ana and Bo, each in a browser of their own: both fix the same question differently; they agree on one overlap record, not the other.
  const ana = await reviewPart(parley, 'Ana', parts[0]!, overlap, 'Fixed by Ana?', ['Done', 'Done']);
  const boPage = await newGuardedPage(browser, baseURL, watch);
  let bo: Awaited<ReturnType<typeof reviewPart>>;
  try {
    bo = await reviewPart(boPage.parley, 'Bo', parts[1]!, overlap, 'Fixed by Bo?', ['Done', 'Reject']);
  } finally {
    await boPage.context.close();
  }

  // The merge, in Ana's browser: the original, the manifest, both parts and both review files.
  const { page } = parley;
  await parley.fileMenu('Merge reviewers’ work…');
  const dialog = page.getByRole('dialog', { name: 'Merge reviewers’ work' });
  await dialog.getByLabel('Original dataset').setInputFiles({ name: 'team.jsonl', mimeType: 'application/jsonl', buffer: original });
  await dialog.getByLabel(/^Reviewers’ edited datasets/).setInputFiles([
    { name: 'team.parts.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(manifest)) },
    ...[...ana, ...bo].map((f) => ({ name: f.name, mimeType: 'application/jsonl', buffer: f.bytes })),
  ]);
  await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Dataset: 1 conflict(s), 1 left to resolve.' })).toBeVisible();
  const conflict = dialog.getByRole('region', { name: new RegExp(`^Conflict at line ${overlap[0]}: `) });
  await expect(conflict.getByRole('figure', { name: 'Original' })).toContainText(`Question ${overlap[0]}?`);
  await expect(conflict.getByRole('figure', { name: 'team.part1.jsonl' })).toContainText('Fixed by Ana?');
  await expect(conflict.getByRole('figure', { name: 'team.part2.jsonl' })).toContainText('Fixed by Bo?');
  await conflict.getByRole('button', { name: 'Take B' }).click();
  await expect(conflict.getByRole('status')).toHaveText('took B');

  // The merged file: the original byte for byte but the resolved record, which carries Bo's fix.
  const merged = await downloaded(page, () => dialog.getByRole('button', { name: 'Download merged dataset' }).click());
  expect(merged.name).toBe('team.merged.jsonl');
  const mergedLines = merged.bytes.toString('utf8').split('\n');
  expect(mergedLines).toHaveLength(lines.length + 1);
  mergedLines.forEach((line, i) => {
    if (i + 1 === overlap[0]) expect(JSON.parse(line)).toEqual({ ...JSON.parse(lines[i] as string), messages: [{ role: 'user', content: 'Fixed by Bo?' }, { role: 'assistant', content: `Answer ${i + 1}.` }] });
    else expect(line).toBe(lines[i] ?? '');
  });

  // Agreement over the overlap: 1 of 2 records the same; kappa by hand: po = 1/2, pe = P(Ana done)·P(Bo done) = 1 · 1/2, (po − pe)/(1 − pe) = 0.
  const table = dialog.getByRole('table', { name: 'Agreement' });
  await expect(table).toContainText('Ana, Bo: 2 of 2 records rated by every reviewer');
  await expect(table.getByRole('row', { name: /^Status/ })).toHaveText(/Status\s*50\.0\s*0\.00/);
  await expect(dialog.getByRole('list', { name: 'Disagreements' }).getByRole('listitem')).toHaveText([/^Ana done · Bo rejected/]);

  // The disagreement as a filter of Ana's list (her part, still open): only its record is listed.
  await dialog.getByRole('button', { name: 'List the 1 disagreement(s)' }).click();
  await expect(parley.notice).toContainText('The list shows the 1 record(s) of the 1 disagreement(s).');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByText('Filters (1 on)', { exact: true }).click();
  await expect(page.getByRole('status', { name: 'Records shown' })).toHaveText(`1 of ${parts[0]!.lines.length} records`);
  const list = page.getByRole('list', { name: 'Records' });
  const at = parts[0]!.lines.indexOf(overlap[1] as number) + 1;
  await expect(list.getByRole('button', { name: new RegExp(`^Line ${at}: .*\\bdone\\b`) })).toBeVisible();
  await page.getByRole('button', { name: 'Remove the filter on the 1 disagreement(s)' }).click();
  await expect(page.getByRole('status', { name: 'Records shown' })).toHaveText(`${parts[0]!.lines.length} records`);
});
