/** Turns the store's reveal requests (preview clicks, diagnostics, new items) into focus on the right field. */
import { useEffect } from 'react';
import { useAppStore } from '../../store/index.ts';
import { revealField } from './reveal.ts';

export function useRevealRequests(): void {
  const request = useAppStore((state) => state.revealRequest);
  useEffect(() => {
    if (!request || request.path.length === 0) return;
    // A request may carry a text offset (the place clicked in the preview): select it in the field.
    const offset = 'offset' in request && typeof request.offset === 'number' ? request.offset : undefined;
    void revealField(request.path, offset === undefined ? undefined : { start: offset });
  }, [request]);
}
