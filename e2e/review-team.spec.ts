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
import { expect, newGuardedPage, test } from './fixtures.ts';
import { dropFiles, nameReviewer } from './review-helpers.ts';

const record = (i: number) => JSON.stringify({ id: `r${i}`, messages: [{ role: 'user', content: `Question ${i}?` }, { role: 'assistant', content: `Answer ${i}.` }] });
const LINES = Array.from({ length: 6 }, (_, i) => record(i + 1));
const DATASET = `${LINES.join('\n')}\n`;
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

test('two reviewers exchange a review file: verdicts and comments follow their records, what matches nothing is listed', async ({ parley, page, browser, watch, baseURL }) => {
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

  const [download] = await Promise.all([page.waitForEvent('download'), parley.button('Save review file').click()]);
  expect(download.suggestedFilename()).toBe('team.review.jsonl');
  const reviewText = await readFile(await download.path(), 'utf8');
  const entries = reviewText.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(entries).toHaveLength(2);
  expect(entries[0]).toMatchObject({ line: 1, fingerprint: sha256(LINES[0] as string), status: 'done', labels: [], comments: [], reviewer: 'Ana' });
  expect(entries[1]).toMatchObject({ line: 2, fingerprint: sha256(LINES[1] as string), status: 'flagged', reviewer: 'Ana' });
  expect(entries[1]?.comments).toEqual([{ author: 'Ana', time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown, text: 'Is this answer right?', resolved: false, message: 1 }]);

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
  const [download] = await Promise.all([page.waitForEvent('download'), parley.button('Save review file').click()]);
  const entry = JSON.parse((await readFile(await download.path(), 'utf8')).trim()) as Record<string, unknown>;
  expect(entry).toMatchObject({ line: 1, labels: ['toxic'], reviewer: 'Ana', guidelines: sha256(guidelines) });
});
