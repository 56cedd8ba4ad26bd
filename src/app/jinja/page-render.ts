/**
 * The page's first try at a template render (template-renderer.ts `onPage`): the core's render
 * under a cap of PAGE_RENDER_STEPS steps, so that an ordinary template renders at once, without
 * the worker's round trip, and any other (long, or hostile) goes to the worker within a few tens
 * of milliseconds. The Jinja engine is loaded on demand: until it has arrived the worker renders.
 */
import type { OptionValues, ParleyRecord, Rendered, RenderHow } from '../../core/index.ts';
import type { StagedRender } from '../../core/formats/jinja/render.ts';

/**
 * Steps a render may take on the page: in its run, and as many again in the marked runs of span
 * recovery (docs/jinja.md, "Rendering off the page, Stop"). A step takes 0.5 to 3 µs (measured:
 * 0.45 µs in Node on a quiet machine, up to 3 µs in a busy browser), so the page waits at most
 * about 40,000 steps, 20 to 120 ms, and usually far less; real templates take 30 to 90 steps a
 * message, so conversations of up to 200 messages or so render here. Smaller than any budget
 * the person sets with effect (the default is 1,000,000 and 10,000 a message): a render that
 * finishes within it finishes the same in the worker. Raise it here for longer conversations at
 * the cost of a longer worst-case freeze; lower it for a quicker escape from hostile templates.
 */
export const PAGE_RENDER_STEPS = 20_000;

type RenderModule = typeof import('../../core/formats/jinja/render.ts');

let renderWithin: RenderModule['renderJinjaStagedWithin'] | undefined;
let unmaskedWithin: RenderModule['renderJinjaUnmaskedWithin'] | undefined;
let loading: Promise<void> | undefined;

/**
 * The render of `record` on the page (`rendered`: undefined when it needs more than
 * PAGE_RENDER_STEPS) and the same before its training mask (`unmasked`: undefined when that
 * needs more); undefined while the engine is still loading.
 */
export function renderOnPage(record: ParleyRecord, options: OptionValues | undefined, how: RenderHow | undefined): StagedRender | undefined {
  if (!renderWithin) {
    // The same chunk as the Jinja format's on-demand code: loaded once, for the next input.
    loading ??= import('../../core/formats/jinja/render.ts').then(
      (module) => {
        renderWithin = module.renderJinjaStagedWithin;
        unmaskedWithin = module.renderJinjaUnmaskedWithin;
      },
      () => {
        // Offline after a deploy, say: the worker renders; a later input tries again.
        loading = undefined;
      },
    );
    return undefined;
  }
  return renderWithin(record, options, how, PAGE_RENDER_STEPS);
}

/**
 * The render of `record` on the page before its training mask (text and field spans, under the
 * same cap), or undefined (over the cap, or the engine not loaded yet: renderOnPage loads it).
 * The basis of a provisional render when the last exact one came from the worker untried here.
 */
export function unmaskedOnPage(record: ParleyRecord, options: OptionValues | undefined, how: RenderHow | undefined): Rendered | undefined {
  return unmaskedWithin?.(record, options, how, PAGE_RENDER_STEPS);
}
