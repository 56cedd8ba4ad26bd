/**
 * The app's template renderers, each its own worker (template-renderer.ts), each trying a quick
 * render on the page first (page-render.ts): the preview's (the
 * store's derived render of the Jinja format goes there, and with it the Text view, the
 * diagnostics, the training mask and the Token view), and one per side of Compare, so that a
 * long render on one never holds up another. Installed at boot.
 */
import type { OptionValues, ParleyRecord, Rendered } from '../../core/index.ts';
// The rule alone (no engine): small enough for the main chunk.
import { carryMask } from '../../core/formats/jinja/mask/carry.ts';
import { forgetRender, renderOffPage, useAppStore } from '../store/index.ts';
import RenderWorker from './render.worker.ts?worker';
import { OFF_PAGE_FORMAT } from './off-page-format.ts';
import { renderOnPage, unmaskedOnPage } from './page-render.ts';
import { TemplateRenderer } from './template-renderer.ts';

const newWorker = () => new RenderWorker();

/** The preview's, alone with provisional renders while typing (the Text view and the form show them; Compare and one-off renders stay exact-only). */
export const previewRenderer = new TemplateRenderer(newWorker, undefined, renderOnPage, { carry: carryMask, unmasked: unmaskedOnPage });
/** Compare's sides: with spans, for the special-token chips of the diff. */
export const compareRenderers = {
  Left: new TemplateRenderer(newWorker, undefined, renderOnPage),
  Right: new TemplateRenderer(newWorker, undefined, renderOnPage),
} as const;
/** A preference record's other branch (the Branches view; the preview's renderer has the first). */
const branchRenderer = new TemplateRenderer(newWorker, undefined, renderOnPage);
/** One-off renders (the dataset diff's original record). */
const oneOff = new TemplateRenderer(newWorker, { spans: false }, renderOnPage);

export function installOffPageRenders(): void {
  renderOffPage((formatId, record, options, role) => (formatId === OFF_PAGE_FORMAT ? (role === 'branch' ? branchRenderer : previewRenderer).render(record, options) : undefined));
  const wake = () => {
    forgetRender();
    // No field changes: this only wakes the subscribers (the preview, the diagnostics), which read the render again.
    useAppStore.setState({});
  };
  previewRenderer.subscribe(wake);
  branchRenderer.subscribe(wake);
}

/** The render of `record` with `options` once the worker has it (never a placeholder or an earlier render). */
export function renderOnce(record: ParleyRecord, options: OptionValues | undefined): Promise<Rendered> {
  return oneOff.renderExactly(record, options);
}
