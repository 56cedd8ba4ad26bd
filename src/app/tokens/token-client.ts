/**
 * The page's side of the token worker. Started when the Token view first opens (nothing here
 * runs before): loads the format's shipped tokenizer, then follows the store — every change of
 * the render or of the mask controls asks for a tokenization. One request in flight at a time;
 * changes meanwhile are folded into one next request (latest wins), so a burst of keystrokes
 * costs one tokenization after the one running, never a queue.
 */
import { waitsForFormat, type Span } from '../../core/index.ts';
import { DEFAULT_TOKENIZERS } from '../../core/tokens/defaults.ts';
import { onTemplateOrigin } from '../jinja/template-origin.ts';
import { isProvisional } from '../jinja/provisional.ts';
import { renderState, subscribeFirst, useAppStore, type AppState } from '../store/index.ts';
import { hubBase } from '../dataset/hub/hub-base.ts';
import { fitFor } from './format-fit.ts';
import { flattenSpans, maskedRender } from './masked-spans.ts';
import { dropPageTokens, preparePageTokens, tokenizeOnPage, warmSoon } from './page-tokens.ts';
import type { FromWorker, TokenizerSource, TokenResult, ToWorker } from './protocol.ts';
import type { TokenQuestion } from './token-answer.ts';
import { SHIPPED_URLS } from './shipped.ts';
import { tokenStore, type TokenizerState } from './token-store.ts';
import TokenWorker from './token.worker.ts?worker';

let worker: Worker | undefined;
/** The view follows the store (startTokens ran): a worker that failed is started again by the next load. */
let started = false;
let request = 0;
/** The tokenize request in flight, with what it was made from. */
let inFlight: { request: number; text: string; spans: readonly Span[]; formatId: string; sentAt: number; superseded: boolean } | undefined;
let dirty = false;
let loadRequest = 0;
/** The source being loaded (`loadRequest`), and the one the worker holds with the load that brought it (what the page copies: page-tokens.ts). */
let loadingSource: TokenizerSource | undefined;
let held: { source: TokenizerSource; load: number } | undefined;
/** The loaded tokenizer came from the format's shipped default: a change of format changes it too. */
let followsFormat = true;
/** The tokenizer loaded before the load under way: kept when that load fails. */
let beforeLoad: Extract<TokenizerState, { state: 'ready' }> | undefined;
/**
 * Where the tokenizer being loaded comes from, whether it is the format's own (told to the person
 * once it loads), and whether it follows the format (`followsFormat`, set when the load is asked
 * for and set back when it fails: the tokenizer kept keeps following the format or not, as before).
 */
interface Origin {
  origin: 'shipped' | 'files' | 'hub';
  own: boolean | undefined;
  followsFormat: boolean;
}
let pendingOrigin: Origin = { origin: 'shipped', own: true, followsFormat: true };
let followedBeforeLoad = true;
const listeners = new Set<() => void>();

function send(message: ToWorker, transfer: Transferable[] = []): void {
  worker?.postMessage(message, transfer);
}

/**
 * The worker failed as a whole (its script did not load, it crashed, a message could not be
 * read): said in the Token view, never swallowed. Whatever it held is gone, so is what the view
 * showed of it; the next tokenizer the person chooses starts a new worker.
 */
function workerFailed(why: string): void {
  worker?.terminate();
  worker = undefined;
  inFlight = undefined;
  dirty = false;
  beforeLoad = undefined;
  loadRequest = ++request; // an answer of the old worker, should one still come, is dropped
  held = undefined;
  dropPageTokens();
  tokenStore.setState({ tokenizer: { state: 'failed', message: `The tokenizer worker stopped (${why}). Choose a tokenizer to start it again.`, offline: false }, loadError: undefined, tokenized: undefined, busy: false, error: undefined });
  listeners.forEach((listener) => listener());
}

function startWorker(): Worker {
  const created = new TokenWorker();
  created.onmessage = (event: MessageEvent<FromWorker>) => receive(event.data);
  created.onerror = (event: ErrorEvent) => {
    // Handled here: the browser need not report it again as an uncaught error.
    event.preventDefault();
    workerFailed(event.message || 'its script failed to load or run');
  };
  created.onmessageerror = () => workerFailed('a message from it could not be read');
  return created;
}

function ready(): boolean {
  return tokenStore.getState().tokenizer.state === 'ready';
}

/**
 * What to tokenize now: undefined while the format's code loads (its placeholder is not the
 * text), and for a provisional template render (its mask is carried over, not exact: the
 * counts and exported labels wait for the exact render, whose arrival asks again).
 */
function question(): (TokenQuestion & { spans: Int32Array; readSpans: readonly Span[]; formatId: string }) | undefined {
  const state = useAppStore.getState();
  const rendered = renderState(state);
  if (waitsForFormat(rendered) || isProvisional(rendered)) return undefined;
  const spans = maskedRender(state, rendered);
  const flat = flattenSpans(spans);
  const messageCount = state.record.kind === 'chat' ? state.record.messages.length : 0;
  return { text: rendered.text, spans: flat.spans, trainable: flat.trainable, messageCount, readSpans: spans, formatId: state.formatId };
}

/**
 * A keystroke tokenized on the page (page-tokens.ts) when its copy of the tokenizer is loaded
 * and the change is small: shown now, in this keystroke's frame. An answer of the worker still on
 * its way is then of an older text: dropped when it comes.
 */
function tokenizeHere(): boolean {
  if (!held) return false;
  const asked = question();
  if (!asked) return false;
  const result = tokenizeOnPage(asked, held.load);
  if (!result) return false;
  if (inFlight) inFlight.superseded = true;
  dirty = false;
  const now = performance.now();
  tokenStore.setState({ tokenized: { text: asked.text, spans: asked.readSpans, formatId: asked.formatId, result, timing: { sentAt: now - result.took, answeredAt: now }, by: 'page' }, error: undefined, busy: inFlight !== undefined });
  listeners.forEach((listener) => listener());
  return true;
}

/** Ask for a tokenization of the current state (folded into the next one if one is running). */
function tokenizeNow(): void {
  if (!worker || !ready()) return;
  if (tokenizeHere()) return;
  if (inFlight) {
    dirty = true;
    tokenStore.setState({ busy: true });
    return;
  }
  const state = useAppStore.getState();
  // The format's code is still loading: its arrival renders again, and that change of the
  // render asks for the tokenization (startTokens).
  const asked = question();
  if (!asked) return;
  inFlight = { request: ++request, text: asked.text, spans: asked.readSpans, formatId: state.formatId, sentAt: 0, superseded: false };
  tokenStore.setState({ busy: true });
  inFlight.sentAt = performance.now();
  send({ type: 'tokenize', request, text: asked.text, spans: asked.spans, trainable: asked.trainable, messageCount: asked.messageCount }, [asked.spans.buffer, asked.trainable.buffer]);
}

/** The page's copy of the worker's tokenizer, once the worker says its encoding goes piece by piece. */
function followOnPage(result: TokenResult): void {
  if (!held || !result.segmented) return;
  preparePageTokens(held.source, held.load, question);
  warmSoon();
}

function receive(message: FromWorker): void {
  if (message.type === 'loaded' || message.type === 'load-failed') {
    if (message.request !== loadRequest) return; // a newer load was asked for
    if (message.type === 'load-failed') {
      // The worker keeps the tokenizer it had: so does the view, saying why the new one did not load.
      const failed = { state: 'failed' as const, message: message.message, offline: message.offline };
      followsFormat = followedBeforeLoad;
      tokenStore.setState(beforeLoad ? { tokenizer: beforeLoad, loadError: failed } : { tokenizer: failed, busy: false });
      if (beforeLoad) tokenizeNow();
      return;
    }
    const pending = pendingOrigin;
    // The worker now holds this load's tokenizer: a copy of the one before is of no more use.
    if (loadingSource) held = { source: loadingSource, load: message.request };
    dropPageTokens();
    tokenStore.setState({ tokenizer: { state: 'ready', name: message.name, origin: pending.origin, own: pending.own, vocabSize: message.vocabSize }, loadError: undefined, error: undefined });
    tokenizeNow();
    return;
  }
  const answeredAt = performance.now();
  const sent = inFlight;
  if (!sent || message.request !== sent.request) return;
  inFlight = undefined;
  // A failed tokenization shows no counts: the last ones are of another text.
  if (sent.superseded) {
    // The page has shown a newer text's tokens meanwhile (tokenizeHere).
  } else if (message.type === 'failed') tokenStore.setState({ error: message.message, tokenized: undefined });
  else {
    tokenStore.setState({ tokenized: { text: sent.text, spans: sent.spans, formatId: sent.formatId, result: message.result, timing: { sentAt: sent.sentAt, answeredAt }, by: 'worker' }, error: undefined });
    followOnPage(message.result);
  }
  if (dirty) {
    dirty = false;
    tokenizeNow();
  } else tokenStore.setState({ busy: false });
  listeners.forEach((listener) => listener());
}

function load(source: TokenizerSource, label: string, origin: Origin): void {
  pendingOrigin = origin;
  const current = tokenStore.getState().tokenizer;
  // A load asked for while another is under way replaces it: what a failure falls back to is
  // still the tokenizer before the first (the worker keeps it until one succeeds).
  if (current.state !== 'loading') {
    beforeLoad = current.state === 'ready' ? current : undefined;
    followedBeforeLoad = followsFormat;
  }
  followsFormat = origin.followsFormat;
  loadRequest = ++request;
  loadingSource = source;
  inFlight = undefined;
  dirty = false;
  // The counts and labels shown are of the old tokenizer: cleared now, not when the new one has
  // answered (until then the view says it is counting and Export labels is off). A load that
  // fails brings the old tokenizer's back (receive).
  tokenStore.setState({ tokenizer: { state: 'loading', label }, loadError: undefined, tokenized: undefined, busy: false, error: undefined });
  if (started) worker ??= startWorker();
  send({ type: 'load', request: loadRequest, source });
}

/**
 * The tokenizer that fits the format (or, when none is shipped, a note saying how to load one);
 * for the Jinja format, the template's (format-fit.ts). `formatId`: the format shown (the store's).
 */
export function loadShippedFor(formatId: string): void {
  const fit = fitFor({ ...useAppStore.getState(), formatId });
  if (fit.files !== undefined) {
    load({ kind: 'files', files: [...fit.files] }, fit.files.map((file) => file.name).join(', '), { origin: 'files', own: true, followsFormat: true });
    return;
  }
  const shipped = fit.shipped;
  const urls = shipped && SHIPPED_URLS[shipped.id];
  if (!shipped || !urls) {
    followsFormat = true;
    tokenStore.setState({ tokenizer: { state: 'none', message: fit.note }, tokenized: undefined, busy: false });
    return;
  }
  load({ kind: 'shipped', id: shipped.id, label: shipped.label, ...urls }, shipped.label, { origin: 'shipped', own: fit.own, followsFormat: true });
}

/** One of the shipped tokenizers, chosen by the person (it then stays when the format changes). */
export function loadShipped(id: string): void {
  const shipped = DEFAULT_TOKENIZERS.find((t) => t.id === id);
  const urls = SHIPPED_URLS[id];
  if (!shipped || !urls) return;
  const fit = fitFor(useAppStore.getState());
  load({ kind: 'shipped', id, label: shipped.label, ...urls }, shipped.label, { origin: 'shipped', own: fit.own && fit.shipped?.id === id, followsFormat: false });
}

/**
 * tokenizer.json (and tokenizer_config.json) from a picker or a drop: handed to the worker as
 * they are, which reads, parses and checks them off the page (tokenizer-files.ts).
 */
export function loadFiles(files: readonly File[]): void {
  load({ kind: 'files', files: [...files] }, files.map((file) => file.name).join(', '), { origin: 'files', own: undefined, followsFormat: false });
}

/** A Hugging Face model id: the only request to another origin (the Hub's address, huggingface.co by default), made because the person asked. */
export function loadModelId(modelId: string): void {
  const fit = fitFor(useAppStore.getState());
  load({ kind: 'hub', modelId, base: hubBase() }, modelId, { origin: 'hub', own: fit.modelId === modelId, followsFormat: false });
}

function inputsOf(state: AppState): unknown[] {
  return [renderState(state), state.trainingMask, state.record];
}

/** Start the worker and follow the store; returns the stop. Idempotent: a second start shares the first. */
export function startTokens(): () => void {
  if (!started) {
    started = true;
    worker = startWorker();
    loadShippedFor(useAppStore.getState().formatId);
    let previous = inputsOf(useAppStore.getState());
    // Another format, or (Jinja) a template with another tokenizer: the one that fits is loaded.
    let fitKey = fitFor(useAppStore.getState()).key;
    const followFit = () => {
      const state = useAppStore.getState();
      const key = fitFor(state).key;
      if (key === fitKey) return;
      fitKey = key;
      if (followsFormat) loadShippedFor(state.formatId);
    };
    onTemplateOrigin(followFit);
    let template = useAppStore.getState().formatOptions.jinja?.template;
    let formatId = useAppStore.getState().formatId;
    // Ahead of the store's other subscribers: the request is posted before the page does the rest
    // of the keystroke (the Text view's editor, autosave, React), so the worker counts meanwhile.
    subscribeFirst((state) => {
      const nextTemplate = state.formatOptions.jinja?.template;
      if (state.formatId !== formatId || nextTemplate !== template) {
        formatId = state.formatId;
        template = nextTemplate;
        followFit();
      }
      const next = inputsOf(state);
      if (next.some((value, i) => value !== previous[i])) {
        previous = next;
        tokenizeNow();
      }
    });
  }
  return () => undefined;
}

/** Called after every tokenization answered (the test API and the benchmark wait on it). */
export function onTokenized(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
