/**
 * The token worker: holds the loaded tokenizer, encodes the render's text and carries the masked
 * span flags down to tokens (core/tokens), so that typing never waits on tokenizing. Requests are
 * answered in order; the app drops answers older than its latest request (token-client.ts).
 * The last encoding is kept: a change of the mask only re-masks, it does not re-encode.
 */
import { loadTokenizer, type Tokenizer } from '../../core/tokens/index.ts';
import { flatEncoding, flatSpecialSplits, flatTokenMask, SPAN_FIELDS, type FlatEncoding } from '../../core/tokens/flat.ts';
import { HubError } from './hub.ts';
import { agrees, cutsAtAddedTokens, segmentedEncoder } from '../../core/tokens/segmented.ts';
import type { FromWorker, SplitSpecial, ToWorker } from './protocol.ts';
import { readFiles } from './read-source.ts';

let tokenizer: Tokenizer | undefined;
/** The newest load asked for: an older one that finishes later is dropped. */
let latestLoad = 0;
let lastEncoding: { text: string; encoding: FlatEncoding } | undefined;
/**
 * Piece-by-piece encoding (core/tokens/segmented.ts) when the tokenizer allows it; `checked`
 * once its first result agreed with a whole encode (if not, it is dropped for this tokenizer).
 */
let pieces: { encoder: ReturnType<typeof segmentedEncoder>; checked: boolean } | undefined;

const post = (message: FromWorker, transfer: Transferable[] = []) => (self as unknown as Worker).postMessage(message, transfer);

/** The split special tokens by text: a render writes the same token many times. */
function groupSplits(text: string, encoding: FlatEncoding, spans: Int32Array): SplitSpecial[] {
  const byText = new Map<string, SplitSpecial>();
  for (const split of flatSpecialSplits(text, encoding, spans)) {
    const seen = byText.get(split.text);
    if (seen) seen.occurrences++;
    else byText.set(split.text, { token: split.text, tokens: split.tokens, occurrences: 1 });
  }
  return [...byText.values()];
}

/**
 * The render's encoding: by pieces cut at its special tokens when possible (a keystroke
 * re-encodes one piece), as typed arrays (core/tokens/flat.ts: no object or array entry per token).
 */
function encode(loaded: Tokenizer, text: string, spans: Int32Array): FlatEncoding {
  if (!pieces) return flatEncoding(loaded.encode(text));
  const cuts: number[] = [];
  for (let i = 0; i + SPAN_FIELDS - 1 < spans.length; i += SPAN_FIELDS) {
    const start = spans[i] as number;
    const end = spans[i + 1] as number;
    if (spans[i + 3] === 1 && loaded.addedTokens.has(text.slice(start, end))) cuts.push(start, end);
  }
  const encoding = pieces.encoder.encodeFlat(text, cuts);
  if (pieces.checked) return encoding;
  const whole = loaded.encode(text);
  if (agrees(encoding, whole)) pieces.checked = true;
  else pieces = undefined;
  return flatEncoding(whole);
}

function tokenize(message: Extract<ToWorker, { type: 'tokenize' }>): void {
  if (!tokenizer) {
    post({ type: 'failed', request: message.request, message: 'No tokenizer is loaded.' });
    return;
  }
  const began = performance.now();
  const encoding = lastEncoding?.text === message.text ? lastEncoding.encoding : encode(tokenizer, message.text, message.spans);
  lastEncoding = { text: message.text, encoding };
  const mask = flatTokenMask(encoding, message.spans, message.trainable, message.messageCount);
  const result = {
    // Copies: the kept encoding's own arrays stay here (the answer's are handed over, not cloned).
    ids: encoding.ids.slice(),
    starts: encoding.starts.slice(),
    ends: encoding.ends.slice(),
    trained: mask.trained,
    message: mask.message,
    perMessage: mask.perMessage,
    trainedCount: mask.trainedCount,
    straddling: mask.straddling,
    exact: encoding.exact,
    splitSpecials: groupSplits(message.text, encoding, message.spans),
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
