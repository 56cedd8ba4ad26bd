/**
 * A histogram of one length as a row of buttons (plain divs for bars: no chart library, nothing
 * to load). Each bar is named by its range and count and filters the record list to its
 * records; pressed again, or with Clear filters, the list shows every record.
 */
import type { HistogramBin, LengthMeasure, RecordFilter } from '../../../core/index.ts';
import { setSearchState, useSearchState } from '../search/search-store.ts';

const NOUN: Record<LengthMeasure, [string, string]> = { chars: ['character', 'characters'], tokens: ['token', 'tokens'], turns: ['turn', 'turns'], messages: ['message', 'messages'] };

/** The filter's bounds for each measure (turns: the list's own turn filter, the same count). */
const BOUNDS: Record<LengthMeasure, [keyof RecordFilter, keyof RecordFilter]> = {
  chars: ['minChars', 'maxChars'],
  tokens: ['minTokens', 'maxTokens'],
  turns: ['minTurns', 'maxTurns'],
  messages: ['minMessages', 'maxMessages'],
};

/** Height of the tallest bar (px): the chart stays a small part of the review tools. */
const CHART_HEIGHT = 72;

const n = (value: number): string => value.toLocaleString('en');

function binLabel(bin: HistogramBin, measure: LengthMeasure): string {
  const range = bin.to - bin.from === 1 ? n(bin.from) : `${n(bin.from)}–${n(bin.to - 1)}`;
  return `${range} ${NOUN[measure][bin.to - bin.from === 1 && bin.from === 1 ? 0 : 1]}`;
}

export function HistogramChart({ measure, title, bins }: { measure: LengthMeasure; title: string; bins: readonly HistogramBin[] }) {
  const filter = useSearchState((s) => s.filter);
  const [low, high] = BOUNDS[measure];
  const most = Math.max(1, ...bins.map((bin) => bin.count));
  const toggle = (bin: HistogramBin, on: boolean): void => setSearchState({ filter: { ...filter, [low]: on ? undefined : bin.from, [high]: on ? undefined : bin.to - 1 } });
  return (
    <ul aria-label={`${title} per record`} className="flex items-end gap-px" style={{ height: CHART_HEIGHT }}>
      {bins.map((bin) => {
        const on = filter[low] === bin.from && filter[high] === bin.to - 1;
        const label = `${binLabel(bin, measure)}: ${n(bin.count)} ${bin.count === 1 ? 'record' : 'records'}`;
        return (
          <li key={bin.from} className="flex h-full min-w-0 flex-1">
            <button
              type="button"
              aria-label={label}
              aria-pressed={on}
              title={`${label}. ${on ? 'Click to show every record again' : 'Click to show only these'}`}
              onClick={() => toggle(bin, on)}
              className="group flex h-full w-full items-end focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
            >
              <span
                className={`block w-full rounded-t-sm ${on ? 'bg-amber-500' : 'bg-sky-600 group-hover:bg-sky-800 dark:bg-sky-500'}`}
                style={{ height: bin.count === 0 ? 0 : Math.max(2, Math.round((bin.count / most) * CHART_HEIGHT)) }}
              />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
