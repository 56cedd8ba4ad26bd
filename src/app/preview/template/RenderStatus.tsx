/**
 * What a template render in its worker is doing, in words, with its controls: a render that runs
 * long offers **Stop**; a render that was stopped, ran past its budget or crashed says so (and
 * offers **Render again** when trying again can help). Nothing shows while renders are quick.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { Rendered } from '../../../core/index.ts';
import type { TemplateRenderer } from '../../jinja/template-renderer.ts';
import { toolbarButton } from '../../layout/ui.ts';
import { renderStatusText } from './render-status-text.ts';

export function RenderStatus({ renderer, rendered, label = 'Template render' }: { renderer: TemplateRenderer; rendered: Rendered; label?: string }) {
  const subscribe = useCallback((listener: () => void) => renderer.subscribe(listener), [renderer]);
  const status = useSyncExternalStore(subscribe, () => renderer.status());
  const shown = renderStatusText(renderer, rendered, status.offerStop);
  const tone = shown?.tone === 'stopped' ? 'bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50' : 'bg-sky-50 text-sky-950 dark:bg-sky-950 dark:text-sky-50';
  return (
    // Always present (empty when quiet), so that screen readers hear it when it starts to speak.
    <div role="status" aria-label={label} className={shown ? `flex shrink-0 items-center gap-2 border-b border-slate-200 px-3 py-1 text-sm dark:border-slate-800 ${tone}` : 'sr-only'}>
      {shown && <p className="min-w-0 flex-1">{shown.sentence}</p>}
      {shown?.action && (
        <button type="button" className={toolbarButton} onClick={shown.action.run}>
          {shown.action.label}
        </button>
      )}
    </div>
  );
}
