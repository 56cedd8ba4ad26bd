/**
 * The page's first try (TemplateRenderer `onPage`, page-render.ts): a render the page finishes
 * is the answer at once, no worker asked; one it cannot finish goes to the worker, whose render
 * is then the only one shown. With the real core (renderOnPage) and a fake worker.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitsForFormat, type Rendered } from '../../core/index.ts';
import { carryMask } from '../../core/formats/jinja/mask/carry.ts';
import { clearPrefixRenders } from '../../core/formats/jinja/mask/prefix-cache.ts';
import { PAGE_MASK_MESSAGES, renderJinja } from '../../core/formats/jinja/render.ts';
import { conversation, textMessage } from '../../core/model/builders.ts';
import type { Conversation } from '../../core/model/types.ts';
import { isProvisional } from './provisional.ts';
import { PAGE_RENDER_STEPS, renderOnPage, unmaskedOnPage } from './page-render.ts';
import type { JinjaRenderRequest, JinjaRenderResponse } from './render-protocol.ts';
import { TemplateRenderer, type RenderWorker } from './template-renderer.ts';

class FakeWorker implements RenderWorker {
  readonly asked: JinjaRenderRequest[] = [];
  terminated = false;
  private readonly handlers: ((event: Event) => void)[] = [];
  postMessage(message: JinjaRenderRequest): void {
    this.asked.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  addEventListener(type: string, listener: (event: Event) => void): void {
    if (type === 'message') this.handlers.push(listener);
  }
  answer(text: string): void {
    this.answerWith({ text, spans: [], diagnostics: [] });
  }
  /** The worker answers its last request with `rendered` (a copy, as postMessage gives). */
  answerWith(rendered: Rendered): void {
    const { text, spans, diagnostics } = structuredClone(rendered);
    const data: JinjaRenderResponse = { type: 'jinja-rendered', job: this.asked.at(-1)?.job ?? 0, text, spans, diagnostics, positions: diagnostics.map(() => null) };
    for (const handler of this.handlers) handler({ data } as unknown as Event);
  }
}

const record = conversation([textMessage('user', 'hello'), textMessage('assistant', 'hi there')]);
const quick = { template: "{% for m in messages %}{{ '<|im_start|>' + m.role + '\\n' + m.content + '<|im_end|>\\n' }}{% endfor %}" };
/** Past the page's steps (each item costs 5 or more), well within the default budget. */
const long = { template: `{% for i in range(${PAGE_RENDER_STEPS}) %}.{% endfor %}` };

let workers: FakeWorker[];
let renderer: TemplateRenderer;

beforeEach(async () => {
  // The engine is loaded on demand: the first call starts loading it (and gives no render).
  renderOnPage(record, quick, undefined);
  await vi.waitFor(() => expect(renderOnPage(record, quick, undefined)).toBeDefined());
  workers = [];
  renderer = new TemplateRenderer(() => {
    const worker = new FakeWorker();
    workers.push(worker);
    return worker;
  }, undefined, renderOnPage);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('TemplateRenderer with a page render', () => {
  it('renders an ordinary template on the page, at once: the core\'s very render, no worker asked', () => {
    const rendered = renderer.render(record, quick);
    expect(waitsForFormat(rendered)).toBe(false);
    expect(rendered).toEqual(renderJinja(record, quick));
    expect(rendered.spans.some((span) => span.trainable)).toBe(true);
    expect(workers).toEqual([]);
    expect(renderer.status().running).toBe(false);
    // Read again: the same object, not a second render.
    expect(renderer.render(record, quick)).toBe(rendered);
  });

  it('sends a template past the page\'s steps to the worker, and shows only the worker\'s render', () => {
    const pending = renderer.render(record, long);
    expect(waitsForFormat(pending)).toBe(true);
    expect(workers[0]?.asked).toMatchObject([{ record, options: long }]);
    // Read again while the worker runs: the page is not tried again (no second page run, no second request).
    expect(renderer.render(record, long)).toBe(pending);
    expect(workers[0]?.asked).toHaveLength(1);
    workers[0]?.answer('from the worker');
    expect(renderer.render(record, long).text).toBe('from the worker');
  });

  it('a hostile template leaves the page quickly, for the worker', () => {
    const hostile = { template: '{% for i in range(100000) %}{% for j in range(100000) %}x{% endfor %}{% endfor %}' };
    const started = performance.now();
    expect(waitsForFormat(renderer.render(record, hostile))).toBe(true);
    expect(performance.now() - started).toBeLessThan(500);
    expect(workers[0]?.asked).toHaveLength(1);
  });

  it('quick input after long input: the page\'s render is shown, and the stale worker render is ended, never shown over it', () => {
    renderer.render(record, long);
    const worker = workers[0];
    const rendered = renderer.render(record, quick);
    expect(rendered).toEqual(renderJinja(record, quick));
    expect(worker?.terminated).toBe(true);
    expect(renderer.status().running).toBe(false);
    worker?.answer('stale');
    expect(renderer.render(record, quick)).toBe(rendered);
  });

  it('renderExactly answers from the page when the page can', async () => {
    await expect(renderer.renderExactly(record, quick)).resolves.toEqual(renderJinja(record, quick));
    expect(workers).toEqual([]);
  });

  it('a page render that throws goes to the worker, never out of the read', () => {
    const throwing = new TemplateRenderer(() => {
      const worker = new FakeWorker();
      workers.push(worker);
      return worker;
    }, undefined, () => {
      throw new Error('a bug');
    });
    expect(() => throwing.render(record, quick)).not.toThrow();
    expect(workers[0]?.asked).toHaveLength(1);
  });
});

/** 100 messages, user and assistant in turn: the mask's prefix renders after an edit in message 0 are far over PAGE_MASK_MESSAGES. */
const long100: Conversation = conversation(Array.from({ length: 100 }, (_, i) => textMessage(i % 2 === 0 ? 'user' : 'assistant', `message ${i}`)));
const chatml = { template: `${quick.template}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}` };

function withText(record: Conversation, i: number, text: string): Conversation {
  const copy = structuredClone(record);
  const message = copy.messages[i];
  if (message !== undefined) message.content = { type: 'text', text };
  return copy;
}

describe('the preview\'s provisional render (a renderer given carryMask)', () => {
  let preview: TemplateRenderer;
  beforeEach(() => {
    clearPrefixRenders();
    preview = new TemplateRenderer(() => {
      const worker = new FakeWorker();
      workers.push(worker);
      return worker;
    }, undefined, renderOnPage, { carry: carryMask, unmasked: unmaskedOnPage });
  });

  /** The exact render of `record` from the worker (the page cannot finish its mask): the basis of the next provisional render. */
  function settleExact(record: Conversation): Rendered {
    const shown = preview.render(record, chatml);
    expect(isProvisional(shown)).toBe(false);
    workers.at(-1)?.answerWith(renderJinja(record, chatml));
    const exact = preview.render(record, chatml);
    expect(exact.text).toBe(renderJinja(record, chatml).text);
    return exact;
  }

  it('typing into message 0 of 100: at once the new text with the carried mask, flagged; then exactly the worker\'s render', async () => {
    expect(100 * 101 / 2).toBeGreaterThan(PAGE_MASK_MESSAGES);
    settleExact(long100);
    const typed = withText(long100, 0, 'message 0, typed');
    const shown = preview.render(typed, chatml);
    // Provisional: the typed text, at once, not the last render; a request for the exact render went to the worker.
    expect(isProvisional(shown)).toBe(true);
    expect(workers.at(-1)?.asked.at(-1)).toMatchObject({ record: typed, options: chatml });
    // Read again: the same object, no second page render or request.
    const asked = workers.at(-1)?.asked.length;
    expect(preview.render(typed, chatml)).toBe(shown);
    expect(workers.at(-1)?.asked.length).toBe(asked);
    expect(preview.status().running).toBe(true);
    const exact = renderJinja(typed, chatml);
    // For an edit that keeps the structure under ChatML, the carried mask is the exact one.
    expect({ text: shown.text, spans: shown.spans, diagnostics: shown.diagnostics }).toEqual(exact);
    // renderExactly never gives the provisional render: it waits for the worker's.
    const exactly = preview.renderExactly(typed, chatml);
    workers.at(-1)?.answerWith(exact);
    const arrived = preview.render(typed, chatml);
    expect(isProvisional(arrived)).toBe(false);
    expect(arrived).toEqual(exact);
    await expect(exactly).resolves.toBe(arrived);
  });

  it('a carried mask that is not the exact one is replaced by the worker\'s when it arrives', () => {
    settleExact(long100);
    const typed = withText(long100, 0, 'typed');
    expect(isProvisional(preview.render(typed, chatml))).toBe(true);
    // The worker's exact render says otherwise (here: nothing trained): that is what is read once it arrives.
    const exact = renderJinja(typed, chatml);
    const other = { ...exact, spans: exact.spans.map((span) => ({ ...span, trainable: false })) };
    workers.at(-1)?.answerWith(other);
    expect(preview.render(typed, chatml)).toEqual(other);
  });

  it('an edit that changes the structure (a message added) gets no provisional render: the last render is read, as without it', () => {
    const exact = settleExact(long100);
    const added: Conversation = { ...long100, messages: [textMessage('user', 'new'), ...long100.messages] };
    const shown = preview.render(added, chatml);
    expect(isProvisional(shown)).toBe(false);
    expect(shown).toBe(exact);
    expect(workers.at(-1)?.asked.at(-1)).toMatchObject({ record: added });
  });

  it('the exact render of an input the page did not try (its engine was loading) is a basis too: its stage before the mask is rendered once', () => {
    let loading = true;
    const late = new TemplateRenderer(() => {
      const worker = new FakeWorker();
      workers.push(worker);
      return worker;
    }, undefined, (...args) => (loading ? undefined : renderOnPage(...args)), { carry: carryMask, unmasked: unmaskedOnPage });
    late.render(long100, chatml);
    workers.at(-1)?.answerWith(renderJinja(long100, chatml));
    loading = false;
    const typed = withText(long100, 0, 'typed');
    const shown = late.render(typed, chatml);
    expect(isProvisional(shown)).toBe(true);
    expect(shown.text).toBe(renderJinja(typed, chatml).text);
  });

  it('no provisional render before a first exact one (nothing to carry): the pending placeholder', () => {
    const shown = preview.render(long100, chatml);
    expect(isProvisional(shown)).toBe(false);
    expect(waitsForFormat(shown)).toBe(true);
  });

  it('Compare\'s renderers (no carryMask) never give one', () => {
    const compare = new TemplateRenderer(() => {
      const worker = new FakeWorker();
      workers.push(worker);
      return worker;
    }, undefined, renderOnPage);
    const first = compare.render(long100, chatml);
    workers.at(-1)?.answerWith(renderJinja(long100, chatml));
    const exact = compare.render(long100, chatml);
    expect(exact).not.toBe(first);
    const shown = compare.render(withText(long100, 0, 'typed'), chatml);
    expect(isProvisional(shown)).toBe(false);
    expect(shown).toBe(exact);
  });
});
