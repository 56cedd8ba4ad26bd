/**
 * The layout at three common screen sizes (issue 24): 1280×800, 1440×900 and 1920×1080. At each,
 * in single-record mode and in dataset mode (review panels folded, then open), a screenshot is
 * attached to the report, and:
 * - no visible control's content overflows its box (an input too narrow for its value, a button
 *   or label whose text is cut), and no control sticks out of the window sideways;
 * - no two visible controls overlap (the filter row once covered the record count);
 * - the record list shows at least 12 whole rows at 1440×900 with its panels folded, and never
 *   fewer than 5 with them open.
 */
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
] as const;

/** Issue 24's floors at 1440×900: rows wholly on screen with the panels above the list folded / open. */
const ROWS_FOLDED_AT_1440 = 12;
const ROWS_OPEN = 5;

// Long first user texts: the rows' labels are cut on screen and must be whole on hover (title).
const record = (i: number) =>
  JSON.stringify({
    messages: [
      { role: 'user', content: `Question number ${i}: how would you explain lists and tuples to a newcomer?` },
      { role: 'assistant', content: `Answer ${i}.` },
    ],
  });
const FILE = Array.from({ length: 200 }, (_, i) => record(i)).join('\n') + '\n';

interface LayoutProblem {
  what: string;
  control: string;
}

/**
 * Visible controls whose content does not fit their box, which stick out of the window sideways,
 * or which overlap another visible control. Monaco's own hidden inputs are left out (it lays
 * itself out), and so are controls scrolled out of their own scrolling box.
 */
async function layoutProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate(() => {
    const problems: { what: string; control: string }[] = [];
    const describe = (element: Element): string => {
      const name = element.getAttribute('aria-label') ?? element.getAttribute('title') ?? (element.textContent ?? '').trim().slice(0, 60);
      return `<${element.tagName.toLowerCase()}${element.id ? ` id=${element.id}` : ''}> ${name}`;
    };
    /** A folded <details> hides all but its summary (Chromium does not report it as display: none). */
    const folded = (element: Element): boolean => {
      for (let details = element.closest('details'); details; details = details.parentElement?.closest('details') ?? null) {
        if (!details.open && !details.querySelector(':scope > summary')?.contains(element)) return true;
      }
      return false;
    };
    /** The part of the element on screen: laid out, not hidden, cut to what its scrolling ancestors show; null when none is. */
    const visibleRect = (element: HTMLElement): DOMRect | null => {
      if (element.closest('.monaco-editor, .monaco-diff-editor, .sr-only, [aria-hidden="true"]') || folded(element)) return null;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) return null;
      const rect = element.getBoundingClientRect();
      let { left, top, right, bottom } = rect;
      if (rect.width === 0 || rect.height === 0) return null;
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const parentStyle = getComputedStyle(parent);
        if (parentStyle.display === 'none') return null;
        if (/(auto|scroll|hidden)/.test(parentStyle.overflowX + parentStyle.overflowY)) {
          const box = parent.getBoundingClientRect();
          left = Math.max(left, box.left);
          top = Math.max(top, box.top);
          right = Math.min(right, box.right);
          bottom = Math.min(bottom, box.bottom);
        }
      }
      if (right - left <= 0 || bottom - top <= 0) return null;
      return new DOMRect(left, top, right - left, bottom - top);
    };
    const controls = [...document.querySelectorAll<HTMLElement>('input, select, button, label, summary, textarea')];
    const shown: { element: HTMLElement; rect: DOMRect }[] = [];
    for (const element of controls) {
      if (element instanceof HTMLInputElement && ['checkbox', 'radio', 'file', 'hidden', 'range', 'color'].includes(element.type)) continue;
      const rect = visibleRect(element);
      if (!rect) continue;
      shown.push({ element, rect });
      // One pixel of slack: sub-pixel widths round either way.
      if (!(element instanceof HTMLTextAreaElement) && element.scrollWidth > element.clientWidth + 1) problems.push({ what: `content ${element.scrollWidth}px wider than its box ${element.clientWidth}px`, control: describe(element) });
      if (rect.left < -1 || rect.right > window.innerWidth + 1) problems.push({ what: `outside the window (left ${Math.round(rect.left)}, right ${Math.round(rect.right)}, window ${window.innerWidth})`, control: describe(element) });
    }
    // Overlaps: two controls neither of which contains the other, whose boxes cross by more than 2 px.
    for (let i = 0; i < shown.length; i++) {
      for (let j = i + 1; j < shown.length; j++) {
        const a = shown[i]!;
        const b = shown[j]!;
        if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
        // A label and the control it names are one thing.
        if (a.element instanceof HTMLLabelElement && a.element.control === b.element) continue;
        if (b.element instanceof HTMLLabelElement && b.element.control === a.element) continue;
        const x = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
        const y = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
        if (x > 2 && y > 2) problems.push({ what: `overlaps ${describe(b.element)}`, control: describe(a.element) });
      }
    }
    if (document.documentElement.scrollWidth > window.innerWidth + 1) problems.push({ what: `the page scrolls sideways (${document.documentElement.scrollWidth}px)`, control: 'html' });
    return problems;
  });
}

/** Rows of the record list wholly on screen (inside the list's scrolling box and the window). */
async function rowsInView(list: Locator): Promise<number> {
  return list.evaluate((ul) => {
    const box = ul.parentElement!.getBoundingClientRect();
    return [...ul.querySelectorAll('li')].filter((li) => {
      const rect = li.getBoundingClientRect();
      return rect.top >= box.top - 0.5 && rect.bottom <= Math.min(box.bottom, window.innerHeight) + 0.5;
    }).length;
  });
}

/** The element is wholly on screen: inside the window and every scrolling box around it (not scrolled away). */
async function whollyShown(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const inside = (box: { left: number; top: number; right: number; bottom: number }) => rect.left >= box.left - 0.5 && rect.top >= box.top - 0.5 && rect.right <= box.right + 0.5 && rect.bottom <= box.bottom + 0.5;
    if (!inside({ left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight })) return false;
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      if (/(auto|scroll|hidden)/.test(getComputedStyle(parent).overflowY) && !inside(parent.getBoundingClientRect())) return false;
    }
    return true;
  });
}

async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** The review panels above the list, folded by default (their summaries are the disclosure buttons). */
const PANELS = ['Filters', 'Validation summary', 'Lengths and tokens', 'Template regression'] as const;

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('single-record mode: nothing clipped, nothing overlapping', async ({ parley, page }, testInfo) => {
      await parley.goto(); // The default example: a system prompt, tools, calls and thoughts.
      await expect(parley.field('Message 1 content')).toBeVisible();
      await page.waitForTimeout(300); // Let the preview settle before the capture.
      await shoot(page, testInfo, `record-${size.width}`);
      expect(await layoutProblems(page)).toEqual([]);
    });

    test('dataset mode: rows in view, labels whole on hover, nothing clipped or overlapping', async ({ parley, page }, testInfo) => {
      await parley.goto();
      await parley.openFile('many.jsonl', FILE, 'application/jsonl');
      await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
      const list = page.getByRole('list', { name: 'Records' });
      const first = list.getByRole('button', { name: /^Line 1: Question number 0:/ });
      await expect(first).toBeVisible();
      // The "Opened …" notice needs no answer: it fades, and the list has its room.
      await expect(parley.notice).toBeEmpty({ timeout: 10_000 });
      await shoot(page, testInfo, `dataset-folded-${size.width}`);
      // The row's text is cut on screen; its whole label is on hover.
      await expect(first).toHaveAttribute('title', /Question number 0: how would you explain lists and tuples to a newcomer\?/);
      const folded = await rowsInView(list);
      if (size.width === 1440) expect(folded, 'rows in view with the panels folded').toBeGreaterThanOrEqual(ROWS_FOLDED_AT_1440);
      expect(folded).toBeGreaterThanOrEqual(ROWS_OPEN);
      // From 1440×900 up, the review tools are not pushed out of sight to make that room: search and
      // every panel's name show. (At 1280×800 the list takes half the height and the tools scroll in the rest.)
      const side = page.getByRole('complementary', { name: 'Dataset' });
      await expect(side.getByRole('searchbox', { name: 'Search records' })).toBeVisible();
      if (size.width >= 1440) for (const panel of PANELS) expect(await whollyShown(side.getByText(panel, { exact: true })), `${panel} in view`).toBe(true);
      expect(await layoutProblems(page)).toEqual([]);

      for (const panel of PANELS) await side.getByText(panel, { exact: true }).click();
      await expect(page.getByRole('group', { name: 'Filters' })).toBeVisible();
      await shoot(page, testInfo, `dataset-open-${size.width}`);
      expect(await rowsInView(list), 'rows in view with the panels open').toBeGreaterThanOrEqual(ROWS_OPEN);
      expect(await layoutProblems(page)).toEqual([]);
    });
  });
}
