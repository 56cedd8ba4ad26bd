/**
 * The page's side of the template render worker (render.worker.ts): Jinja renders happen there,
 * so that a template that loops for minutes never freezes the tab. `render` is synchronous, as
 * the store's derived render is: it returns the worker's render of exactly these inputs (the
 * same record and options objects) once it has arrived; until then the last render that arrived
 * (so that the preview does not blink, and nothing derived is recomputed, at each keystroke), or
 * with none to show a pending placeholder (the `format/loading` code: every reader treats it as
 * a format still loading). An arrival calls the listeners, which read again.
 *
 * One render runs at a time and nothing stale is queued: newer input waits for the running
 * render for at most SUPERSEDE_AFTER_MS of its run, then the worker is ended and a fresh one
 * renders the newer input; only the newest input waits. A render running STOP_OFFER_AFTER_MS is
 * offered to be stopped (`status().offerStop`); `stop()` ends the worker. A worker that dies
 * (out of memory, an error it did not catch) is told in the render, never swallowed, and a new
 * one renders the next input.
 *
 * First, each input is tried on the page (`onPage`, page-render.ts): a render that finishes
 * within a small step budget is the answer at once, with no round trip (typing stays as quick as
 * it was before the worker); one that needs more gives no answer there and goes to the worker,
 * with the full budget. The page's answer is only ever a render the worker would give too.
 *
 * A renderer given `provisionalRenders` (the preview's) shows a PROVISIONAL render meanwhile (docs/jinja.md,
 * "A provisional mask while typing"): when the page's render is over its cap only because of the
 * template mask's prefix renders, the page's render before the mask (the exact text and field
 * spans) with the last exact render's mask carried over (core mask/carry.ts, which says when
 * that is sound; otherwise the last render is read, as without them). It is flagged
 * (provisional.ts): what counts, exports or trains waits for the worker's exact render, which
 * replaces it when it arrives. `renderExactly` never gives one.
 */
import { error, info, ON_DEMAND_CODES, type Diagnostic, type OptionValues, type ParleyRecord, type Rendered, type RenderHow } from '../../core/index.ts';
import type { ExactStages } from '../../core/formats/jinja/mask/carry.ts';
import type { StagedRender } from '../../core/formats/jinja/render.ts';
import { asProvisional, isProvisional } from './provisional.ts';
import { isJinjaRenderResponse, type JinjaRenderRequest, type JinjaRenderResponse } from './render-protocol.ts';
import { RENDER_CODES } from './render-codes.ts';
import { rememberTemplatePositions } from './template-errors.ts';

/**
 * How long a render may run before newer input ends it (ms). Below it, waiting is cheaper than
 * a fresh worker (which loads the engine again, tens of ms); a render of an ordinary template
 * takes a few ms, so typing never waits this long.
 */
export const SUPERSEDE_AFTER_MS = 250;
/** How long a render runs before the Stop button is offered (ms): quick renders never flash it. */
export const STOP_OFFER_AFTER_MS = 400;

/**
 * A render tried on the page: `rendered`, or undefined when it would take more than the page
 * allows (then the worker renders), and the same render before its training mask (`unmasked`)
 * when that fits. Undefined: no try (the engine is loading). Must give only renders the worker
 * would give.
 */
export type PageRender = (record: ParleyRecord, options: OptionValues | undefined, how: RenderHow | undefined) => StagedRender | undefined;

/** What a renderer needs for provisional renders (page-render.ts, core mask/carry.ts). */
export interface ProvisionalRenders {
  /** The last exact render's mask over a newer render before its mask, or undefined where that is not sound. */
  carry: (exact: ExactStages, now: Rendered) => Rendered | undefined;
  /** The page's render before the mask, or undefined (over the page's cap): for a basis the page did not try. */
  unmasked: (record: ParleyRecord, options: OptionValues | undefined, how: RenderHow | undefined) => Rendered | undefined;
}

/**
 * Renders before the mask kept, by their inputs: the basis of the next provisional render is the
 * last exact render's, whose inputs are among the last few tried (the one the worker renders and
 * those waiting). Each is one render's text and spans; more only holds memory.
 */
const UNMASKED_KEPT = 4;

/** What the renderer needs of a Worker (a fake one in the unit tests). */
export interface RenderWorker {
  postMessage(message: JinjaRenderRequest): void;
  terminate(): void;
  addEventListener(type: 'message' | 'error' | 'messageerror', listener: (event: Event) => void): void;
}

export interface RendererStatus {
  /** A render is running (or waiting for one that runs). */
  running: boolean;
  /** It has run long enough to offer Stop. */
  offerStop: boolean;
}

interface Inputs {
  record: ParleyRecord;
  options: OptionValues | undefined;
}

const IDLE: RendererStatus = { running: false, offerStop: false };
/** Codes of the results this renderer makes itself (not the worker's render): not carried into a placeholder. */
const OWN_CODES: ReadonlySet<string> = new Set([RENDER_CODES.stopped, RENDER_CODES.crashed, ON_DEMAND_CODES.loading]);

const same = (a: Inputs | undefined, b: Inputs): boolean => a !== undefined && a.record === b.record && a.options === b.options;

export class TemplateRenderer {
  private worker: RenderWorker | undefined;
  private job = 0;
  private running: { job: number; inputs: Inputs; worker: RenderWorker; startedAt: number } | undefined;
  /** The newest input, waiting for the running render to end (older waiting input is dropped). */
  private waiting: Inputs | undefined;
  /** The last render that arrived (or the stop or crash of the last input), by its inputs. */
  private settled: { inputs: Inputs; rendered: Rendered } | undefined;
  /** The placeholder returned for the input being rendered (the same object on each read). */
  private placeholder: { inputs: Inputs; rendered: Rendered } | undefined;
  private state: RendererStatus = IDLE;
  private timers: ReturnType<typeof setTimeout>[] = [];
  private readonly listeners = new Set<() => void>();
  private idle: (() => void)[] = [];
  /** A notification is queued (they are batched, and never made inside a `render` call). */
  private notifying = false;
  /** The last input the page could not render: read again, it goes on waiting for the worker. */
  private pageMissed: Inputs | undefined;
  /** The page's renders before the mask of the last inputs tried (newest last; undefined: over the page's cap): the carried mask's bases. */
  private unmasked: { inputs: Inputs; rendered: Rendered | undefined }[] = [];
  /** The provisional render of the input the worker renders (the same object on each read; undefined: there is none). */
  private provisional: { inputs: Inputs; rendered: Rendered | undefined } | undefined;

  constructor(
    private readonly createWorker: () => RenderWorker,
    private readonly how?: RenderHow,
    private readonly onPage?: PageRender,
    /** Given: provisional renders while the worker computes the mask (the preview's renderer only). */
    private readonly provisionalRenders?: ProvisionalRenders,
  ) {}

  /** The render of `record` with `options`: the worker's once it arrived; until then the last one, or a pending placeholder. */
  render(record: ParleyRecord, options: OptionValues | undefined): Rendered {
    const inputs = { record, options };
    if (this.settled && same(this.settled.inputs, inputs)) return this.settled.rendered;
    // Read again while the worker has it: the provisional render made (or not) at the first read, not made again.
    const tried = same(this.provisional?.inputs, inputs) ? this.provisional : undefined;
    const here = tried ? undefined : this.renderOnPage(inputs);
    if (here) return here;
    this.want(inputs);
    const provisional = tried ? tried.rendered : this.provisionalOf(inputs);
    if (provisional) return provisional;
    // While it runs, the last render stays what is read, the very object: nothing derived from it
    // is computed again on each keystroke, and the preview does not blink. Only with nothing to
    // show (the first render, or after a stop or crash) is the read a pending placeholder.
    const basis = this.settled?.rendered;
    if (basis && !basis.diagnostics.some((d) => OWN_CODES.has(d.code))) return basis;
    if (!this.placeholder || !same(this.placeholder.inputs, inputs)) this.placeholder = { inputs, rendered: pendingRender() };
    return this.placeholder.rendered;
  }

  /** The render of exactly these inputs, once the worker has it (never the last render or a placeholder). */
  async renderExactly(record: ParleyRecord, options: OptionValues | undefined): Promise<Rendered> {
    const inputs = { record, options };
    // Another caller's newer input may take the worker meanwhile: then ask again.
    while (!this.settled || !same(this.settled.inputs, inputs)) {
      const here = this.renderOnPage(inputs);
      if (here) return here;
      this.want(inputs);
      await this.whenIdle();
    }
    return this.settled.rendered;
  }

  /** Ends the running render (Stop): the newest input's render says it was stopped. */
  stop(): void {
    const inputs = this.waiting ?? this.running?.inputs;
    if (!inputs) return;
    this.endWorker();
    this.waiting = undefined;
    this.settle(inputs, outcome(error(RENDER_CODES.stopped, 'Stopped: you stopped the template render. Change the template or the conversation, or choose Render again.')));
  }

  /** Forgets a stopped or crashed render, so that the next read renders the same input again. */
  retry(): void {
    if (!this.settled?.rendered.diagnostics.some((d) => OWN_CODES.has(d.code))) return;
    this.settled = undefined;
    this.notify();
  }

  status(): RendererStatus {
    return this.state;
  }

  /**
   * Calls `listener` when a render arrives or the status changes, in a microtask (never inside
   * `render`, which a store selector or a component render calls); returns an unsubscribe function.
   */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once no render is running or waiting (at once when none is), after the listeners heard the last render. */
  whenIdle(): Promise<void> {
    if (!this.running && !this.waiting) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  /**
   * The page's render of `inputs`, settled, or undefined when the page cannot give one (no
   * `onPage`, or it needs more than the page allows: the worker's turn). Tried once per input.
   */
  private renderOnPage(inputs: Inputs): Rendered | undefined {
    if (!this.onPage || same(this.pageMissed, inputs)) return undefined;
    let rendered: Rendered | undefined;
    try {
      const staged = this.onPage(inputs.record, inputs.options, this.how);
      rendered = staged?.rendered;
      if (this.provisionalRenders && staged) this.keepUnmasked(inputs, staged.unmasked);
    } catch {
      // Not expected (the core turns failures into diagnostics): the worker renders it, and says so if it throws there too.
      rendered = undefined;
    }
    if (!rendered) {
      this.pageMissed = inputs;
      return undefined;
    }
    // Older input still with the worker is moot now: its answer must not replace this one.
    const busy = this.running !== undefined || this.waiting !== undefined;
    if (busy) {
      this.endWorker();
      this.waiting = undefined;
    }
    this.placeholder = undefined;
    this.provisional = undefined;
    this.settled = { inputs, rendered };
    // The caller reads it now; only a status that changed (a render was running) is told.
    if (busy) {
      this.state = IDLE;
      this.notify();
    }
    return rendered;
  }

  private keepUnmasked(inputs: Inputs, rendered: Rendered | undefined): void {
    this.unmasked = [...this.unmasked.filter((kept) => !same(kept.inputs, inputs)).slice(1 - UNMASKED_KEPT), { inputs, rendered }];
  }

  /**
   * The provisional render of `inputs` (with `provisionalRenders` only): the page's render before the mask
   * with the last exact render's mask carried over, or undefined (no exact render to carry from,
   * no render before the mask of either, or carry says it is not sound).
   */
  private provisionalOf(inputs: Inputs): Rendered | undefined {
    if (!this.provisionalRenders) return undefined;
    let carried: Rendered | undefined;
    try {
      carried = this.carried(inputs, this.provisionalRenders);
    } catch {
      // Not expected: without a provisional render the last one is read, as without provisional renders.
      carried = undefined;
    }
    const rendered = carried && asProvisional(carried);
    this.provisional = { inputs, rendered };
    return rendered;
  }

  private carried(inputs: Inputs, renders: ProvisionalRenders): Rendered | undefined {
    const exact = this.settled;
    if (!exact || exact.rendered.diagnostics.some((d) => OWN_CODES.has(d.code)) || isProvisional(exact.rendered)) return undefined;
    const now = this.unmasked.find((kept) => same(kept.inputs, inputs))?.rendered;
    if (!now) return undefined;
    let basis = this.unmasked.find((kept) => same(kept.inputs, exact.inputs));
    if (!basis) {
      // The exact render came from the worker for an input the page did not try (the engine was loading): its stage before the mask, once.
      basis = { inputs: exact.inputs, rendered: renders.unmasked(exact.inputs.record, exact.inputs.options, this.how) };
      this.keepUnmasked(basis.inputs, basis.rendered);
    }
    return basis.rendered && renders.carry({ unmasked: basis.rendered, masked: exact.rendered }, now);
  }

  private want(inputs: Inputs): void {
    if (same(this.running?.inputs, inputs) || same(this.waiting, inputs)) return;
    if (!this.running) return this.start(inputs);
    // A render runs: the newest input waits for it, at most until it has run SUPERSEDE_AFTER_MS.
    const running = this.running;
    const wasWaiting = this.waiting !== undefined;
    this.waiting = inputs;
    if (wasWaiting) return; // the timer set for the input it replaces ends the running render in time
    const supersede = (): void => {
      if (this.running !== running || !this.waiting) return;
      const next = this.waiting;
      this.endWorker();
      this.start(next);
    };
    const left = running.startedAt + SUPERSEDE_AFTER_MS - Date.now();
    if (left <= 0) supersede();
    else this.timers.push(setTimeout(supersede, left));
  }

  private start(inputs: Inputs): void {
    this.waiting = undefined;
    this.clearTimers();
    const worker = (this.worker ??= this.listen(this.createWorker()));
    const job = ++this.job;
    this.running = { job, inputs, worker, startedAt: Date.now() };
    try {
      worker.postMessage({ type: 'jinja-render', job, record: inputs.record, options: inputs.options, ...(this.how ? { how: this.how } : {}) });
    } catch (thrown) {
      // A value structured clone cannot copy (records are plain data, so this should not happen): said, not thrown into a render.
      this.finish(inputs, outcome(error(RENDER_CODES.crashed, `The template render could not start: ${thrown instanceof Error ? thrown.message : String(thrown)}.`)));
      return;
    }
    this.setStatus({ running: true, offerStop: false });
    this.timers.push(
      setTimeout(() => {
        if (this.running?.job === job) this.setStatus({ running: true, offerStop: true });
      }, STOP_OFFER_AFTER_MS),
    );
  }

  private listen(worker: RenderWorker): RenderWorker {
    worker.addEventListener('message', (event) => {
      const data = (event as MessageEvent<unknown>).data;
      if (isJinjaRenderResponse(data)) this.receive(worker, data);
    });
    const died = (event: Event): void => this.crashed(worker, event);
    worker.addEventListener('error', died);
    worker.addEventListener('messageerror', died);
    return worker;
  }

  private receive(worker: RenderWorker, response: JinjaRenderResponse): void {
    const running = this.running;
    if (!running || running.worker !== worker || running.job !== response.job) return;
    const rendered: Rendered =
      response.type === 'jinja-rendered'
        ? { text: response.text, spans: response.spans, diagnostics: rememberTemplatePositions(response.diagnostics, response.positions) }
        : outcome(error(RENDER_CODES.crashed, `The template render failed: ${response.message}.`));
    this.finish(running.inputs, rendered);
  }

  /** The worker died: its render says so, and the next input gets a new worker. */
  private crashed(worker: RenderWorker, event: Event): void {
    if (worker !== this.worker) return;
    const running = this.running;
    this.endWorker();
    // An idle worker that died failed no render: the next input gets a new one.
    if (!running) return;
    this.finish(running.inputs, outcome(error(RENDER_CODES.crashed, `The template render crashed (${crashReason(event)}). A new renderer takes the next change; choose Render again to retry.`)));
  }

  private finish(inputs: Inputs, rendered: Rendered): void {
    this.running = undefined;
    const next = this.waiting;
    if (next) this.start(next);
    this.settle(inputs, rendered);
  }

  private settle(inputs: Inputs, rendered: Rendered): void {
    this.settled = { inputs, rendered };
    // The exact render (or the stop or crash) of an input replaces its provisional render; a newer input's stays until its own arrives.
    if (same(this.provisional?.inputs, inputs)) this.provisional = undefined;
    if (!this.running) {
      this.clearTimers();
      this.state = IDLE;
    }
    this.notify();
  }

  private endWorker(): void {
    this.worker?.terminate();
    this.worker = undefined;
    this.running = undefined;
    this.clearTimers();
  }

  private clearTimers(): void {
    this.timers.forEach(clearTimeout);
    this.timers = [];
  }

  private setStatus(status: RendererStatus): void {
    this.state = status;
    this.notify();
  }

  private notify(): void {
    if (this.notifying) return;
    this.notifying = true;
    queueMicrotask(() => {
      this.notifying = false;
      this.listeners.forEach((listener) => listener());
      if (this.running || this.waiting) return;
      const idle = this.idle;
      this.idle = [];
      idle.forEach((resolve) => resolve());
    });
  }
}

/** Why a worker died, in words: an uncaught error inside it is an ErrorEvent with a message; an out-of-memory end may carry none. */
function crashReason(event: Event): string {
  const message = (event as Partial<ErrorEvent>).message;
  if (typeof message === 'string' && message !== '') return message;
  return event.type === 'messageerror' ? 'its answer could not be read' : 'it ran out of memory or failed';
}

/** A render the renderer makes itself (stopped, crashed): no text, the one error. */
function outcome(diagnostic: Diagnostic): Rendered {
  return { text: '', spans: [], diagnostics: [diagnostic] };
}

/** What is read while the first render runs (or one after a stop or crash): no text yet, the format's pending code. */
function pendingRender(): Rendered {
  return { text: '', spans: [], diagnostics: [info(ON_DEMAND_CODES.loading, 'Rendering the template…')] };
}
