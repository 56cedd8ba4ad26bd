/**
 * The words of the template render status (RenderStatus.tsx), from the render shown and whether
 * the running render is offered to be stopped. Keyed on the diagnostic codes, never the messages.
 */
import type { Rendered } from '../../../core/index.ts';
import { RENDER_CODES } from '../../jinja/render-codes.ts';
import type { TemplateRenderer } from '../../jinja/template-renderer.ts';

export interface Said {
  sentence: string;
  action?: { label: string; run: () => void };
  tone: 'busy' | 'stopped';
}

/** What the status line says of a template render, and the one thing it offers to do. */
export function renderStatusText(renderer: Pick<TemplateRenderer, 'stop' | 'retry'>, rendered: Rendered, offerStop: boolean): Said | undefined {
  if (offerStop) return { sentence: 'Rendering the template…', action: { label: 'Stop', run: () => renderer.stop() }, tone: 'busy' };
  const ended = rendered.diagnostics.find((d) => d.code === RENDER_CODES.stopped || d.code === RENDER_CODES.crashed || d.code === RENDER_CODES.overBudget);
  if (!ended) return undefined;
  const again = { label: 'Render again', run: () => renderer.retry() };
  if (ended.code === RENDER_CODES.stopped) return { sentence: 'Stopped: you stopped the template render.', action: again, tone: 'stopped' };
  // The same budget would stop the same render at the same step: no "again" (it is in steps, not seconds).
  if (ended.code === RENDER_CODES.overBudget) return { sentence: `Stopped: ${lowerFirst(ended.message)}`, tone: 'stopped' };
  return { sentence: ended.message, action: again, tone: 'stopped' };
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

