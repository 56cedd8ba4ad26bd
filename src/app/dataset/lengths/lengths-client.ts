/**
 * The page's side of the lengths worker. Nothing runs until the person asks for lengths (opens
 * the Lengths panel, sorts or filters by a length) or loads a rules file with token rules that a
 * tokenizer can judge (judged-rows.ts counts them with the record's other problems): tokenizing
 * a dataset takes a core for about a second per megabyte. Then it follows the app: another format, its options, the rules or the
 * tokenizer start a new pass (the old one is cancelled), edited records are measured from their
 * text, and a finished pass is kept in this browser by file fingerprint and tokenizer.
 */
import { needsTokens, type CheckProfile } from '../../../core/index.ts';
import { readingRefusal, useAppStore, type AppState } from '../../store/index.ts';
import { sourceOfPick } from '../../tokens/shipped.ts';
import { pickKey } from '../../tokens/tokenizer-pick.ts';
import { keep, readKept } from './lengths-cache.ts';
import { lengthsTokenizer } from './lengths-client-logic.ts';
import { INITIAL_LENGTHS, lengthsStore, setLengthsRules, setLengthsState, type LengthsState } from './lengths-store.ts';
import { forgetOpenRecord, receiveOpenRecord, startOpenRecordTokens } from './open-record-tokens.ts';
import type { FromLengthsWorker, ToLengthsWorker } from './protocol.ts';
import LengthsWorker from './lengths.worker.ts?worker';

let worker: Worker | undefined;
let run = 0;
/** What the current pass measures with; a pass for the same key is not started again. */
let runKey: string | undefined;
/** The person asked for lengths for this dataset: changes start new passes from now on. */
let wanted = false;
/** Edited texts sent to the worker (by id), so that only changes are sent. */
let sentTexts = new Map<number, string>();
/**
 * Part of the kept results' key: raised when a row's fields change meaning, so that rows kept
 * by an older build (without the token rules' diagnostics, before 2) are measured again.
 */
const KEPT_ROWS_VERSION = 2;

function profileOf(app: AppState, lengths: LengthsState): CheckProfile {
  const options = app.formatOptions[app.formatId];
  const readAs = app.dataset ? app.datasetReadAs : null;
  return { formatId: app.formatId, ...(options ? { formatOptions: options } : {}), ...(readAs ? { readAs } : {}), ...(lengths.rules ? { rules: lengths.rules } : {}) };
}

function send(message: ToLengthsWorker): void {
  worker?.postMessage(message);
}

function ensureWorker(): Worker {
  if (worker) return worker;
  const created = new LengthsWorker();
  created.onmessage = (event: MessageEvent<FromLengthsWorker>) => receive(event.data);
  created.onerror = (event: ErrorEvent) => {
    event.preventDefault();
    worker?.terminate();
    worker = undefined;
    runKey = undefined;
    setLengthsState({ status: 'failed', message: `The lengths worker stopped (${event.message || 'its script failed to load or run'}).` });
  };
  worker = created;
  return created;
}

function receive(message: FromLengthsWorker): void {
  if (message.run !== run) return;
  const state = lengthsStore.getState();
  switch (message.type) {
    case 'tokenizer':
      setLengthsState({ tokenizerName: message.name, status: 'measuring' });
      break;
    case 'rows': {
      const fileRows = state.fileRows.slice();
      message.rows.forEach((row, i) => (fileRows[message.from + i] = row));
      setLengthsState({ fileRows });
      break;
    }
    case 'progress':
      setLengthsState({ done: message.done, total: message.total, status: 'measuring' });
      break;
    case 'done': {
      setLengthsState({ status: 'done', done: state.total, message: undefined });
      if (runKey !== undefined) void keep(runKey, { tokenizerName: state.tokenizerName, rows: state.fileRows.map((row) => row ?? null) });
      sendEditedTexts(true);
      break;
    }
    case 'texts': {
      const textRows = new Map(state.textRows);
      for (const [id, row] of message.rows) textRows.set(id, row);
      setLengthsState({ textRows });
      break;
    }
    case 'record':
      receiveOpenRecord(message.request, message.row);
      break;
    case 'failed':
      runKey = undefined;
      setLengthsState({ status: 'failed', message: message.message });
      break;
  }
}

/** Sends the edited records' texts that changed since last sent (`all`: every one, to a new pass). */
function sendEditedTexts(all = false): void {
  const app = useAppStore.getState();
  if (!app.dataset || runKey === undefined) return;
  if (all) sentTexts = new Map();
  const items: { id: number; text: string; line: number }[] = [];
  for (const [id, text] of app.datasetChanges.edited) {
    if (sentTexts.get(id) === text) continue;
    sentTexts.set(id, text);
    items.push({ id, text, line: app.datasetRows[id]?.line ?? 1 });
  }
  for (const id of [...sentTexts.keys()]) if (!app.datasetChanges.edited.has(id)) sentTexts.delete(id);
  if (items.length > 0) send({ type: 'measure-texts', run, items });
}

/** Starts (or keeps) the pass for the open dataset and the current choices. */
export function startLengths(): void {
  const app = useAppStore.getState();
  const dataset = app.dataset;
  if (!dataset) return;
  // Lengths of the rows read so far would look like the whole dataset's: measured once every row is read.
  const refusal = readingRefusal(app, 'Lengths');
  if (refusal) {
    lengthsAfterReading = true;
    setLengthsState({ status: 'stopped', message: refusal });
    return;
  }
  wanted = true;
  const lengths = lengthsStore.getState();
  const profile = profileOf(app, lengths);
  // The person's choice, else the format's own; under Jinja the template's (its tokenizer.json, a known shipped one, or a stand-in).
  const pick = lengthsTokenizer(app, lengths);
  const source = sourceOfPick(pick);
  const key = JSON.stringify([KEPT_ROWS_VERSION, dataset.fingerprint.hash, dataset.fingerprint.size, profile, pickKey(pick)]);
  if (key === runKey && lengths.status !== 'stopped' && lengths.status !== 'failed') return;
  cancelLengths(false);
  run++;
  runKey = key;
  const mine = run;
  const total = dataset.index.records.count;
  setLengthsState({ status: 'loading', done: 0, total, message: undefined, tokenizerName: undefined, tokenizerApproximate: pick?.approximate === true, fileRows: [], textRows: new Map() });
  sentTexts = new Map();
  forgetOpenRecord();
  void readKept(key).then((kept) => {
    if (mine !== run) return;
    if (kept && kept.rows.length === total) {
      setLengthsState({ status: 'done', done: total, fileRows: kept.rows, tokenizerName: kept.tokenizerName });
      // Edited records still need the worker: it measures them with the same choices.
    }
    const index = dataset.index;
    ensureWorker();
    send({
      type: 'start',
      run: mine,
      file: dataset.source,
      records: index.records.toData(),
      ...(index.format === 'json-array' ? { lines: index.lines } : {}),
      from: kept && kept.rows.length === total ? total : 0,
      profile,
      tokenizer: source,
      mask: {},
    });
  });
}

/** Stops the pass under way; what it measured stays. */
export function cancelLengths(say = true): void {
  const status = lengthsStore.getState().status;
  if (status === 'loading' || status === 'measuring') {
    send({ type: 'cancel', run });
    if (say) {
      runKey = undefined;
      setLengthsState({ status: 'stopped', message: 'Stopped: records not measured yet have no lengths. Start again to measure them.' });
    }
  }
}

/** Whether the pass can count tokens with the current choices (the format's or template's tokenizer, a shipped one, or the person's files). */
export function hasTokenizer(app: Pick<AppState, 'formatId' | 'formatOptions'>, lengths: Pick<LengthsState, 'tokenizerChoice' | 'tokenizerFiles'>): boolean {
  return lengthsTokenizer(app, lengths) !== undefined;
}

/**
 * Token rules are judged where every record is (judged-rows.ts): a rules file with maxTokens or
 * minTrainedShare starts the pass as soon as a tokenizer can count, without waiting for the
 * Lengths panel. Without one the summary says the rules were not checked (TokenRulesNote).
 */
function startForTokenRules(): void {
  const app = useAppStore.getState();
  const lengths = lengthsStore.getState();
  if (app.dataset && lengths.rules && needsTokens(lengths.rules) && hasTokenizer(app, lengths)) startLengths();
}

// The open record's token rules, for its Diagnostics panel: measured by this pass's worker (open-record-tokens.ts).
startOpenRecordTokens((record, request) => {
  if (!worker || runKey === undefined) return false;
  send({ type: 'measure-record', run, request, record });
  return true;
});

// Follow the app: a new dataset starts over (nothing runs until asked); a change of format or
// its options starts a new pass once lengths were asked for; edits are measured from their text.
/** Lengths asked for while the rows were read: measured when every row is there. */
let lengthsAfterReading = false;

useAppStore.subscribe((state, previous) => {
  if (previous.datasetReading && !state.datasetReading && state.dataset && lengthsAfterReading) {
    lengthsAfterReading = false;
    startLengths();
    return;
  }
  if (state.dataset !== previous.dataset && !state.datasetReading) lengthsAfterReading = false;
  // The dataset's rules file (the review tools' Rules panel) gives the token rules this pass judges.
  if (state.datasetRules !== previous.datasetRules) setLengthsRules(state.datasetRules?.rules);
  if (state.dataset !== previous.dataset) {
    if (worker) send({ type: 'cancel', run });
    run++;
    runKey = undefined;
    wanted = false;
    // The person's choices stay (tokenizer, files, rules); what was measured goes with its file.
    const { tokenizerChoice, tokenizerFiles, rules } = lengthsStore.getState();
    lengthsStore.setState({ ...INITIAL_LENGTHS, tokenizerChoice, tokenizerFiles, rules });
    if (!state.dataset) {
      worker?.terminate();
      worker = undefined;
    } else startForTokenRules();
    return;
  }
  if (!state.dataset) return;
  if (!wanted) {
    // Another format (or template) may have a tokenizer where the last had none (Apertus → ChatML).
    if (state.formatId !== previous.formatId || state.formatOptions !== previous.formatOptions) startForTokenRules();
    return;
  }
  if (state.formatId !== previous.formatId || state.formatOptions !== previous.formatOptions || state.datasetReadAs !== previous.datasetReadAs) startLengths();
  else if (state.datasetChanges.edited !== previous.datasetChanges.edited) sendEditedTexts();
});

// Rules loaded before this module (a restored dataset) count from the start.
setLengthsRules(useAppStore.getState().datasetRules?.rules);

lengthsStore.subscribe((state, previous) => {
  const changed = state.tokenizerChoice !== previous.tokenizerChoice || state.tokenizerFiles !== previous.tokenizerFiles || state.rules !== previous.rules;
  if (!changed) return;
  if (wanted) startLengths();
  else startForTokenRules();
});

// A dataset open with token rules before this module loaded.
startForTokenRules();

export { lengthsTokenizer };
