/**
 * The Lengths panel of the dataset: a background pass measures every record (characters of the
 * render, messages, turns, tokens with a tokenizer; lengths-client.ts), with progress and Stop;
 * a histogram of one length (plain divs: no chart library) whose bars filter the list, the
 * percentiles p50/p90/p99/max, the list's sort by a length, a "longer than N tokens" filter and
 * the records that break the token lint rules.
 */
import { useEffect, useMemo, useState } from 'react';
import { histogram, percentilesOf, type LengthMeasure } from '../../../core/index.ts';
import { DEFAULT_TOKENIZERS } from '../../../core/tokens/defaults.ts';
import { fitFor } from '../../tokens/format-fit.ts';
import { mutedText, toolbarButton, toolbarInput, toolbarSelect } from '../../layout/ui.ts';
import { useAppStore } from '../../store/index.ts';
import { setSearchState, useSearchState } from '../search/search-store.ts';
import { cancelLengths, lengthsTokenizer, startLengths } from './lengths-client.ts';
import { setLengthsState, useLengths, type LengthSort } from './lengths-store.ts';
import { HistogramChart } from './HistogramChart.tsx';
import { lengthsLookup, valuesOver } from './lengths-view.ts';
import { ReadAllButton } from '../parquet/ReadAllButton.tsx';

/** The histograms offered (issue 21: characters, tokens, turns; messages too, as the command counts them). */
const CHARTED: readonly LengthMeasure[] = ['chars', 'tokens', 'turns', 'messages'];
const TITLE: Record<LengthMeasure, string> = { chars: 'Characters', tokens: 'Tokens', turns: 'Turns', messages: 'Messages' };

const n = (value: number): string => value.toLocaleString('en');


function sortValue(sort: LengthSort | null): string {
  return sort ? `${sort.measure}:${sort.descending ? 'desc' : 'asc'}` : '';
}

function Progress() {
  const { status, done, total, message, tokenizerName, tokenizerApproximate } = useLengths((s) => s);
  // Which tokenizer counted, and "approximate" only when it stands in for the format's (or template's) own.
  const by = tokenizerName ? `; tokens by ${tokenizerName}${tokenizerApproximate ? ' (a stand-in: approximate)' : ''}` : '';
  const share = total > 0 ? Math.min(1, done / total) : 0;
  const running = status === 'loading' || status === 'measuring';
  const label =
    status === 'idle'
      ? 'Lengths are not measured yet.'
      : status === 'loading'
        ? 'Loading the tokenizer…'
        : status === 'measuring'
          ? `Measuring records: ${n(done)} of ${n(total)}`
          : status === 'done'
            ? `Measured ${n(total)} records${by}.`
            : (message ?? 'Stopped.');
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <span id="lengths-progress-label" role="status" className={`min-w-0 flex-1 text-xs ${status === 'failed' ? 'text-red-800 dark:text-red-300' : mutedText}`}>
          {label}
        </span>
        {running ? (
          <button type="button" className={toolbarButton} onClick={() => cancelLengths()} title="Stop measuring; what is measured stays">
            Stop
          </button>
        ) : (
          status !== 'done' && (
            <button type="button" className={toolbarButton} onClick={startLengths}>
              {status === 'idle' ? 'Measure' : 'Start again'}
            </button>
          )
        )}
        {/* A dataset read on demand: measured once every row is read, the person's choice. */}
        {status === 'stopped' && <ReadAllButton purpose="measure lengths" />}
      </div>
      {running && (
        <div role="progressbar" aria-labelledby="lengths-progress-label" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(share * 100)} className="h-1.5 overflow-hidden rounded bg-slate-200 dark:bg-slate-700">
          <div className="h-full bg-sky-600" style={{ width: `${share * 100}%` }} />
        </div>
      )}
    </div>
  );
}

/** The first entry of the tokenizer menu: what fits the format, or under Jinja the template. */
function ownLabel(formatId: string, fit: ReturnType<typeof fitFor>): string {
  const name = fit.files !== undefined ? (fit.files[0]?.name ?? 'its files') : fit.shipped?.label;
  if (formatId === 'jinja') return fit.own ? `The template's own (${name})` : `A stand-in for the template's (${name}, approximate)`;
  return fit.shipped ? `The format's own (${fit.shipped.label})` : 'None (the format ships none)';
}

function TokenizerChoice() {
  const formatId = useAppStore((s) => s.formatId);
  const formatOptions = useAppStore((s) => s.formatOptions);
  const choice = useLengths((s) => s.tokenizerChoice);
  const files = useLengths((s) => s.tokenizerFiles);
  const fit = fitFor({ formatId, formatOptions });
  const using = lengthsTokenizer({ formatId, formatOptions }, { tokenizerChoice: choice, tokenizerFiles: files });
  return (
    <div className="flex flex-col gap-1">
      <label className="flex items-center gap-1 text-sm">
        Tokenizer
        <select aria-label="Tokenizer for the lengths" className={toolbarSelect} value={choice ?? ''} onChange={(event) => setLengthsState({ tokenizerChoice: event.target.value === '' ? undefined : event.target.value })}>
          <option value="">{ownLabel(formatId, fit)}</option>
          {DEFAULT_TOKENIZERS.map((t) => (
            <option key={t.id} value={t.id}>
              {t.label}
            </option>
          ))}
          {files && files.length > 0 && <option value="files">Files: {files.map((f) => f.name).join(', ')}</option>}
          <option value="none">None: characters only</option>
        </select>
      </label>
      <label className={`${toolbarButton} w-fit cursor-pointer focus-within:ring-2 focus-within:ring-sky-500`}>
        Tokenizer files…
        <input
          type="file"
          accept=".json,application/json"
          multiple
          className="sr-only"
          aria-label="Count tokens with a tokenizer.json (and tokenizer_config.json)"
          onChange={(event) => {
            const given = Array.from(event.target.files ?? []);
            if (given.length > 0) setLengthsState({ tokenizerFiles: given, tokenizerChoice: 'files' });
            event.target.value = '';
          }}
        />
      </label>
      {using === undefined && (
        <p className={`text-xs ${mutedText}`}>
          No tokens are counted: {fit.shipped || fit.files ? 'choose a tokenizer above.' : `${fit.note} To count tokens here, give its tokenizer.json (Tokenizer files…) or choose one of the shipped tokenizers above (an approximation).`}
        </p>
      )}
      {formatId === 'jinja' && choice === undefined && <p className={`text-xs ${mutedText}`}>{fit.note}</p>}
    </div>
  );
}

function Distribution() {
  const [measure, setMeasure] = useState<LengthMeasure>('chars');
  const fileRows = useLengths((s) => s.fileRows);
  const textRows = useLengths((s) => s.textRows);
  const hasTokens = useLengths((s) => s.tokenizerName !== undefined);
  const order = useAppStore((s) => s.datasetOrder);
  const changes = useAppStore((s) => s.datasetChanges);
  const count = useAppStore((s) => s.dataset?.count ?? 0);
  const values = useMemo(() => valuesOver(order, lengthsLookup({ fileRows, textRows }, changes, count), measure), [order, fileRows, textRows, changes, count, measure]);
  const stats = useMemo(() => ({ percentiles: percentilesOf(values), bins: histogram(values) }), [values]);
  return (
    <div className="flex flex-col gap-1.5">
      <div role="radiogroup" aria-label="Histogram of" className="flex flex-wrap gap-1">
        {CHARTED.map((m) => (
          <button key={m} type="button" role="radio" aria-checked={m === measure} className={`${toolbarButton} ${m === measure ? 'bg-sky-100 dark:bg-sky-900' : ''}`} onClick={() => setMeasure(m)} disabled={m === 'tokens' && !hasTokens}>
            {TITLE[m]}
          </button>
        ))}
      </div>
      {stats.percentiles ? (
        <>
          <dl aria-label={`${TITLE[measure]} percentiles`} className="grid grid-cols-4 gap-1 text-center text-xs">
            {(['p50', 'p90', 'p99', 'max'] as const).map((key) => (
              <div key={key}>
                <dt className={mutedText}>{key}</dt>
                <dd className="font-mono">{n(stats.percentiles?.[key] ?? 0)}</dd>
              </div>
            ))}
          </dl>
          <HistogramChart measure={measure} title={TITLE[measure]} bins={stats.bins} />
          <p className={`flex justify-between text-xs ${mutedText}`}>
            <span>{n(stats.bins[0]?.from ?? 0)}</span>
            <span>
              {n(values.length)} records · click a bar to filter
            </span>
            <span>{n((stats.bins[stats.bins.length - 1]?.to ?? 1) - 1)}</span>
          </p>
        </>
      ) : (
        <p className={`text-xs ${mutedText}`}>{measure === 'tokens' && !hasTokens ? 'No tokens: choose a tokenizer.' : 'Nothing measured yet.'}</p>
      )}
    </div>
  );
}

function SortAndFilter() {
  const sort = useLengths((s) => s.sort);
  const filter = useSearchState((s) => s.filter);
  const hasTokens = useLengths((s) => s.tokenizerName !== undefined);
  const [draft, setDraft] = useState(filter.minTokens === undefined ? '' : String(filter.minTokens - 1));
  useEffect(() => setDraft(filter.minTokens === undefined ? '' : String(filter.minTokens - 1)), [filter.minTokens]);
  const setLongerThan = (text: string): void => {
    setDraft(text);
    const value = Number.parseInt(text, 10);
    setSearchState({ filter: { ...filter, minTokens: Number.isFinite(value) && value >= 0 ? value + 1 : undefined, maxTokens: undefined } });
  };
  return (
    <div className="flex flex-col gap-1.5">
      <label className="flex items-center gap-1 text-sm">
        Sort
        <select
          aria-label="Sort records by"
          className={toolbarSelect}
          value={sortValue(sort)}
          onChange={(event) => {
            const [measure, direction] = event.target.value.split(':');
            setLengthsState({ sort: measure ? { measure: measure as LengthMeasure, descending: direction === 'desc' } : null });
          }}
        >
          <option value="">File order</option>
          {CHARTED.map((m) => [
            <option key={`${m}:desc`} value={`${m}:desc`}>
              {TITLE[m]}, most first
            </option>,
            <option key={`${m}:asc`} value={`${m}:asc`}>
              {TITLE[m]}, fewest first
            </option>,
          ])}
        </select>
      </label>
      <label className="flex items-center gap-1 text-sm">
        Longer than
        <input type="number" min={0} aria-label="Longer than this many tokens" placeholder="N" className={`${toolbarInput} w-24`} value={draft} disabled={!hasTokens} onChange={(event) => setLongerThan(event.target.value)} />
        tokens
      </label>
    </div>
  );
}

function TokenRules() {
  const rules = useLengths((s) => s.rules);
  const fileRows = useLengths((s) => s.fileRows);
  const textRows = useLengths((s) => s.textRows);
  const order = useAppStore((s) => s.datasetOrder);
  const changes = useAppStore((s) => s.datasetChanges);
  const count = useAppStore((s) => s.dataset?.count ?? 0);
  const filter = useSearchState((s) => s.filter);
  const breaking = useMemo(() => {
    const lengthsOf = lengthsLookup({ fileRows, textRows }, changes, count);
    return order.filter((id) => (lengthsOf(id)?.ruleCodes?.length ?? 0) > 0).length;
  }, [order, fileRows, textRows, changes, count]);
  if (!rules || (rules.maxTokens === undefined && rules.minTrainedShare === undefined)) return null;
  return (
    <p className="flex items-center gap-2 text-sm">
      <span role="status" aria-label="Records breaking the token rules">
        {breaking === 0 ? 'No record breaks the token rules.' : `${n(breaking)} ${breaking === 1 ? 'record breaks' : 'records break'} the token rules.`}
      </span>
      {breaking > 0 && (
        <button type="button" className={toolbarButton} aria-pressed={filter.breaksTokenRules === true} onClick={() => setSearchState({ filter: { ...filter, breaksTokenRules: filter.breaksTokenRules ? undefined : true } })}>
          {filter.breaksTokenRules ? 'Show all' : 'Show them'}
        </button>
      )}
    </p>
  );
}

export default function LengthsPanel() {
  // Opening the panel asks for the lengths (nothing is measured before).
  useEffect(() => startLengths(), []);
  return (
    <div className="flex flex-col gap-2 pt-1.5">
      <TokenizerChoice />
      <Progress />
      <Distribution />
      <SortAndFilter />
      <TokenRules />
    </div>
  );
}
