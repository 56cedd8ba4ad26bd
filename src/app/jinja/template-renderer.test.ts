import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conversation, textMessage } from '../../core/model/builders.ts';
import { ON_DEMAND_CODES, waitsForFormat } from '../../core/index.ts';
import { RENDER_CODES } from './render-codes.ts';
import type { JinjaRenderRequest, JinjaRenderResponse } from './render-protocol.ts';
import { templateErrorAt } from './template-errors.ts';
import { STOP_OFFER_AFTER_MS, SUPERSEDE_AFTER_MS, TemplateRenderer, type RenderWorker } from './template-renderer.ts';

/** A worker that answers only when the test says so: what it was asked, whether it was ended. */
class FakeWorker implements RenderWorker {
  readonly asked: JinjaRenderRequest[] = [];
  terminated = false;
  private readonly handlers = new Map<string, ((event: Event) => void)[]>();
  postMessage(message: JinjaRenderRequest): void {
    this.asked.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  addEventListener(type: string, listener: (event: Event) => void): void {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), listener]);
  }
  /** The worker answers its last request with `text`. */
  answer(text: string, job = this.asked.at(-1)?.job ?? 0): void {
    const data: JinjaRenderResponse = { type: 'jinja-rendered', job, text, spans: [], diagnostics: [], positions: [] };
    this.emit('message', { type: 'message', data } as unknown as Event);
  }
  emit(type: string, event: Event): void {
    for (const handler of this.handlers.get(type) ?? []) handler(event);
  }
}

const first = conversation([textMessage('user', 'one')]);
const second = conversation([textMessage('user', 'two')]);
const third = conversation([textMessage('user', 'three')]);
const options = { template: '{{ messages[0].content }}' };

let workers: FakeWorker[];
let renderer: TemplateRenderer;

beforeEach(() => {
  vi.useFakeTimers();
  workers = [];
  renderer = new TemplateRenderer(() => {
    const worker = new FakeWorker();
    workers.push(worker);
    return worker;
  });
});

afterEach(() => {
  vi.useRealTimers();
});

const codes = (rendered: { diagnostics: { code: string }[] }) => rendered.diagnostics.map((d) => d.code);

describe('TemplateRenderer', () => {
  it('is pending until the worker answers, then gives the worker\'s render of those inputs', async () => {
    const pending = renderer.render(first, options);
    expect(waitsForFormat(pending)).toBe(true);
    // The same placeholder on each read while pending: the store's memos stay put.
    expect(renderer.render(first, options)).toBe(pending);
    expect(workers[0]?.asked).toMatchObject([{ type: 'jinja-render', record: first, options }]);
    const listener = vi.fn();
    renderer.subscribe(listener);
    workers[0]?.answer('one');
    // Listeners hear it in a microtask, never inside a read.
    expect(listener).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(listener).toHaveBeenCalled();
    expect(renderer.render(first, options)).toMatchObject({ text: 'one', diagnostics: [] });
    expect(renderer.status()).toEqual({ running: false, offerStop: false });
  });

  it('reads the last render, the very object, while the next one runs (nothing derived is computed again); the status says it runs', () => {
    const shown = renderer.render(first, options);
    workers[0]?.answer('one');
    const one = renderer.render(first, options);
    expect(codes(shown)).toEqual([ON_DEMAND_CODES.loading]);
    expect(renderer.render(second, options)).toBe(one);
    expect(renderer.status()).toEqual({ running: true, offerStop: false });
    workers[0]?.answer('two');
    expect(renderer.render(second, options).text).toBe('two');
  });

  it('does not queue stale input: only the newest waiting input is rendered after the running one', () => {
    renderer.render(first, options);
    renderer.render(second, options);
    renderer.render(third, options);
    const worker = workers[0] as FakeWorker;
    expect(worker.asked.map((r) => r.record)).toEqual([first]);
    worker.answer('one');
    // `second` was superseded by `third` before it started.
    expect(worker.asked.map((r) => r.record)).toEqual([first, third]);
    worker.answer('three');
    expect(renderer.render(third, options).text).toBe('three');
    expect(workers).toHaveLength(1);
  });

  it('ends a render that runs past SUPERSEDE_AFTER_MS when newer input comes, in a fresh worker', () => {
    renderer.render(first, options);
    vi.advanceTimersByTime(SUPERSEDE_AFTER_MS - 100);
    renderer.render(second, options);
    vi.advanceTimersByTime(99);
    expect(workers[0]?.terminated).toBe(false);
    vi.advanceTimersByTime(1);
    expect(workers[0]?.terminated).toBe(true);
    expect(workers[1]?.asked.map((r) => r.record)).toEqual([second]);
    // A late answer of the ended worker is not taken.
    workers[0]?.answer('one');
    expect(waitsForFormat(renderer.render(second, options))).toBe(true);
    workers[1]?.answer('two');
    expect(renderer.render(second, options).text).toBe('two');
  });

  it('offers Stop after STOP_OFFER_AFTER_MS; Stop ends the worker and the render says so; the next input renders in a new worker', async () => {
    renderer.render(first, options);
    vi.advanceTimersByTime(STOP_OFFER_AFTER_MS - 1);
    expect(renderer.status()).toEqual({ running: true, offerStop: false });
    vi.advanceTimersByTime(1);
    expect(renderer.status()).toEqual({ running: true, offerStop: true });
    const idle = renderer.whenIdle();
    renderer.stop();
    await idle;
    expect(workers[0]?.terminated).toBe(true);
    const stopped = renderer.render(first, options);
    expect(stopped.diagnostics).toMatchObject([{ severity: 'error', code: RENDER_CODES.stopped, message: expect.stringMatching(/^Stopped: you stopped the template render/) }]);
    expect(renderer.status()).toEqual({ running: false, offerStop: false });
    // Reading the stopped input again does not start it again.
    expect(workers).toHaveLength(1);
    renderer.render(second, options);
    workers[1]?.answer('two');
    expect(renderer.render(second, options).text).toBe('two');
  });

  it('renderExactly waits for the render of its own inputs, not the last one shown', async () => {
    renderer.render(first, options);
    workers[0]?.answer('one');
    const second$ = renderer.renderExactly(second, options);
    await Promise.resolve();
    workers[0]?.answer('two');
    expect((await second$).text).toBe('two');
  });

  it('Render again renders a stopped input anew', () => {
    renderer.render(first, options);
    renderer.stop();
    renderer.retry();
    expect(waitsForFormat(renderer.render(first, options))).toBe(true);
    workers[1]?.answer('one');
    expect(renderer.render(first, options).text).toBe('one');
  });

  it('a worker that dies is reported in the render, never swallowed, and a new one renders the next input', () => {
    renderer.render(first, options);
    renderer.render(second, options);
    workers[0]?.emit('error', { type: 'error', message: 'Out of memory' } as unknown as Event);
    expect(workers[0]?.terminated).toBe(true);
    // The waiting input goes to a new worker at once.
    expect(workers[1]?.asked.map((r) => r.record)).toEqual([second]);
    const crashed = renderer.render(first, options);
    expect(crashed.diagnostics).toMatchObject([{ severity: 'error', code: RENDER_CODES.crashed, message: expect.stringContaining('Out of memory') }]);
    workers[1]?.answer('two');
    expect(renderer.render(second, options).text).toBe('two');
  });

  it('input the worker cannot be sent is an error, never a throw out of the read', () => {
    const throwing = new TemplateRenderer(() => {
      const worker = new FakeWorker();
      worker.postMessage = () => {
        throw new DOMException('function could not be cloned', 'DataCloneError');
      };
      return worker;
    });
    expect(() => throwing.render(first, options)).not.toThrow();
    expect(throwing.render(first, options).diagnostics).toMatchObject([{ code: RENDER_CODES.crashed, message: 'The template render could not start: function could not be cloned.' }]);
    expect(throwing.status().running).toBe(false);
  });

  it('a render that threw in the worker is an error, and a template error keeps its position across the worker', () => {
    renderer.render(first, options);
    workers[0]?.emit('message', { data: { type: 'jinja-failed', job: 1, message: 'Maximum call stack size exceeded' } } as unknown as Event);
    expect(renderer.render(first, options).diagnostics).toMatchObject([{ code: RENDER_CODES.crashed, message: 'The template render failed: Maximum call stack size exceeded.' }]);
    renderer.render(second, options);
    const diagnostic = { severity: 'error' as const, code: 'jinja/template-error', message: 'The template raised an exception: no' };
    workers[0]?.emit('message', { data: { type: 'jinja-rendered', job: 2, text: '', spans: [], diagnostics: [diagnostic], positions: [{ line: 2, column: 4 }] } } as unknown as Event);
    const [error] = renderer.render(second, options).diagnostics;
    expect(error && templateErrorAt(error)).toEqual({ line: 2, column: 4 });
  });
});
