/**
 * Vitest setup for the component tests (jsdom): how long Testing Library's `findBy…` and
 * `waitFor` wait for what a person would see. Its default, 1 s, is short of what a loaded CI
 * machine needs to render a heavy part (an ErrorBoundary test renders a stack overflow): two
 * such tests failed on a shared 2-core machine at load ~17 with nothing else wrong. A wait ends
 * as soon as the thing is there, so a longer bound costs a passing test nothing. Node tests skip
 * it (no document), and do not pay for importing Testing Library.
 */
/** Well past a slow render on a loaded machine, well short of vitest's 60 s test timeout. */
const DOM_WAIT_MS = 10_000;

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: DOM_WAIT_MS });
}

export {}; // A module (for the top-level await), though it exports nothing.
