/**
 * Compare: the current conversation rendered by two formats or templates, side by side in
 * Monaco's diff editor (differences marked), each side with its own format and options; a
 * status line says "No differences" or where the first one is. The sides start as the chosen
 * format (left) and the Jinja template format (right; its template as the Jinja format has it).
 */
import { useEffect, useMemo, useState } from 'react';
import type { OptionValues } from '../../../core/index.ts';
import { firstDifference, renderSide, type CompareSide } from '../../compare/sides.ts';
import { SideControls } from '../../compare/SideControls.tsx';
import { prepareFormat, useAppStore } from '../../store/index.ts';
import { DiffPane } from './DiffPane.tsx';

const JINJA = 'jinja';

function initialSides(): [CompareSide, CompareSide] {
  const { formatId, formatOptions } = useAppStore.getState();
  const current: CompareSide = { formatId, options: { ...(formatOptions[formatId] ?? {}) } };
  const other = formatId === JINJA ? 'apertus' : JINJA;
  return [current, { formatId: other, options: { ...(formatOptions[other] ?? {}) } as OptionValues }];
}

export function CompareView() {
  const [[left, right], setSides] = useState<[CompareSide, CompareSide]>(initialSides);
  const record = useAppStore((state) => state.record);
  const [loaded, setLoaded] = useState(0);
  const [changes, setChanges] = useState<number | undefined>();

  useEffect(() => {
    for (const id of [left.formatId, right.formatId]) void prepareFormat(id).then(() => setLoaded((n) => n + 1));
  }, [left.formatId, right.formatId]);

  // `loaded` is in the dependencies on purpose: a side's renderer that arrived renders it again.
  const leftRender = useMemo(() => renderSide(record, left), [record, left, loaded]);
  const rightRender = useMemo(() => renderSide(record, right), [record, right, loaded]);
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
          ? 'Loading the format…'
          : difference === undefined
            ? 'No differences'
            : `Differences: first at line ${difference.line}, column ${difference.column}${changes === undefined ? '' : ` (${changes} changed ${changes === 1 ? 'range' : 'ranges'})`}`}
        {errors.length > 0 && <span className="block text-red-800 dark:text-red-300">{errors.join(' ')}</span>}
      </p>
      <DiffPane original={leftRender.text} modified={rightRender.text} onChanges={setChanges} />
    </div>
  );
}

export default CompareView;
