/**
 * Inflate (raw DEFLATE, as fflate's deflateSync writes it) up to a limit, stopping as soon as the
 * output passes it: a "zip bomb" link costs the time to inflate the limit, not its whole size
 * (inflating the audit's 1.3 MB link whole took seconds and 1 GB before any check could run).
 * The work is cut into slices with a pause between them, so a tab stays responsive meanwhile.
 */
import { Inflate } from 'fflate';

/**
 * Compressed bytes handed to the inflater at a time. DEFLATE expands at most about 1,032 to 1,
 * so one push adds at most about 264 KB past the limit before the check runs, in a few ms.
 */
const INPUT_CHUNK_BYTES = 256;

/**
 * Longest stretch of inflating without a pause: a task over 50 ms is what browsers call a long
 * task (input waits for it). Inflating the 4 MB limit takes 20 to 190 ms on a busy two-core machine.
 */
export const INFLATE_SLICE_MS = 40;

export type InflateResult = { ok: true; bytes: Uint8Array } | { ok: false; reason: 'too large' | 'damaged' };

export async function inflateWithin(compressed: Uint8Array, maxBytes: number): Promise<InflateResult> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const inflater = new Inflate((chunk) => {
    chunks.push(chunk);
    total += chunk.length;
  });
  let sliceStart = performance.now();
  try {
    for (let at = 0; at < compressed.length; at += INPUT_CHUNK_BYTES) {
      inflater.push(compressed.subarray(at, at + INPUT_CHUNK_BYTES));
      if (total > maxBytes) return { ok: false, reason: 'too large' };
      if (performance.now() - sliceStart > INFLATE_SLICE_MS) {
        await nextTask();
        sliceStart = performance.now();
      }
    }
    // The end: fflate throws here when the data stops before its last block (a cut-off link).
    inflater.push(new Uint8Array(0), true);
  } catch {
    return { ok: false, reason: 'damaged' };
  }
  if (total > maxBytes) return { ok: false, reason: 'too large' };
  return { ok: true, bytes: concat(chunks, total) };
}

/**
 * Let the browser handle input and paint, then go on. A message rather than setTimeout: timers
 * of a background tab (a link opened in a new tab) are delayed to once a second.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

function concat(chunks: readonly Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
