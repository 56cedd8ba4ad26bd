/** Helpers shared by the OpenChatML tests (imported by tests only). */
import { expect } from 'vitest';
import type { Rendered } from '../types.ts';

/** Spans are sorted, non-empty, contiguous and cover the whole text. */
export function expectCoverage(rendered: Rendered): void {
  let at = 0;
  for (const span of rendered.spans) {
    expect(span.start).toBe(at);
    expect(span.end).toBeGreaterThan(span.start);
    at = span.end;
  }
  expect(at).toBe(rendered.text.length);
}

export function codes(rendered: { diagnostics: readonly { code: string }[] }): string[] {
  return rendered.diagnostics.map((d) => d.code);
}

