/**
 * Compare: the current conversation rendered by two formats or templates, side by side in
 * Monaco's diff editor (differences marked), each side with its own format and options; a
 * status line says "No differences" or where the first one is. The sides start as the chosen
 * format (left) and the Jinja template format (right; its template as the Jinja format has it).
 */
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { OptionValues, ParleyRecord, Rendered } from '../../../core/index.ts';
import { firstDifference, renderSide, type CompareSide } from '../../compare/sides.ts';
import { SideControls } from '../../compare/SideControls.tsx';
import { compareRenderers } from '../../jinja/off-page.ts';
import { OFF_PAGE_FORMAT } from '../../jinja/off-page-format.ts';
import { prepareFormat, useAppStore } from '../../store/index.ts';
import { shownConversation } from '../../store/branch-view.ts';
import { RenderStatus } from '../template/RenderStatus.tsx';
import { DiffPane } from './DiffPane.tsx';

const JINJA = 'jinja';

function initialSides(): [CompareSide, CompareSide] {
  const { formatId, formatOptions } = useAppStore.getState();
  const current: CompareSide = { formatId, options: { ...(formatOptions[formatId] ?? {}) } };
  const other = formatId === JINJA ? 'apertus' : JINJA;
  return [current, { formatId: other, options: { ...(formatOptions[other] ?? {}) } as OptionValues }];
}

/** A side's render when its template renders in the worker (undefined for a format rendered here). */
function useOffPageSide(name: keyof typeof compareRenderers, record: ParleyRecord, side: CompareSide): Rendered | undefined {
  const renderer = compareRenderers[name];
  const subscribe = useCallback((listener: () => void) => renderer.subscribe(listener), [renderer]);
  // The renderer gives the same object for the same inputs (its render, or its pending placeholder): a stable snapshot.
  return useSyncExternalStore(subscribe, () => (side.formatId === OFF_PAGE_FORMAT ? renderer.render(record, side.options) : undefined));
}

export function CompareView() {
  const [[left, right], setSides] = useState<[CompareSide, CompareSide]>(initialSides);
  // A training record: the conversation the Text view shows (store/branch-view.ts), not its prompt alone.
  const record = useAppStore((state) => shownConversation(state.record));
  const [loaded, setLoaded] = useState(0);
  const [changes, setChanges] = useState<number | undefined>();

  useEffect(() => {
    for (const id of [left.formatId, right.formatId]) void prepareFormat(id).then(() => setLoaded((n) => n + 1));
  }, [left.formatId, right.formatId]);

  // `loaded` is in the dependencies on purpose: a side's renderer that arrived renders it again.
  const leftOffPage = useOffPageSide('Left', record, left);
  const rightOffPage = useOffPageSide('Right', record, right);
  const leftRender = useMemo(() => renderSide(record, left, leftOffPage), [record, left, loaded, leftOffPage]);
  const rightRender = useMemo(() => renderSide(record, right, rightOffPage), [record, right, loaded, rightOffPage]);
  const difference = firstDifference(leftRender.text, rightRender.text);
  const errors = [...leftRender.errors.map((e) => `Left: ${e}`), ...rightRender.errors.map((e) => `Right: ${e}`)];

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-wrap gap-3 border-b border-slate-200 px-2 py-1 dark:border-slate-700">
        <SideControls name="Left" side={left} onChange={(side) => setSides([side, right])} />
        <SideControls name="Right" side={right} onChange={(side) => setSides([left, side])} />
      </div>
      <p role="status" aria-label="Compare status" className="px-2 py-1 text-sm">
        {leftRender.loading || rightRender.loading
          ? leftOffPage || rightOffPage
            ? 'Rendering…'
            : 'Loading the format…'
          : difference === undefined
            ? 'No differences'
            : `Differences: first at line ${difference.line}, column ${difference.column}${changes === undefined ? '' : ` (${changes} changed ${changes === 1 ? 'range' : 'ranges'})`}`}
        {errors.length > 0 && <span className="block text-red-800 dark:text-red-300">{errors.join(' ')}</span>}
      </p>
      {leftOffPage && <RenderStatus renderer={compareRenderers.Left} rendered={leftOffPage} label="Left side’s template render" />}
      {rightOffPage && <RenderStatus renderer={compareRenderers.Right} rendered={rightOffPage} label="Right side’s template render" />}
      <DiffPane original={leftRender.text} modified={rightRender.text} onChanges={setChanges} />
    </div>
  );
}

export default CompareView;
