/**
 * Reads a Chromium trace of Token view keystrokes (bench/tokens-ui.bench.ts with
 * PARLEY_BENCH_TRACE): for each keystroke, whether the page handled the worker's answer before
 * the keystroke's first frame or after it. Chromium runs that frame first even when the answer
 * is waiting (docs/tokens.md, “One frame after the preview”): this is how to see it again.
 */
import { readFileSync } from 'node:fs';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { type?: string } };
}

/** The mark the benchmark's harness sets when the Token view has the answer to a keystroke. */
export const HANDLED_MARK = 'parley-answer-handled';

export interface KeystrokeFrames {
  /** ms from the keydown to the start of the first frame after it. */
  frame: number;
  /** ms from the keydown to the answer handled. */
  handled: number;
}

/** Per keystroke traced: when its first frame began and when its answer was handled (ms after its keydown). */
export function keystrokeFrames(path: string): KeystrokeFrames[] {
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const marks = events.filter((e) => e.name === HANDLED_MARK).sort((a, b) => a.ts - b.ts);
  const first = marks[0];
  if (!first) return [];
  // The page's main thread: where the harness set its marks.
  const onMain = (e: TraceEvent) => e.pid === first.pid && e.tid === first.tid;
  const keydowns = events.filter((e) => onMain(e) && e.name === 'EventDispatch' && e.args?.data?.type === 'keydown').sort((a, b) => a.ts - b.ts);
  const frames = events.filter((e) => onMain(e) && e.ph === 'X' && e.name === 'ProxyMain::BeginMainFrame').sort((a, b) => a.ts - b.ts);
  const out: KeystrokeFrames[] = [];
  for (const keydown of keydowns) {
    const frame = frames.find((f) => f.ts > keydown.ts);
    const handled = marks.find((m) => m.ts > keydown.ts);
    if (frame && handled) out.push({ frame: (frame.ts - keydown.ts) / 1000, handled: (handled.ts - keydown.ts) / 1000 });
  }
  return out;
}
