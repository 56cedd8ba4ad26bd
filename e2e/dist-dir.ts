/**
 * Where the end-to-end suite's build goes. PARLEY_E2E_DIST lets two checkouts or workers build
 * side by side. Its own module, without Playwright's config, so that scripts/test.ts can build
 * there before the suite starts.
 */
export const DIST_DIR = process.env.PARLEY_E2E_DIST ?? 'dist';

/** The build the suite serves, from the current sources (Vite's production build). */
export const E2E_BUILD_ARGS = ['vite', 'build', '--outDir', DIST_DIR, '--emptyOutDir'] as const;

/**
 * Set (to "1") by `npm test` (scripts/test.ts) once it has built DIST_DIR from these sources
 * beside the unit tests: the suite then serves that build instead of building again.
 */
export const PREBUILT_ENV = 'PARLEY_E2E_PREBUILT';
