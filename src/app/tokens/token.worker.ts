/**
 * The token worker: holds the loaded tokenizer, encodes the render's text and carries the masked
 * span flags down to tokens (core/tokens), so that typing never waits on tokenizing. Requests are
 * answered in order; the app drops answers older than its latest request (token-client.ts).
 * The last encoding is kept: a change of the mask only re-masks, it does not re-encode.
 */
import { loadTokenizer, type Tokenizer } from '../../core/tokens/index.ts';
import { flatEncoding, type FlatEncoding } from '../../core/tokens/flat.ts';
import { HubError } from './hub.ts';
import { agrees, cutsAtAddedTokens, segmentedEncoder } from '../../core/tokens/segmented.ts';
import type { FromWorker, ToWorker } from './protocol.ts';
import { addedTokenCuts, tokenAnswer } from './token-answer.ts';
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

/**
 * The render's encoding: by pieces cut at its special tokens when possible (a keystroke
 * re-encodes one piece), as typed arrays (core/tokens/flat.ts: no object or array entry per token).
 */
function encode(loaded: Tokenizer, text: string, spans: Int32Array): FlatEncoding {
  if (!pieces) return flatEncoding(loaded.encode(text));
  const encoding = pieces.encoder.encodeFlat(text, addedTokenCuts(loaded, text, spans));
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
  // Copies: the kept encoding's own arrays stay here (the answer's are handed over, not cloned).
  const copy: FlatEncoding = { ids: encoding.ids.slice(), starts: encoding.starts.slice(), ends: encoding.ends.slice(), exact: encoding.exact };
  const result = tokenAnswer(message, copy, began, pieces?.checked === true);
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
