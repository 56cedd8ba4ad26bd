/**
 * The command's build (npm run build:lib, also run by `prepare` on npm install / npm ci / npm
 * pack): src/cli, the core and zod bundled into one ES module, lib/cli.js, which bin/parley.js
 * imports. Loading one file instead of ~150 modules of Parley and ~100 of zod is most of the
 * command's start-up time (docs/library.md). This build empties lib/ first;
 * `tsc -p tsconfig.build.json` then adds the library, lib/core/.
 */
import { defineConfig } from 'vite';

/**
 * Each entry becomes lib/NAME.js. A file the command loads at run time by its URL (a worker
 * thread's script, `new URL('./NAME.js', import.meta.url)`) must be listed here: it is then
 * built next to lib/cli.js under the name it is looked up by.
 */
const ENTRIES = {
  cli: 'src/cli/bin.ts',
  'jsonl-worker': 'src/cli/jsonl-worker.ts',
};

export default defineConfig({
  publicDir: false,
  // Dependencies are bundled too (only what the command uses of them): lib/cli.js imports nothing
  // but Node's built-ins. Measured on `parley formats`: zod as an installed package 110 ms,
  // bundled 70 ms (node alone: 50 ms).
  ssr: { noExternal: true },
  logLevel: 'warn',
  build: {
    ssr: true,
    target: 'node20',
    outDir: 'lib',
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    rolldownOptions: {
      input: ENTRIES,
      output: {
        format: 'es',
        entryFileNames: '[name].js',
        chunkFileNames: '[name]-[hash].js',
        // What the entries load at start, in one file: the formats loaded on demand (Format.prepare)
        // share small modules with it, and each would otherwise become a file of its own.
        codeSplitting: { groups: [{ name: 'core', test: /[\\/]src[\\/]core[\\/]/, tags: ['$initial'] }] },
      },
    },
  },
});
