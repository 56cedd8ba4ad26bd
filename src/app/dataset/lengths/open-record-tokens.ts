/**
 * The token rules (maxTokens, minTrainedShare) of the record open in the editors, for its
 * Diagnostics panel: judged on the same figures as the dataset's rows, the lengths pass's (its
 * tokenizer, its profile, in its worker), so that the panel lists what the list, the Validation
 * summary and `parley validate --rules R --tokenizer T` count. A record as read from the file
 * has its row's figures. A record being edited is measured by the lengths worker from the record
 * itself, a pause after the last change (`MEASURE_DELAY_MS`): typing only posts the record, the
 * tokenizing is off the page; the last answer stays shown until the next arrives.
 */
import { needsTokens, type ParleyRecord } from '../../../core/index.ts';
import { recordTokensFrom, useAppStore, type AppState } from '../../store/index.ts';
import type { LengthsRow } from './lengths-logic.ts';
import { lengthsStore, type LengthsState } from './lengths-store.ts';
import { lengthsOfRecord } from './lengths-view.ts';

/**
 * A change of the open record waits this long for the next (a typing burst is measured once,
 * after it): the panel's token rules follow the text about this late, plus the measure itself
 * (a few milliseconds for an ordinary record; longer while the worker is between two batches of
 * its pass). Shorter makes the worker tokenize more often while typing; longer makes the panel lag.
 */
export const MEASURE_DELAY_MS = 300;

/** The worker's measure of the open record as edited (`row` null: no lengths, e.g. an unknown format). */
export interface OpenMeasure {
  id: number;
  record: ParleyRecord;
  row: LengthsRow | null;
}

type AppInputs = Pick<AppState, 'dataset' | 'datasetChanges' | 'currentRecord' | 'datasetLoaded' | 'record'>;
type LengthsInputs = Pick<LengthsState, 'fileRows' | 'textRows' | 'rules'>;

/** Whether the open record is what the dataset's row was measured from (read from the file, or its edit as written back). */
function asListed(app: AppInputs): boolean {
  return app.datasetLoaded?.ok === true && app.datasetLoaded.id === app.currentRecord && app.datasetLoaded.record === app.record;
}

/**
 * The figures the token rules judge the open record on, or undefined when there are none (no
 * dataset, no token rule, not measured yet; the figures of a pass without a tokenizer have no
 * tokens, so no token rule is judged, as in the list). The same object while they do not change.
 */
export function openRecordFigures(app: AppInputs, lengths: LengthsInputs, measured: OpenMeasure | undefined): LengthsRow | undefined {
  if (!app.dataset || app.currentRecord === null || !lengths.rules || !needsTokens(lengths.rules)) return undefined;
  const id = app.currentRecord;
  if (measured?.id === id && measured.record === app.record) return measured.row ?? undefined;
  const listed = lengthsOfRecord(lengths, app.datasetChanges, app.dataset.count, id);
  if (asListed(app)) return listed;
  // Edited, its measure on the way: the last one of this record, else the row's.
  return measured?.id === id ? (measured.row ?? undefined) : listed;
}

/** Posts the open record to the lengths worker; false when no pass can measure it (none under way, or it has no tokenizer). */
export type SendRecord = (record: ParleyRecord, request: number) => boolean;

let measured: OpenMeasure | undefined;
/** The last request sent, with the record and id it was for: only its answer is kept. */
let asked: { request: number; id: number; record: ParleyRecord } | undefined;
let requests = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let send: SendRecord | undefined;
let shown: LengthsRow | undefined;

const figuresNow = (): LengthsRow | undefined => openRecordFigures(useAppStore.getState(), lengthsStore.getState(), measured);

/** Wakes the store's readers (the Diagnostics panel) when the open record's figures changed. */
function wake(): void {
  const now = figuresNow();
  if (now === shown) return;
  shown = now;
  // No field changes: the readers of the diagnostics read them again (derived.ts).
  useAppStore.setState({});
}

/** Measures the open record as edited, after MEASURE_DELAY_MS without a change. */
function schedule(): void {
  clearTimeout(timer);
  const app = useAppStore.getState();
  const rules = lengthsStore.getState().rules;
  if (!send || !app.dataset || app.currentRecord === null || !app.datasetLoaded?.ok || asListed(app) || !rules || !needsTokens(rules)) return;
  timer = setTimeout(() => {
    const now = useAppStore.getState();
    if (now.currentRecord === null || asListed(now)) return;
    const request = ++requests;
    if (send?.(now.record, request)) asked = { request, id: now.currentRecord, record: now.record };
  }, MEASURE_DELAY_MS);
}

/** The lengths worker's answer to a request (lengths-client.ts): kept when it is the last one asked. */
export function receiveOpenRecord(request: number, row: LengthsRow | null): void {
  if (!asked || asked.request !== request) return;
  measured = { id: asked.id, record: asked.record, row };
  wake();
}

/** A new pass (another tokenizer, format, rules, dataset): what was measured with the old one is dropped, the open record measured again. */
export function forgetOpenRecord(): void {
  measured = undefined;
  asked = undefined;
  wake();
  schedule();
}

/** Starts following the open record (once, from lengths-client.ts, which sends to its worker). */
export function startOpenRecordTokens(sendRecord: SendRecord): void {
  if (send) return;
  send = sendRecord;
  recordTokensFrom((record) => (record === useAppStore.getState().record ? figuresNow() : undefined));
  useAppStore.subscribe((state, previous) => {
    if (state.record !== previous.record || state.currentRecord !== previous.currentRecord) schedule();
    if (state.record !== previous.record || state.currentRecord !== previous.currentRecord || state.datasetLoaded !== previous.datasetLoaded || state.datasetChanges !== previous.datasetChanges) wake();
  });
  lengthsStore.subscribe(() => wake());
}
