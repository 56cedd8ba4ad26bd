/**
 * The token worker: holds the loaded tokenizer, encodes the render's text and carries the masked
 * span flags down to tokens (core/tokens), so that typing never waits on tokenizing. Requests are
 * answered in order; the app drops answers older than its latest request (token-client.ts).
 * The last encoding is kept: a change of the mask only re-masks, it does not re-encode.
 */
import { exampleOf, loadTokenizer, specialSplits, tokenMask, type TokenEncoding, type Tokenizer } from '../../core/tokens/index.ts';
import type { Span } from '../../core/index.ts';
import { HubError } from './hub.ts';
import { agrees, cutsAtAddedTokens, segmentedEncoder } from '../../core/tokens/segmented.ts';
import { SPAN_FIELDS } from './masked-spans.ts';
import type { FromWorker, SplitSpecial, ToWorker } from './protocol.ts';
import { readFiles } from './read-source.ts';

let tokenizer: Tokenizer | undefined;
/** The newest load asked for: an older one that finishes later is dropped. */
let latestLoad = 0;
let lastEncoding: { text: string; encoding: TokenEncoding } | undefined;
/**
 * Piece-by-piece encoding (core/tokens/segmented.ts) when the tokenizer allows it; `checked`
 * once its first result agreed with a whole encode (if not, it is dropped for this tokenizer).
 */
let pieces: { encoder: ReturnType<typeof segmentedEncoder>; checked: boolean } | undefined;

const post = (message: FromWorker, transfer: Transferable[] = []) => (self as unknown as Worker).postMessage(message, transfer);

/** The spans as core wants them, from the flat array (core reads start, end, kind and the message index of the path). */
function spansOf(flat: Int32Array): Span[] {
  const spans: Span[] = [];
  for (let i = 0; i + SPAN_FIELDS - 1 < flat.length; i += SPAN_FIELDS) {
    const message = flat[i + 2] ?? -1;
    spans.push({ start: flat[i] ?? 0, end: flat[i + 1] ?? 0, kind: flat[i + 3] === 1 ? 'special' : 'content', path: message >= 0 ? ['messages', message] : [], trainable: false });
  }
  return spans;
}

/** The split special tokens by text: a render writes the same token many times. */
function groupSplits(text: string, encoding: TokenEncoding, spans: readonly Span[]): SplitSpecial[] {
  const byText = new Map<string, SplitSpecial>();
  for (const split of specialSplits(text, encoding, spans)) {
    const seen = byText.get(split.text);
    if (seen) seen.occurrences++;
    else byText.set(split.text, { token: split.text, tokens: split.tokens, occurrences: 1 });
  }
  return [...byText.values()];
}

/** The render's encoding: by pieces cut at its special tokens when possible (a keystroke re-encodes one piece). */
function encode(loaded: Tokenizer, text: string, spans: readonly Span[]): TokenEncoding {
  if (!pieces) return loaded.encode(text);
  const cuts: number[] = [];
  for (const span of spans) if (span.kind === 'special' && loaded.addedTokens.has(text.slice(span.start, span.end))) cuts.push(span.start, span.end);
  const encoding = pieces.encoder.encode(text, cuts);
  if (pieces.checked) return encoding;
  const whole = loaded.encode(text);
  if (agrees(encoding, whole)) pieces.checked = true;
  else pieces = undefined;
  return whole;
}

function tokenize(message: Extract<ToWorker, { type: 'tokenize' }>): void {
  if (!tokenizer) {
    post({ type: 'failed', request: message.request, message: 'No tokenizer is loaded.' });
    return;
  }
  const began = performance.now();
  const spans = spansOf(message.spans);
  const encoding = lastEncoding?.text === message.text ? lastEncoding.encoding : encode(tokenizer, message.text, spans);
  lastEncoding = { text: message.text, encoding };
  const mask = tokenMask(encoding, spans, Array.from(message.trainable, (flag) => flag === 1));
  const example = exampleOf(encoding, mask, message.messageCount);
  const result = {
    ids: Int32Array.from(encoding.ids),
    starts: Int32Array.from(encoding.starts),
    ends: Int32Array.from(encoding.ends),
    trained: Uint8Array.from(mask.trained, (on) => (on ? 1 : 0)),
    message: Int32Array.from(mask.message),
    perMessage: Int32Array.from(example.messages),
    trainedCount: example.trained,
    straddling: Int32Array.from(mask.straddling),
    exact: encoding.exact,
    splitSpecials: groupSplits(message.text, encoding, spans),
    took: performance.now() - began,
  };
  post({ type: 'tokens', request: message.request, result }, [result.ids.buffer, result.starts.buffer, result.ends.buffer, result.trained.buffer, result.message.buffer, result.perMessage.buffer, result.straddling.buffer]);
}

self.onmessage = async (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === 'load') {
    latestLoad = message.request;
    try {
      const { files, name } = await readFiles(message.source);
      // A newer load was asked for while these files were read: this one must not replace it
      // (the page would name one tokenizer and count with another).
      if (message.request !== latestLoad) return;
      const loaded = loadTokenizer(files, name);
      const segmented = cutsAtAddedTokens(files, loaded);
      // Only now, all of it checked and built: a failure above leaves the previous tokenizer whole.
      tokenizer = loaded;
      lastEncoding = undefined;
      pieces = segmented ? { encoder: segmentedEncoder(loaded), checked: false } : undefined;
      post({ type: 'loaded', request: message.request, name, vocabSize: loaded.vocabSize });
    } catch (error) {
      post({ type: 'load-failed', request: message.request, message: error instanceof Error ? error.message : String(error), offline: error instanceof HubError && error.offline });
    }
  } else {
    try {
      tokenize(message);
    } catch (error) {
      post({ type: 'failed', request: message.request, message: error instanceof Error ? error.message : String(error) });
    }
  }
};
