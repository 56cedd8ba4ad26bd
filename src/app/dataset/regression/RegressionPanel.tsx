/**
 * The template regression of the open dataset: two renderings (a format and its options, a
 * template, a tokenizer), run over every record in the background (regression-client.ts) with
 * progress and Stop; the counts per kind of difference, and the records that differ, each of
 * which opens in Compare with the two renderings.
 */
import { DEFAULT_TOKENIZERS } from '../../../core/tokens/defaults.ts';
import { openInCompare } from '../../compare/compare-request.ts';
import { SideControls } from '../../compare/SideControls.tsx';
import { mutedText, toolbarButton, toolbarSelect } from '../../layout/ui.ts';
import { useAppStore } from '../../store/index.ts';
import { openRecord } from '../navigation.ts';
import { startRegression, stopRegression } from './regression-client.ts';
import { countRows, rowKinds, type RegressionRow, type RegressionSide, type RowKind } from './regression-logic.ts';
import { setRegressionState, useRegression } from './regression-store.ts';

/** Records listed at most: the counts cover them all; past this, a sentence says how many more (a long list is read by filtering, not scrolling). */
export const MAX_LISTED = 200;

const n = (value: number): string => value.toLocaleString('en');

const KIND_LABEL: Record<RowKind, string> = { text: 'text', ids: 'token ids', labels: 'labels', 'error a': 'side A cannot render', 'error b': 'side B cannot render', input: 'cannot be read' };

function SideChoice({ name, index }: { name: 'A' | 'B'; index: 0 | 1 }) {
  const sides = useRegression((s) => s.sides);
  const side = sides[index];
  const set = (next: RegressionSide): void => setRegressionState({ sides: index === 0 ? [next, sides[1]] : [sides[0], next] });
  return (
    <div className="flex flex-col gap-1 rounded-md border border-slate-200 p-1.5 dark:border-slate-700">
      <SideControls name={name} side={side} onChange={(next) => set({ ...next, tokenizer: side.tokenizer })} />
      <label className="flex items-center gap-1.5 text-sm">
        Tokenizer
        <select aria-label={`${name} tokenizer`} className={toolbarSelect} value={side.tokenizer ?? ''} onChange={(event) => set({ ...side, tokenizer: event.target.value === '' ? undefined : event.target.value })}>
          <option value="">None: the text only</option>
          {DEFAULT_TOKENIZERS.map((t) => (
            <option key={t.id} value={t.id}>
              {t.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

function Progress() {
  const { status, done, total, message } = useRegression((s) => s);
  const running = status === 'running';
  const share = total > 0 ? Math.min(1, done / total) : 0;
  const label = status === 'idle' ? 'Not run yet.' : running ? `Comparing records: ${n(done)} of ${n(total)}` : status === 'done' ? `Compared ${n(total)} records.` : (message ?? 'Stopped.');
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <span id="regression-progress-label" role="status" aria-label="Regression progress" className={`min-w-0 flex-1 text-xs ${status === 'failed' ? 'text-red-800 dark:text-red-300' : mutedText}`}>
          {label}
        </span>
        {running ? (
          <button type="button" className={toolbarButton} onClick={() => stopRegression()}>
            Stop
          </button>
        ) : (
          <button type="button" className={toolbarButton} onClick={startRegression}>
            {status === 'idle' ? 'Run' : 'Run again'}
          </button>
        )}
      </div>
      {running && (
        <div role="progressbar" aria-labelledby="regression-progress-label" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(share * 100)} className="h-1.5 overflow-hidden rounded bg-slate-200 dark:bg-slate-700">
          <div className="h-full bg-sky-600" style={{ width: `${share * 100}%` }} />
        </div>
      )}
    </div>
  );
}

function describe(row: RegressionRow): string {
  if (!row.same && 'error' in row) return `${KIND_LABEL[rowKinds(row)[0] as RowKind]}: ${row.message}`;
  return rowKinds(row).map((kind) => KIND_LABEL[kind]).join(', ');
}

function Results() {
  const rows = useRegression((s) => s.rows);
  const ranWith = useRegression((s) => s.ranWith);
  const lineOf = useAppStore((s) => s.datasetRows);
  const counts = countRows(rows);
  if (counts.compared === 0) return null;
  const kinds = (Object.keys(counts.perKind) as RowKind[]).filter((kind) => counts.perKind[kind] > 0);
  const listed: { id: number; row: RegressionRow }[] = [];
  let more = 0;
  rows.forEach((row, id) => {
    if (!row || row.same) return;
    if (listed.length < MAX_LISTED) listed.push({ id, row });
    else more += 1;
  });
  const open = (id: number): void => {
    openRecord(id);
    if (ranWith) openInCompare([ranWith[0], ranWith[1]]);
  };
  return (
    <div className="flex flex-col gap-1">
      <p role="status" aria-label="Regression counts" className="text-sm">
        {n(counts.same)} the same, {n(counts.differ)} differ{kinds.length > 0 ? ` (${kinds.map((kind) => `${KIND_LABEL[kind]}: ${n(counts.perKind[kind])}`).join(', ')})` : ''}.
      </p>
      {listed.length > 0 && (
        <ul aria-label="Records that differ" className="flex max-h-48 flex-col gap-0.5 overflow-y-auto">
          {listed.map(({ id, row }) => {
            const line = lineOf[id]?.line ?? id + 1;
            return (
              <li key={id}>
                <button type="button" className="w-full truncate rounded px-1 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800" title="Open this record in Compare with the two renderings" onClick={() => open(id)}>
                  Line {line}: {describe(row)}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {more > 0 && <p className={`text-xs ${mutedText}`}>{n(more)} more not listed (the first {MAX_LISTED} are).</p>}
    </div>
  );
}

export default function RegressionPanel() {
  return (
    <div className="flex flex-col gap-2 pt-1.5">
      <p className={`text-xs ${mutedText}`}>Render every record two ways and list those whose text, token ids or labels differ (token ids and labels with a tokenizer on both sides).</p>
      <SideChoice name="A" index={0} />
      <SideChoice name="B" index={1} />
      <Progress />
      <Results />
    </div>
  );
}
