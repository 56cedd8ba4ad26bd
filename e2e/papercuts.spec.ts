/**
 * Issue 24's small things, acting as a person: right-to-left text in the forms, "Go to line" in
 * a dataset, a bad line's preview that says why it cannot be rendered, notices that fade and stay
 * in the Notices list, and harmless differences grouped under the problems.
 */
import { expect, test } from './fixtures.ts';

const chat = (text: string) => JSON.stringify({ messages: [{ role: 'user', content: text }, { role: 'assistant', content: 'OK.' }] });

test('Arabic typed into a message reads right to left in its field', async ({ parley }) => {
  await parley.goto();
  await parley.load({ messages: [{ role: 'user', content: 'Hello' }, { role: 'assistant', content: 'Hi.' }] });
  const field = parley.field('Message 1 content');
  await field.fill('');
  await field.pressSequentially('مرحبا بالعالم');
  await expect(field).toHaveValue('مرحبا بالعالم');
  expect(await field.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
  // A Latin text in the next field stays left to right: the direction follows each field's text.
  expect(await parley.field('Message 2 content').evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
});

test('Go to line opens the record at that line, and says when the line is outside the file or blank', async ({ parley, page }) => {
  await parley.goto();
  const file = [chat('first'), chat('second'), '', chat('fourth'), chat('fifth')].join('\n') + '\n';
  await parley.openFile('five.jsonl', file, 'application/jsonl');
  await expect(page.getByRole('list', { name: 'Records' }).getByRole('button', { name: /^Line 5: fifth/ })).toBeVisible();

  await parley.fileMenu('Go to line…');
  const dialog = page.getByRole('dialog', { name: 'Go to line' });
  await dialog.getByLabel('Line number').fill('4');
  await dialog.getByRole('button', { name: 'Go' }).click();
  await expect(dialog).toBeHidden();
  await expect(parley.field('Message 1 content')).toHaveValue('fourth');

  // The keyboard way, and the lines that hold no record.
  await page.keyboard.press('Control+g');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Line number').fill('9');
  await dialog.getByLabel('Line number').press('Enter');
  await expect(dialog.getByRole('alert', { name: 'Line problem' })).toHaveText('Line 9 is outside the file: it has lines 1 to 5.');
  await dialog.getByLabel('Line number').fill('3');
  await dialog.getByLabel('Line number').press('Enter');
  await expect(dialog.getByRole('alert', { name: 'Line problem' })).toHaveText('Line 3 is blank: no record starts there.');
  await dialog.getByLabel('Line number').fill('1');
  await dialog.getByLabel('Line number').press('Enter');
  await expect(dialog).toBeHidden();
  await expect(parley.field('Message 1 content')).toHaveValue('first');
});

test('a bad line’s preview says it cannot be rendered and why', async ({ parley, page }) => {
  await parley.goto();
  await parley.openFile('bad.jsonl', `${chat('fine')}\n{"messages": [\n`, 'application/jsonl');
  await page.getByRole('list', { name: 'Records' }).getByRole('button', { name: /^Line 2: / }).click();
  await expect(page.getByRole('region', { name: 'Bad line' })).toBeVisible();
  const preview = page.getByRole('region', { name: 'Line not rendered' });
  await expect(preview).toContainText('Line 2 cannot be rendered');
  await expect(preview).toContainText('not valid JSON');
  await expect(parley.diagnostics).toContainText('line 2 cannot be read');
  await expect(parley.diagnostics).not.toContainText('no problems');
});

test('a notice that asks nothing fades and stays in the Notices list', async ({ parley, page }) => {
  await parley.goto();
  await parley.openFile('two.jsonl', `${chat('one')}\n${chat('two')}\n`, 'application/jsonl');
  await expect(parley.notice).toContainText('Opened two.jsonl');
  // Fades after 5 s (polled for up to 10).
  await expect(parley.notice).toBeEmpty({ timeout: 10_000 });
  await page.getByRole('button', { name: /^Notices/ }).click();
  await expect(page.getByRole('region', { name: 'Notices of this session' })).toContainText('Opened two.jsonl');
});

test('harmless differences are one line under the problems, not one warning each', async ({ parley }) => {
  await parley.goto();
  await parley.load({
    messages: [
      { role: 'user', content: 'Weather in Bern and Basel?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Bern"}' } },
          { id: 'call_2', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Basel"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
      { role: 'tool', tool_call_id: 'call_2', content: 'rain' },
      { role: 'assistant', content: 'Sunny in Bern, rain in Basel.' },
    ],
    tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }],
  });
  await parley.setFormat('harmony');
  const harmless = parley.diagnostics.getByRole('list', { name: 'Harmless differences' });
  // Harmony writes no call ids: four ids, one line.
  await expect(harmless.getByRole('listitem')).toHaveCount(1);
  await expect(harmless).toContainText('4 harmless differences like this one');
  await expect(parley.diagnostics.getByRole('button', { name: /^Diagnostics/ })).toContainText('4 harmless differences');
  // None of the ids is listed as a problem of its own.
  await expect(parley.diagnostics.getByRole('list', { name: 'Diagnostics', exact: true }).getByRole('listitem').filter({ hasText: 'call id' })).toHaveCount(0);
});

test('a tool’s schema is a readable summary of its parameters, the raw JSON on demand', async ({ parley, page }) => {
  await parley.goto();
  await parley.load({
    messages: [{ role: 'user', content: 'Weather?' }],
    tools: [
      {
        type: 'function',
        function: {
          name: 'get_weather',
          description: 'Gets the weather.',
          parameters: { type: 'object', properties: { city: { type: 'string', description: 'The city name' }, days: { type: 'integer' } }, required: ['city'] },
        },
      },
    ],
  });
  const summary = page.getByRole('list', { name: 'Parameters of get_weather' });
  await expect(summary.getByRole('listitem')).toHaveText(['city string required — The city name', 'days integer']);
  const schema = parley.field('Tool 1 parameters');
  await expect(schema).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit schema' }).click();
  await expect(schema).toBeVisible();
  await expect(schema).toHaveValue(/"city"/);
  await page.getByRole('button', { name: 'Hide schema' }).click();
  await expect(schema).toHaveCount(0);
});
