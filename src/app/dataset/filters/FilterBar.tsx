/**
 * The record list's filters: errors, warnings, exact duplicates (each group listed together),
 * tool calls, thoughts, number of turns, status, dialect, an empty field of a kind, and a
 * diagnostic code (set from the validation summary), a set of records (set from the review
 * agreement report's disagreements). Says how many records are shown.
 */
import { useMemo } from 'react';
import { EMPTY_FIELD_KINDS, isFilterEmpty, type EmptyFieldKind, type RecordFilter } from '../../../core/index.ts';
import { mutedText, toolbarButton, toolbarInput, toolbarSelect } from '../../layout/ui.ts';
import { useAppStore, type ShownStatus } from '../../store/index.ts';
import { setSearchState, useSearchState } from '../search/search-store.ts';

const STATUSES: readonly ShownStatus[] = ['unreviewed', 'edited', 'flagged', 'done', 'rejected'];

/** The "Empty field" choices, in words (core/dataset/empty-fields.ts says what empty is). */
const EMPTY_FIELD_LABELS: Record<EmptyFieldKind, string> = {
  assistant: 'assistant message',
  user: 'user message',
  system: 'system message',
  arguments: 'tool-call arguments',
  result: 'tool result',
};

function isEmptyFieldKind(value: string): value is EmptyFieldKind {
  return (EMPTY_FIELD_KINDS as readonly string[]).includes(value);
}

/** Three states: any (undefined), yes, no. */
function TriState({ label, value, onChange }: { label: string; value: boolean | undefined; onChange: (value: boolean | undefined) => void }) {
  return (
    <label className="flex items-center gap-1 text-sm">
      {label}
      <select aria-label={label} className={toolbarSelect} value={value === undefined ? 'any' : value ? 'yes' : 'no'} onChange={(event) => onChange(event.target.value === 'any' ? undefined : event.target.value === 'yes')}>
        <option value="any">any</option>
        <option value="yes">yes</option>
        <option value="no">no</option>
      </select>
    </label>
  );
}

function turnsValue(text: string): number | undefined {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

export function FilterBar() {
  const filter = useSearchState((s) => s.filter);
  const rows = useAppStore((s) => s.datasetRows);
  const shown = useAppStore((s) => (s.viewOrder ?? s.datasetOrder).length);
  const total = useAppStore((s) => s.datasetOrder.length);
  const dialects = useMemo(() => [...new Set(rows.map((row) => row.summary?.dialect).filter((d): d is string => d !== undefined))].sort(), [rows]);
  const set = (patch: Partial<RecordFilter>): void => setSearchState({ filter: { ...filter, ...patch } });

  return (
    <fieldset aria-label="Filters" className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
      <TriState label="Errors" value={filter.hasErrors} onChange={(hasErrors) => set({ hasErrors })} />
      <TriState label="Warnings" value={filter.hasWarnings} onChange={(hasWarnings) => set({ hasWarnings })} />
      <label className="flex items-center gap-1 text-sm" title="Only records whose content another record repeats exactly, each group listed together">
        <input type="checkbox" checked={filter.duplicates === true} onChange={(event) => set({ duplicates: event.target.checked || undefined })} />
        Duplicates
      </label>
      <TriState label="Tool calls" value={filter.hasToolCalls} onChange={(hasToolCalls) => set({ hasToolCalls })} />
      <TriState label="Thoughts" value={filter.hasThoughts} onChange={(hasThoughts) => set({ hasThoughts })} />
      <TriState label="Open comments" value={filter.hasOpenComments} onChange={(hasOpenComments) => set({ hasOpenComments })} />
      <label className="flex items-center gap-1 text-sm">
        Turns
        <input type="number" min={0} aria-label="At least turns" placeholder="min" className={`${toolbarInput} w-16`} value={filter.minTurns ?? ''} onChange={(event) => set({ minTurns: turnsValue(event.target.value) })} />
        –
        <input type="number" min={0} aria-label="At most turns" placeholder="max" className={`${toolbarInput} w-16`} value={filter.maxTurns ?? ''} onChange={(event) => set({ maxTurns: turnsValue(event.target.value) })} />
      </label>
      <label className="flex items-center gap-1 text-sm">
        Status
        <select aria-label="Status" className={toolbarSelect} value={filter.status ?? ''} onChange={(event) => set({ status: event.target.value || undefined })}>
          <option value="">any</option>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-1 text-sm">
        Empty field
        <select aria-label="Empty field" className={toolbarSelect} value={filter.emptyField ?? ''} onChange={(event) => set({ emptyField: isEmptyFieldKind(event.target.value) ? event.target.value : undefined })}>
          <option value="">any</option>
          {EMPTY_FIELD_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {EMPTY_FIELD_LABELS[kind]}
            </option>
          ))}
        </select>
      </label>
      {dialects.length > 1 && (
        <label className="flex items-center gap-1 text-sm">
          Dialect
          <select aria-label="Dialect" className={toolbarSelect} value={filter.dialect ?? ''} onChange={(event) => set({ dialect: event.target.value || undefined })}>
            <option value="">any</option>
            {dialects.map((dialect) => (
              <option key={dialect} value={dialect}>
                {dialect}
              </option>
            ))}
          </select>
        </label>
      )}
      {filter.code !== undefined && (
        <button type="button" className={toolbarButton} aria-label={`Remove the filter on ${filter.code}`} onClick={() => set({ code: undefined })}>
          Code: <code>{filter.code}</code> ×
        </button>
      )}
      {filter.records !== undefined && (
        <button type="button" className={toolbarButton} aria-label={`Remove the filter on ${filter.records.label}`} onClick={() => set({ records: undefined })}>
          Only {filter.records.label} ×
        </button>
      )}
      <span className={`text-sm ${mutedText}`} role="status" aria-label="Records shown">
        {shown === total ? `${total.toLocaleString('en')} records` : `${shown.toLocaleString('en')} of ${total.toLocaleString('en')} records`}
      </span>
      {!isFilterEmpty(filter) && (
        <button type="button" className={toolbarButton} onClick={() => setSearchState({ filter: {} })}>
          Clear filters
        </button>
      )}
    </fieldset>
  );
}
