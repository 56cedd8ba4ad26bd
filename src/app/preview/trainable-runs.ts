/**
 * The trainable spans of a render as runs, neighbours joined, as the Text view's shading draws
 * them: what the test API's `previewTrainable()` reports, and what the end-to-end tests expect of
 * the core's render.
 */
export function trainableRuns(spans: readonly { start: number; end: number; trainable: boolean }[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const span of spans) {
    if (!span.trainable) continue;
    const last = runs.at(-1);
    if (last && last[1] === span.start) last[1] = span.end;
    else runs.push([span.start, span.end]);
  }
  return runs;
}
