/**
 * The template regression of the open dataset: two renderings (a format and its options, a
 * template, a tokenizer: a shipped one, or the format's or the template's own; the mask of the
 * labels), run over every record as Save would write it, in the background
 * (regression-client.ts) with progress and Stop; the counts per kind of difference, and the
 * records that differ, each of which opens in Compare with the two renderings.
 */
import { useEffect } from 'react';
import { readTemplateSource } from '../../../core/index.ts';
import { parseConfigText } from '../../../core/formats/jinja/known-templates.ts';
import { DEFAULT_TOKENIZERS } from '../../../core/tokens/defaults.ts';
import { openInCompare } from '../../compare/compare-request.ts';
import { SideControls } from '../../compare/SideControls.tsx';
import { mutedText, toolbarButton, toolbarSelect } from '../../layout/ui.ts';
import { useAppStore } from '../../store/index.ts';
import { openRecord } from '../navigation.ts';
import { sideFit, sideTokenizer, startRegression, stopRegression } from './regression-client.ts';
import { countRows, DEFAULT_SIDE_MASK, OWN_TOKENIZER, rowKinds, type RegressionRow, type RegressionSide, type RowKind } from './regression-logic.ts';
import { INITIAL_REGRESSION, regressionStore, setRegressionState, useRegression } from './regression-store.ts';

/** A format's options as the app has them (the Template view's template for Jinja): a side starts there, as Compare's do. */
function appOptions(formatId: string): RegressionSide['options'] {
  return { ...(useAppStore.getState().formatOptions[formatId] ?? {}) };
}

/** Records listed at most: the counts cover them all; past this, a sentence says how many more (a long list is read by filtering, not scrolling). */
export const MAX_LISTED = 200;

const n = (value: number): string => value.toLocaleString('en');

const KIND_LABEL: Record<RowKind, string> = { text: 'text', ids: 'token ids', labels: 'labels', 'error a': 'side A cannot render', 'error b': 'side B cannot render', input: 'cannot be read' };

/** The menu's entry for what fits the side: the format's own tokenizer, or the template's (said "approximate" when one stands in). */
function ownLabel(side: RegressionSide): string | undefined {
  const fit = sideFit(side);
  const name = fit.files !== undefined ? (fit.files[0]?.name ?? 'its files') : fit.shipped?.label;
  if (name === undefined) return undefined;
  if (side.formatId === 'jinja') return fit.own ? `The template's own (${name})` : `A stand-in for the template's (${name}, approximate)`;
  return `The format's own (${name})`;
}

/** A pasted tokenizer_config.json, parsed (the model it names finds the template's tokenizer); anything else: none. */
function configOf(text: string): object | undefined {
  return readTemplateSource(text).kind === 'config' ? parseConfigText(text) : undefined;
}

function SideChoice({ name, index }: { name: 'A' | 'B'; index: 0 | 1 }) {
  const sides = useRegression((s) => s.sides);
  const side = sides[index];
  const set = (next: RegressionSide): void => setRegressionState({ sides: index === 0 ? [next, sides[1]] : [sides[0], next] });
  const own = ownLabel(side);
  const mask = side.mask ?? DEFAULT_SIDE_MASK;
  const pick = sideTokenizer(side);
  return (
    <div className="flex flex-col gap-1 rounded-md border border-slate-200 p-1.5 dark:border-slate-700">
      <SideControls
        name={name}
        side={side}
        // The side's tokenizer and mask stay; its options: another format starts with the app's, a pasted config is kept for its template.
        onChange={(next) =>
          next.formatId === side.formatId ? set({ ...next, tokenizer: side.tokenizer, mask: side.mask, config: side.config }) : set({ formatId: next.formatId, options: appOptions(next.formatId), tokenizer: side.tokenizer, mask: side.mask })
        }
        onTemplateText={(options, text) => set({ ...side, options, config: configOf(text) })}
      />
      <label className="flex items-center gap-1.5 text-sm">
        Tokenizer
        <select aria-label={`${name} tokenizer`} className={toolbarSelect} value={side.tokenizer ?? ''} onChange={(event) => set({ ...side, tokenizer: event.target.value === '' ? undefined : event.target.value })}>
          <option value="">None: the text only</option>
          {own !== undefined && <option value={OWN_TOKENIZER}>{own}</option>}
          {DEFAULT_TOKENIZERS.map((t) => (
            <option key={t.id} value={t.id}>
              {t.label}
            </option>
          ))}
        </select>
      </label>
      {side.tokenizer === OWN_TOKENIZER && side.formatId === 'jinja' && <p className={`text-xs ${mutedText}`}>{sideFit(side).note}</p>}
      {pick !== undefined && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <label className="flex items-center gap-1.5">
            Trained
            <select aria-label={`${name} trained turns`} className={toolbarSelect} value={mask.turns} onChange={(event) => set({ ...side, mask: { ...mask, turns: event.target.value === 'last' ? 'last' : 'all' } })}>
              <option value="all">Every assistant turn</option>
              <option value="last">The last assistant turn only</option>
            </select>
          </label>
          <label className="flex items-center gap-1.5">
            <input type="checkbox" checked={mask.thoughtsAndTools} onChange={(event) => set({ ...side, mask: { ...mask, thoughtsAndTools: event.target.checked } })} />
            {name}: thoughts and tool calls are trained
          </label>
        </div>
      )}
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
  // The first time it opens: side A is the app's format, side B the Jinja template format, both with the app's options (as Compare starts).
  useEffect(() => {
    if (regressionStore.getState().sides !== INITIAL_REGRESSION.sides) return;
    const { formatId } = useAppStore.getState();
    setRegressionState({ sides: [{ formatId, options: appOptions(formatId) }, { formatId: 'jinja', options: appOptions('jinja') }] });
  }, []);
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
