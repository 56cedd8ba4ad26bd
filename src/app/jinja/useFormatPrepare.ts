/**
 * Loads what the current format loads on demand (Format.prepare: the Jinja engine) when it is
 * chosen, then renders again: until then its render says it is loading. The engine is its own
 * chunk, not in the start-up bundle.
 */
import { useEffect } from 'react';
import { findFormat } from '../../core/index.ts';
import { forgetRender } from '../store/derived.ts';
import { useAppStore } from '../store/index.ts';

const prepared = new Set<string>();

/** Loads `formatId`'s renderer if it has one to load; resolves once the app renders with it. */
export async function prepareFormat(formatId: string): Promise<void> {
  const format = findFormat(formatId);
  if (!format?.prepare || prepared.has(formatId)) return;
  await format.prepare();
  if (prepared.has(formatId)) return;
  prepared.add(formatId);
  forgetRender();
  // No field changes: this only wakes the subscribers (the preview, the diagnostics), which read the render again.
  useAppStore.setState({});
}

export function useFormatPrepare(): void {
  const formatId = useAppStore((state) => state.formatId);
  useEffect(() => {
    void prepareFormat(formatId);
  }, [formatId]);
}
