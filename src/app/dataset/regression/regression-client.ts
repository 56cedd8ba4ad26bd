/**
 * The page's side of the regression worker: Run starts a pass over the open dataset with the
 * two sides chosen (an earlier pass is cancelled), Stop cancels it (what was compared stays), a
 * new dataset forgets everything. The records are compared as Save would write them: the open
 * record's edit is committed first, as Save does, and the unsaved changes go with the pass.
 */
import { DEFAULT_JINJA_TEMPLATE } from '../../../core/index.ts';
import { compareRequests } from '../../compare/compare-request.ts';
import { profileOf, readingRefusal, useAppStore } from '../../store/index.ts';
import { fitFor, templateFit, type AppFit } from '../../tokens/format-fit.ts';
import type { TokenizerSource } from '../../tokens/protocol.ts';
import { sourceOfPick } from '../../tokens/shipped.ts';
import { pickTokenizer, type TokenizerPick } from '../../tokens/tokenizer-pick.ts';
import type { FromRegressionWorker, ToRegressionWorker } from './protocol.ts';
import { OWN_TOKENIZER, regressionEditsOf, type RegressionSide } from './regression-logic.ts';
import { regressionStore, setRegressionState } from './regression-store.ts';
import RegressionWorker from './regression.worker.ts?worker';

let worker: Worker | undefined;
let run = 0;

/** What fits a side: the format's own tokenizer, or a Jinja side's template's (its tokenizer.json given with its config, a known shipped one, else a stand-in). */
export function sideFit(side: RegressionSide): AppFit {
  if (side.formatId !== 'jinja') return fitFor({ formatId: side.formatId, formatOptions: {} });
  return templateFit(typeof side.options.template === 'string' ? side.options.template : DEFAULT_JINJA_TEMPLATE, side.config);
}

/** The tokenizer a side counts with, as chosen (undefined: none chosen, or "own" where none fits). */
export function sideTokenizer(side: RegressionSide): TokenizerPick | undefined {
  if (side.tokenizer === undefined) return undefined;
  return pickTokenizer(sideFit(side), side.tokenizer === OWN_TOKENIZER ? undefined : side.tokenizer);
}

function send(message: ToRegressionWorker): void {
  try {
    worker?.postMessage(message);
  } catch (thrown) {
    // Something in the message cannot be copied to a worker: said, not left running.
    setRegressionState({ status: 'failed', message: `The regression could not start: ${thrown instanceof Error ? thrown.message : String(thrown)}` });
  }
}

function ensureWorker(): Worker {
  if (worker) return worker;
  const created = new RegressionWorker();
  created.onmessage = (event: MessageEvent<FromRegressionWorker>) => receive(event.data);
  created.onerror = (event: ErrorEvent) => {
    event.preventDefault();
    worker?.terminate();
    worker = undefined;
    setRegressionState({ status: 'failed', message: `The regression worker stopped (${event.message || 'its script failed to load or run'}).` });
  };
  worker = created;
  return created;
}

function receive(message: FromRegressionWorker): void {
  if (message.run !== run) return;
  // After Stop, rows still in flight are kept (they are results), but the pass is not said to go on or be done.
  if (message.type !== 'rows' && regressionStore.getState().status !== 'running') return;
  switch (message.type) {
    case 'rows': {
      const rows = regressionStore.getState().rows.slice();
      message.rows.forEach((row, i) => (rows[message.from + i] = row));
      setRegressionState({ rows });
      break;
    }
    case 'progress':
      setRegressionState({ done: message.done, total: message.total });
      break;
    case 'done':
      setRegressionState({ status: 'done', done: regressionStore.getState().total, message: undefined });
      break;
    case 'failed':
      setRegressionState({ status: 'failed', message: message.message });
      break;
  }
}

/** Why the sides cannot run as chosen (a tokenizer on one side only, or "own" where none fits), or undefined. */
export function sidesProblem(sides: readonly RegressionSide[]): string | undefined {
  const names = ['A', 'B'];
  const lacking = sides.findIndex((side) => side.tokenizer !== undefined && sideTokenizer(side) === undefined);
  if (lacking !== -1) return `Side ${names[lacking]}'s format ships no tokenizer of its own: choose one of the shipped tokenizers, or none.`;
  const withTokenizer = sides.filter((side) => side.tokenizer !== undefined).length;
  return withTokenizer === 1 ? 'Token ids are compared with a tokenizer on both sides: choose one for the other side too, or none.' : undefined;
}

/** Runs the two sides chosen over every record of the open dataset, as Save would write them. */
export function startRegression(): void {
  if (!useAppStore.getState().dataset) return;
  // The open record's edit counts as Save counts it: committed first (an edit that cannot be written is said, and nothing runs).
  const unwritten = useAppStore.getState().commitCurrent();
  if (unwritten) {
    setRegressionState({ status: 'failed', message: `Line ${unwritten.line}: ${unwritten.message} Fix it, then run again.` });
    return;
  }
  const app = useAppStore.getState();
  const dataset = app.dataset;
  if (!dataset) return;
  const { sides } = regressionStore.getState();
  const problem = sidesProblem(sides);
  // Every record is rendered twice: not over the rows read so far, which would look whole.
  const refusal = problem ?? readingRefusal(app, 'The template regression');
  if (refusal) {
    setRegressionState({ status: 'failed', message: refusal });
    return;
  }
  stopRegression(false);
  run++;
  const index = dataset.index;
  const sources = sides.map((side) => sourceOfPick(sideTokenizer(side)));
  const tokenizers = sources[0] && sources[1] ? ([sources[0], sources[1]] as [TokenizerSource, TokenizerSource]) : undefined;
  const edits = regressionEditsOf(app.datasetChanges, (id) => app.datasetRows[id]?.line ?? id + 1);
  setRegressionState({ status: 'running', done: 0, total: index.records.count + edits.added.length, message: undefined, rows: [], ranWith: [sides[0], sides[1]] });
  ensureWorker();
  send({
    type: 'start',
    run,
    file: dataset.source,
    records: index.records.toData(),
    ...(index.format === 'json-array' ? { lines: index.lines } : {}),
    profile: profileOf(app),
    sides: [sides[0], sides[1]],
    tokenizers,
    edits,
  });
}

/** Stops the pass under way; what it compared stays. */
export function stopRegression(say = true): void {
  if (regressionStore.getState().status !== 'running') return;
  send({ type: 'cancel', run });
  if (say) setRegressionState({ status: 'stopped', message: 'Stopped: the records not compared yet are not listed. Run again to compare them all.' });
}

// A new dataset (or none) forgets the pass; the chosen sides stay.
useAppStore.subscribe((state, previous) => {
  if (state.dataset === previous.dataset) return;
  if (worker) send({ type: 'cancel', run });
  run++;
  setRegressionState({ status: 'idle', done: 0, total: 0, message: undefined, rows: [], ranWith: undefined });
  // Compare no longer shows the sides of a pass that is gone.
  compareRequests.setState({ request: undefined });
  if (!state.dataset) {
    worker?.terminate();
    worker = undefined;
  }
});
