/**
 * Compare: the current conversation rendered by two formats or templates, side by side in
 * Monaco's diff editor (differences marked, special tokens as chips), each side with its own
 * format and options; a status line says "No differences" or where the first one is, and which
 * option, set otherwise, makes the sides equal. The sides start as the chosen format (left) and
 * the Jinja template format (right; its template as the Jinja format has it); when the chosen
 * format is Jinja with a known template (Qwen2.5's, Llama 3.1's, …), the right side is the
 * native format that renders it. The dataset regression opens Compare with its own two sides.
 */
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { findFormat, type OptionValues, type ParleyRecord, type Rendered } from '../../../core/index.ts';
import type { OptionExplanation } from '../../../core/compare/index.ts';
import { toolbarButton } from '../../layout/ui.ts';
import { compareRequests } from '../../compare/compare-request.ts';
import { explainSides, firstDifference, nativeMatchOfSide, renderSide, type CompareSide } from '../../compare/sides.ts';
import { SideControls } from '../../compare/SideControls.tsx';
import { compareRenderers } from '../../jinja/off-page.ts';
import { OFF_PAGE_FORMAT } from '../../jinja/off-page-format.ts';
import { prepareFormat, useAppStore } from '../../store/index.ts';
import { shownConversation } from '../../store/branch-view.ts';
import { RenderStatus } from '../template/RenderStatus.tsx';
import { DiffPane } from './DiffPane.tsx';

const JINJA = 'jinja';

function initialSides(): [CompareSide, CompareSide] {
  // Asked for by the dataset regression (its "open in Compare"): kept until the person changes a
  // side, so that Compare mounted again (the record opened, the tab chosen again) shows them still.
  const asked = compareRequests.getState().request;
  if (asked) return asked.sides;
  const { formatId, formatOptions } = useAppStore.getState();
  const current: CompareSide = { formatId, options: { ...(formatOptions[formatId] ?? {}) } };
  const other = formatId === JINJA ? (nativeMatchOfSide(current)?.formatId ?? 'apertus') : JINJA;
  return [current, { formatId: other, options: { ...(formatOptions[other] ?? {}) } as OptionValues }];
}

const SIDE_NAME = { a: 'Left', b: 'Right' } as const;

/** "Left's template is Qwen/Qwen2.5-7B-Instruct's (known by its hash); ChatML (Qwen2.5) renders it natively." */
function NativeNote({ sides, onUse }: { sides: [CompareSide, CompareSide]; onUse: (sides: [CompareSide, CompareSide]) => void }) {
  const found = sides.map((side, i) => ({ i, match: nativeMatchOfSide(side) })).find((entry) => entry.match !== undefined);
  if (!found?.match) return null;
  const { i, match } = found;
  const label = findFormat(match.formatId)?.label ?? match.formatId;
  const other = sides[1 - i] as CompareSide;
  const name = i === 0 ? 'Left' : 'Right';
  return (
    <span className="block">
      {name}’s template is {match.model}’s (known by its {match.by === 'hash' ? 'hash' : 'model name'}); {label} renders it natively
      {other.formatId === match.formatId ? '.' : ': '}
      {other.formatId !== match.formatId && (
        <button type="button" className={toolbarButton} onClick={() => onUse(i === 0 ? [sides[0], { formatId: match.formatId, options: {} }] : [{ formatId: match.formatId, options: {} }, sides[1]])}>
          Compare with {label}
        </button>
      )}
    </span>
  );
}

/** The option that makes both sides equal, with a button that sets it; or that no single option does. */
function Explanation({ found, onApply }: { found: readonly OptionExplanation[]; onApply: (fix: OptionExplanation) => void }) {
  if (found.length === 0) return <span className="block">No single option of a side rendered here makes them the same: the difference is in the template or the format itself.</span>;
  return (
    <span className="block">
      {found.map((fix) => (
        <span key={`${fix.side}:${fix.key}`} className="mr-2 inline-flex items-center gap-1">
          Explained by an option: {SIDE_NAME[fix.side]}’s {fix.label} set to {String(fix.value)} makes both sides the same.
          <button type="button" className={toolbarButton} onClick={() => onApply(fix)}>
            Set {SIDE_NAME[fix.side]}’s {fix.label} to {String(fix.value)}
          </button>
        </span>
      ))}
    </span>
  );
}

/** A side's render when its template renders in the worker (undefined for a format rendered here). */
function useOffPageSide(name: keyof typeof compareRenderers, record: ParleyRecord, side: CompareSide): Rendered | undefined {
  const renderer = compareRenderers[name];
  const subscribe = useCallback((listener: () => void) => renderer.subscribe(listener), [renderer]);
  // The renderer gives the same object for the same inputs (its render, or its pending placeholder): a stable snapshot.
  return useSyncExternalStore(subscribe, () => (side.formatId === OFF_PAGE_FORMAT ? renderer.render(record, side.options) : undefined));
}

export function CompareView() {
  const [[left, right], setShown] = useState<[CompareSide, CompareSide]>(initialSides);
  /** The person's choice of sides: it replaces any sides asked for. */
  const setSides = useCallback((sides: [CompareSide, CompareSide]) => {
    compareRequests.setState({ request: undefined });
    setShown(sides);
  }, []);
  // A training record: the conversation the Text view shows (store/branch-view.ts), not its prompt alone.
  const record = useAppStore((state) => shownConversation(state.record));
  const [loaded, setLoaded] = useState(0);
  const [changes, setChanges] = useState<number | undefined>();

  useEffect(() => {
    for (const id of [left.formatId, right.formatId]) void prepareFormat(id).then(() => setLoaded((n) => n + 1));
  }, [left.formatId, right.formatId]);

  // Sides asked for while Compare is open (the regression's "open in Compare" on another record).
  useEffect(
    () =>
      compareRequests.subscribe(({ request }) => {
        if (request) setShown(request.sides);
      }),
    [],
  );

  // `loaded` is in the dependencies on purpose: a side's renderer that arrived renders it again.
  const leftOffPage = useOffPageSide('Left', record, left);
  const rightOffPage = useOffPageSide('Right', record, right);
  const leftRender = useMemo(() => renderSide(record, left, leftOffPage), [record, left, loaded, leftOffPage]);
  const rightRender = useMemo(() => renderSide(record, right, rightOffPage), [record, right, loaded, rightOffPage]);
  const difference = firstDifference(leftRender.text, rightRender.text);
  const errors = [...leftRender.errors.map((e) => `Left: ${e}`), ...rightRender.errors.map((e) => `Right: ${e}`)];
  const settled = !leftRender.loading && !rightRender.loading && errors.length === 0;
  // Tried only once both renders are in and differ: each try is one more render of a side.
  const differs = difference !== undefined;
  const explained = useMemo(
    () => (settled && differs ? explainSides(record, left, right, { a: leftRender.text, b: rightRender.text }) : undefined),
    [settled, differs, record, left, right, leftRender.text, rightRender.text],
  );
  const apply = (fix: OptionExplanation): void => {
    const side = fix.side === 'a' ? left : right;
    const changed = { ...side, options: { ...side.options, [fix.key]: fix.value } };
    setSides(fix.side === 'a' ? [changed, right] : [left, changed]);
  };

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
      <div role="status" aria-label="Why the sides differ" className="px-2 pb-1 text-sm">
        <NativeNote sides={[left, right]} onUse={setSides} />
        {explained && <Explanation found={explained} onApply={apply} />}
      </div>
      {leftOffPage && <RenderStatus renderer={compareRenderers.Left} rendered={leftOffPage} label="Left side’s template render" />}
      {rightOffPage && <RenderStatus renderer={compareRenderers.Right} rendered={rightOffPage} label="Right side’s template render" />}
      <DiffPane original={leftRender.text} modified={rightRender.text} originalSpecials={leftRender.specials} modifiedSpecials={rightRender.specials} onChanges={setChanges} />
    </div>
  );
}

export default CompareView;
