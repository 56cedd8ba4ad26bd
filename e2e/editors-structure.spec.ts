/** Reordering messages (drag, keyboard, buttons), switching content kinds, and long conversations. */
import { expect, test, type ParleyPage } from './fixtures.ts';

async function contents(parley: ParleyPage): Promise<string[]> {
  const { record } = await parley.state();
  if (record.kind !== 'chat') return [];
  return record.messages.map((m) => (m.content?.type === 'text' ? m.content.text : String(m.content?.type)));
}

const THREE = [
  { role: 'user', content: 'one' },
  { role: 'assistant', content: 'two' },
  { role: 'user', content: 'three' },
];

test('drags a message by its handle to a new place', async ({ parley, page }) => {
  await parley.goto();
  await parley.load(THREE);
  const handle = page.getByRole('button', { name: 'Drag message 3', exact: true });
  const target = page.getByRole('article', { name: 'Message 1', exact: true });
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('not laid out');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
  await page.mouse.move(from.x + from.width / 2, to.y + 5, { steps: 15 });
  await page.mouse.up();
  await expect.poll(() => contents(parley)).toEqual(['three', 'one', 'two']);
});

test('reorders with the keyboard: Alt+Arrow on a field, and the drag handle with Space and arrows', async ({ parley, page }) => {
  await parley.goto();
  await parley.load(THREE);
  await parley.field('Message 1 content').click();
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(() => contents(parley)).toEqual(['two', 'one', 'three']);
  await expect(parley.field('Message 2 content')).toBeFocused();

  // The drag is announced in words; a person (and this test) waits for each step.
  const announcement = (text: string) => page.getByRole('status').filter({ hasText: text });
  const handle = page.getByRole('button', { name: 'Drag message 3', exact: true });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(announcement('Message 3 is over message 2.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect.poll(() => contents(parley)).toEqual(['two', 'three', 'one']);
});

test('switching plain text to parts and back keeps the text; lossy switches ask first', async ({ parley, page }) => {
  await parley.goto();
  await parley.load([{ role: 'user', content: 'Hello' }, { role: 'assistant', content: { blocks: [{ type: 'thoughts', text: 'Hm.' }, { type: 'response', text: 'Hi.' }] } }]);
  await page.getByRole('radiogroup', { name: 'Message 1 content kind' }).getByRole('radio', { name: 'Parts' }).check();
  await expect(parley.field('Message 1 part 1 text')).toHaveValue('Hello');
  await page.getByRole('radiogroup', { name: 'Message 1 content kind' }).getByRole('radio', { name: 'Text' }).check();
  await expect(parley.field('Message 1 content')).toHaveValue('Hello');

  // A lossy switch asks first, so the radio does not change yet: a click, not check().
  await page.getByRole('radiogroup', { name: 'Message 2 content kind' }).getByRole('radio', { name: 'Text' }).click();
  const confirm = page.getByRole('alert').filter({ hasText: 'will be flattened' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Switch to text' }).click();
  await expect(parley.field('Message 2 content')).toHaveValue('<|inner_prefix|>Hm.<|inner_suffix|>Hi.');
});

test('a 2,000-message conversation mounts only what is in view, and a diagnostic jumps to an unmounted message', async ({ parley, page }) => {
  await parley.goto();
  const messages: unknown[] = [{ role: 'system', content: 'You are helpful.' }];
  for (let i = 1; i < 2000; i++) {
    messages.push(
      i % 2 === 1
        ? { role: 'user', content: `Question ${i}` }
        : // Each call answered (a call without its result is an error of its own: issue 21), so the one planted error is the arguments'.
          { role: 'assistant', content: { blocks: [{ type: 'tool_calls', calls: [{ name: 'search', arguments: i === 1500 ? '{"q": ' : `{"q": "${i}"}` }] }, { type: 'tool_outputs', outputs: [{ output: `Result ${i}` }] }, { type: 'response', text: `Answer ${i}` }] } },
    );
  }
  expect((await parley.load(messages)).ok).toBe(true);
  await expect(parley.field('Message 1 content')).toHaveValue('You are helpful.');
  expect(await page.getByRole('article', { name: /^Message \d+$/ }).count()).toBeLessThan(40);
  await expect(parley.field('Message 1501 block 1 tool call 1 arguments')).toHaveCount(0);

  await parley.diagnostics.getByRole('button', { name: /^Jump to messages\[1500\]\.content\.blocks\[0\]\.calls\[0\]\.arguments/ }).first().click();
  const field = parley.field('Message 1501 block 1 tool call 1 arguments');
  await expect(field).toBeFocused();
  await expect(field).toBeInViewport();
  await expect(field).toHaveAccessibleDescription(/Arguments are not valid JSON/);
  await field.pressSequentially('"x"}');
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  await parley.expectPreviewToContain('[{"search": {"q": "x"}}]');
});
