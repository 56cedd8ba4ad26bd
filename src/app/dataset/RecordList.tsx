/**
 * The dataset's records, virtualised (only the rows on screen exist, however many records):
 * line number, the start of the first user text (or why the line is bad), dialect, status and
 * diagnostic count. A click opens a record; the current one is kept in view. Each row offers
 * Duplicate and Delete.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useRef } from 'react';
import { findCodec } from '../../core/index.ts';
import { mutedText } from '../layout/ui.ts';
import { listedIds, useAppStore, type DatasetRow, type ShownStatus } from '../store/index.ts';
import { openCommentCount } from '../review/review-mark.ts';
import { useRecordLengthsLabel } from './lengths/RecordLengthsText.tsx';
import { scrollTargetForRow } from './list-scroll.ts';
import { openRecord } from './navigation.ts';
import { placeTitle, recordNumber, recordPlace } from './parquet/where.ts';
import { useJudgedRows } from './judged-rows.ts';
import { useRowsInView } from './parquet/use-rows-in-view.ts';

/** Two lines (text, then dialect/status/diagnostics: 18 + 16 px): twelve rows fit at 1440×900 with the panels folded (issue 24). */
export const ROW_HEIGHT = 34;

/**
 * Whole rows the list claims before the review tools above it do, when the window has room:
 * twelve (issue 24's 1440×900 floor with the panels folded), but never more than half the
 * window's height, so that the tools keep room on a low window (they scroll in what is left).
 */
export const PREFERRED_ROWS_IN_VIEW = 12;

/**
 * Whole rows the list always keeps on screen, however much the controls above it take (issue 24:
 * never fewer than five with the side panels open); the review tools above give way first. Raise
 * it here (the layout test, e2e/dataset-layout.spec.ts, checks five at 1440×900).
 */
export const MIN_ROWS_IN_VIEW = 5;

const STATUS_STYLE: Record<ShownStatus, string> = {
  unreviewed: 'text-slate-600 dark:text-slate-300',
  edited: 'text-sky-800 dark:text-sky-300',
  flagged: 'text-amber-800 dark:text-amber-300',
  done: 'text-emerald-800 dark:text-emerald-300',
  rejected: 'text-red-800 dark:text-red-300',
};

const count = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

/** What the checks found, as the row says it, in the diagnostics panel's words: errors, warnings, infos. */
/** Duplicate record `id`; a refusal (rows still being read) is said in a notice, not thrown at the click. */
function duplicate(id: number): void {
  const store = useAppStore.getState();
  try {
    store.duplicateRecord(id);
  } catch (thrown) {
    store.showNotice({ tone: 'error', title: thrown instanceof Error ? thrown.message : String(thrown) });
  }
}

export function diagnosticsLabel(row: Pick<DatasetRow, 'problem' | 'summary'>): string {
  if (row.problem) return 'bad line';
  if (!row.summary) return 'not checked yet';
  const { errors, diagnostics } = row.summary;
  const warnings = row.summary.warnings ?? 0;
  const infos = diagnostics - errors - warnings;
  if (diagnostics === 0) return 'no problems';
  const parts = [...(errors > 0 ? [count(errors, 'error')] : []), ...(warnings > 0 ? [count(warnings, 'warning')] : []), ...(infos > 0 ? [`${infos} info`] : [])];
  return parts.join(', ');
}

const rowAction =
  'rounded px-1.5 text-xs leading-4 text-slate-600 hover:bg-slate-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500 dark:text-slate-300 dark:hover:bg-slate-700';

interface RowProps {
  id: number;
  row: DatasetRow;
  current: boolean;
  edited: boolean;
  top: number;
}

const RecordRow = memo(function RecordRow({ id, row, current, edited, top }: RowProps) {
  // Edited is a fact of the dataset, shown in the status's place while there is no verdict.
  const status: ShownStatus = row.status === 'unreviewed' && (edited || row.savedEdit) ? 'edited' : row.status;
  const open = openCommentCount(row.review);
  const comments = open > 0 ? count(open, 'open comment') : '';
  const bad = row.problem !== undefined;
  // A dataset read on demand (a remote split): a row not read yet says so, it is read once in view.
  const onDemand = useAppStore((state) => state.dataset?.readRow !== undefined);
  const text = row.problem ? row.problem.message.replace(/^Line \d+: /, '') : row.summary ? row.summary.preview || '(no user text)' : onDemand ? 'not read yet' : '…';
  const dialect = row.summary ? (findCodec(row.summary.dialect)?.label ?? row.summary.dialect) : '';
  const hasErrors = bad || (row.summary?.errors ?? 0) > 0;
  const lengths = useRecordLengthsLabel(id);
  const hasWarnings = !hasErrors && (row.summary?.warnings ?? 0) > 0;
  const source = useAppStore((state) => state.dataset?.source);
  const place = placeTitle(source, row.line);
  return (
    <li
      className={`group absolute left-0 right-0 flex items-stretch border-b border-slate-100 dark:border-slate-800 ${current ? 'bg-sky-100 dark:bg-sky-950' : 'hover:bg-slate-50 dark:hover:bg-slate-900'}`}
      style={{ top, height: ROW_HEIGHT }}
      data-record={id}
    >
      <button
        type="button"
        aria-current={current ? 'true' : undefined}
        aria-label={`${place}: ${text}; ${dialect ? `${dialect}, ` : ''}${status}${edited ? ' (changed)' : ''}${comments ? `, ${comments}` : ''}, ${diagnosticsLabel(row)}${lengths ? `, ${lengths}` : ''}`}
        title={`${place}: ${text}\n${dialect ? `${dialect} · ` : ''}${status}${edited ? ' (changed)' : ''}${comments ? ` · ${comments}` : ''} · ${diagnosticsLabel(row)}${lengths ? ` · ${lengths}` : ''}`}
        className="flex min-w-0 flex-1 flex-col justify-center px-2 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-sky-500"
        onClick={() => openRecord(id)}
      >
        <span className="flex min-w-0 items-baseline gap-2 text-[13px] leading-[18px]">
          <span className={`shrink-0 font-mono text-xs ${mutedText}`}>{recordNumber(source, row.line)}</span>
          <span className={`truncate ${bad ? 'text-red-800 dark:text-red-300' : ''}`}>{text}</span>
        </span>
        <span className="flex min-w-0 items-baseline gap-2 text-xs leading-4">
          {dialect && <span className={`truncate ${mutedText}`}>{dialect}</span>}
          <span className={STATUS_STYLE[status]}>
            {status}
            {edited && status !== 'edited' ? ' · changed' : ''}
          </span>
          {comments && <span className="shrink-0 text-violet-800 dark:text-violet-300">{comments}</span>}
          {lengths && <span className={`shrink-0 ${mutedText}`}>{lengths}</span>}
          <span className={`ml-auto shrink-0 ${hasErrors ? 'text-red-800 dark:text-red-300' : hasWarnings ? 'text-amber-800 dark:text-amber-300' : mutedText}`}>{diagnosticsLabel(row)}</span>
        </span>
      </button>
      <span className={`flex flex-col justify-center pr-1 ${current ? '' : 'opacity-0 group-focus-within:opacity-100 group-hover:opacity-100'}`}>
        <button type="button" className={rowAction} aria-label={`Duplicate the record at ${recordPlace(source, row.line)}`} title="Duplicate this record (the copy follows it)" onClick={() => duplicate(id)}>
          Duplicate
        </button>
        <button type="button" className={rowAction} aria-label={`Delete the record at ${recordPlace(source, row.line)}`} title="Delete this record (Undo brings it back)" onClick={() => useAppStore.getState().deleteRecord(id)}>
          Delete
        </button>
      </span>
    </li>
  );
});

export function RecordList() {
  const ids = useAppStore(listedIds);
  // With the token rules' judgements (judged-rows.ts): a row's counts are the command's.
  const rows = useJudgedRows();
  const edited = useAppStore((state) => state.datasetChanges.edited);
  const current = useAppStore((state) => state.currentRecord);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: ids.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });
  const shown = virtualizer.getVirtualItems();
  useRowsInView(ids, shown[0]?.index, shown[shown.length - 1]?.index);

  useEffect(() => {
    if (current === null) return;
    const at = ids.indexOf(current);
    const element = scroller.current;
    const viewHeight = virtualizer.scrollRect?.height ?? 0;
    if (at === -1 || !element) return;
    if (viewHeight === 0) {
      virtualizer.scrollToIndex(at, { align: 'center' });
      return;
    }
    // Set directly, not with the virtualizer's scrollToIndex: that one reads the scroll extent
    // again on the next frames until it sees the offset (a layout of the page each time).
    const target = scrollTargetForRow(at, ROW_HEIGHT, virtualizer.scrollOffset ?? element.scrollTop, viewHeight);
    if (target !== null) element.scrollTop = target;
  }, [current, ids, virtualizer]);

  // The minimum height: a banner and the review tools above never squeeze the list below its rows
  // (the tools scroll in less room; only below that does the whole panel scroll).
  return (
    <div ref={scroller} className="flex-1 overflow-auto" style={{ minHeight: `max(${MIN_ROWS_IN_VIEW * ROW_HEIGHT}px, min(${PREFERRED_ROWS_IN_VIEW * ROW_HEIGHT}px, 50dvh))` }} tabIndex={-1}>
      <ul aria-label="Records" className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const id = ids[item.index] as number;
          const row = rows[id];
          if (!row) return null;
          return <RecordRow key={id} id={id} row={row} current={id === current} edited={edited.has(id)} top={item.start} />;
        })}
      </ul>
    </div>
  );
}
