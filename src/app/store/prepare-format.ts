/**
 * Loads what a format loads on demand (Format.prepare: the ChatML, Llama 3.1, harmony and Jinja
 * renderers and parsers, each its own chunk, not in the start-up bundle), then renders again:
 * until then the format's render says it is loading. Every way a format becomes the shown one
 * awaits this first when it can (an example, a share link, a restored session, the test API);
 * the format menu shows "Loading…" for the moment it takes (useFormatPrepare).
 */
import { findFormat } from '../../core/index.ts';
import { forgetRender } from './derived.ts';
import { useAppStore } from './store.ts';

const prepared = new Set<string>();

/**
 * Loads `formatId`'s code if it has some to load; resolves once the app renders with it. Never
 * rejects: a chunk that did not arrive (offline after a deploy) is told in a notice, and the
 * render keeps saying it is loading.
 */
export async function prepareFormat(formatId: string): Promise<void> {
  const format = findFormat(formatId);
  if (!format?.prepare || prepared.has(formatId)) return;
  try {
    await format.prepare();
  } catch (thrown) {
    useAppStore.getState().showNotice({ tone: 'error', title: `The ${format.label} format could not be loaded: ${thrown instanceof Error ? thrown.message : String(thrown)}. Reload the page to try again.` });
    return;
  }
  if (prepared.has(formatId)) return;
  prepared.add(formatId);
  forgetRender();
  // No field changes: this only wakes the subscribers (the preview, the diagnostics), which read the render again.
  useAppStore.setState({});
}
