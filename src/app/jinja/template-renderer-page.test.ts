/**
 * The page's first try (TemplateRenderer `onPage`, page-render.ts): a render the page finishes
 * is the answer at once, no worker asked; one it cannot finish goes to the worker, whose render
 * is then the only one shown. With the real core (renderOnPage) and a fake worker.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitsForFormat } from '../../core/index.ts';
import { renderJinja } from '../../core/formats/jinja/render.ts';
import { conversation, textMessage } from '../../core/model/builders.ts';
import { PAGE_RENDER_STEPS, renderOnPage } from './page-render.ts';
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
    const data: JinjaRenderResponse = { type: 'jinja-rendered', job: this.asked.at(-1)?.job ?? 0, text, spans: [], diagnostics: [], positions: [] };
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
