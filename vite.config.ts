/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { coreTestsSharingModules, isolatedTests } from './test/projects.ts';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webAppManifest } from './src/app/pwa/manifest.ts';

/**
 * Content-Security-Policy of the built site, as a <meta http-equiv> so that it travels with
 * dist/ to any static host. Only added to builds: the dev server needs an inline script (React
 * Fast Refresh preamble) that this policy forbids.
 * - script-src 'self': no inline or eval'd script; text from a conversation can never run.
 * - worker-src 'self': Monaco's editor worker is a same-origin module file.
 * - style-src 'unsafe-inline': Monaco injects <style> elements and style attributes at run time
 *   (themes, decorations, measurements); styles cannot run code.
 * - font-src: Monaco's codicon font is a same-origin file.
 * - connect-src 'self' and the Hugging Face hub: the page talks to no other origin, and to the hub
 *   only when the person asks the Token view for a tokenizer by model id, or opens a dataset from
 *   the Hub (File → Open from the Hub; huggingface.co answers large files with a redirect to its
 *   CDN hosts under hf.co / huggingface.co). e2e/dataset-hub.spec.ts checks that it is exactly these.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self' https://huggingface.co https://*.huggingface.co https://*.hf.co",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');

function contentSecurityPolicy(): Plugin {
  return {
    name: 'parley:csp',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY }, injectTo: 'head-prepend' }],
  };
}

/** Hosts that a built file must never mention (checked on every build). */
const CDN_HOSTS = /cdn\.jsdelivr\.net|unpkg\.com|cdnjs\.cloudflare\.com/;

/**
 * @monaco-editor/loader keeps a jsdelivr URL in its default config. Parley configures the loader
 * with the bundled Monaco (`loader.config({ monaco })`), so the URL is never used; stripping it
 * keeps "grep dist/ for CDN hosts" a valid check, and the check below fails the build if any
 * CDN host shows up again.
 */
function noCdn(): Plugin {
  return {
    name: 'parley:no-cdn',
    transform(code, id) {
      if (!id.includes('@monaco-editor/loader')) return null;
      const stripped = code.replace(/https:\/\/cdn\.jsdelivr\.net\/npm\/monaco-editor@[^'"`]*/g, '');
      return stripped === code ? null : { code: stripped, map: null };
    },
    generateBundle(_options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        const text = output.type === 'chunk' ? output.code : typeof output.source === 'string' ? output.source : '';
        const hit = CDN_HOSTS.exec(text);
        if (hit) this.error(`${fileName} mentions the CDN host ${hit[0]}; the built site must not load anything from another origin.`);
      }
    },
  };
}

/**
 * The largest file the service worker precaches. Workbox's default (2 MiB) would silently leave
 * Monaco's chunk (~3.2 MB) out, and the editor would not load offline; 8 MiB leaves room for
 * Monaco to grow while keeping anything absurd out. Raise it if a chunk outgrows it: the offline
 * end-to-end test (e2e/offline.spec.ts) fails when a built file is missing from the precache.
 */
export const PRECACHE_MAX_BYTES = 8 * 1024 * 1024;

/**
 * How many test files vitest runs at once: one per core. Vitest's default for `vitest run` is one
 * fewer than the cores, which on a 2-core CI machine is a single worker and half the machine idle
 * for the whole unit stage (~6 min of a run that must stay under 15; docs/testing.md, "How long
 * it takes"). The main process only collects results, so it needs no core of its own. Lower it
 * (`--maxWorkers=1`) to debug one file's output in order.
 */
export const TEST_WORKERS = availableParallelism();

/** How many tokenizer files the runtime cache keeps (three tokenizers with their configs, and an older build's). */
const TOKENIZER_CACHE_ENTRIES = 12;

/**
 * Offline after the first visit (docs/app.md, "Offline and install"): a Workbox service worker
 * (sw.js, beside index.html, so its scope is the folder the site is served from) precaches every
 * built file but the tokenizers, which it caches on first use. Only the app's own files are
 * cached: the Hugging Face hub's answers go to the network, and no user data goes through it.
 * Registered by src/app/pwa/register.ts (a module, so the CSP keeps `script-src 'self'`);
 * `registerType: 'prompt'`: a new version waits until the person chooses Reload.
 */
function offline() {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    manifest: webAppManifest(),
    workbox: {
      globPatterns: ['**/*.{html,js,css,svg,png,ttf,woff2,webmanifest}'],
      maximumFileSizeToCacheInBytes: PRECACHE_MAX_BYTES,
      // One page: every navigation in scope is the app (a share link's data is in the fragment).
      navigateFallback: 'index.html',
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        {
          // The shipped tokenizers (9–27 MB each, tokens/shipped.ts): cached the first time they
          // are used, never precached. Same origin only. (Workbox copies this function's source
          // into sw.js: it may not use anything from this file.)
          urlPattern: ({ url, sameOrigin }) => sameOrigin && /\/assets\/tokenizer(_config)?-[\w-]+\.json$/.test(url.pathname),
          // The file names carry a content hash: a cached file never goes stale.
          handler: 'CacheFirst',
          options: { cacheName: 'parley-tokenizers', expiration: { maxEntries: TOKENIZER_CACHE_ENTRIES }, cacheableResponse: { statuses: [200] } },
        },
      ],
    },
  });
}

export default defineConfig({
  // Relative base: dist/ works from any sub-path of a static host.
  base: './',
  plugins: [react(), tailwindcss(), noCdn(), contentSecurityPolicy(), offline()],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    // Monaco alone is several MB before gzip: it is loaded lazily in its own chunk, on purpose.
    chunkSizeWarningLimit: 4000,
    rolldownOptions: {
      // src/core is pure by design (ARCHITECTURE.md): importing one of its modules does nothing
      // but define exports. Saying so lets the bundler drop what the start-up code does not use
      // (the file codecs and zod are loaded with Open/Export instead), although their modules
      // build schemas at top level, which a bundler must otherwise assume has side effects.
      treeshake: { moduleSideEffects: [{ test: /[\\/]src[\\/]core[\\/]/, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [
            // React first, at a higher priority: otherwise the Monaco group captures it too (as a
            // dependency of @monaco-editor/react) and the start-up code would import Monaco.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
            // Vite's dynamic-import helper likewise: the start-up code uses it for every lazy chunk.
            { name: 'vite-preload', test: /vite[\\/]preload-helper/, priority: 20 },
            { name: 'monaco', test: /node_modules[\\/](monaco-editor|@monaco-editor)[\\/]/, priority: 10 },
            // The core modules of the start-up code, in one chunk. The formats loaded on demand
            // (Format.prepare) share small modules with it (builders, span-builder, …); without
            // this group each shared module becomes a chunk of its own, all preloaded at start-up,
            // which costs ~6 KB gzip in per-file overhead and lost compression.
            { name: 'core', test: /[\\/]src[\\/]core[\\/]/, tags: ['$initial'], priority: 5 },
          ],
        },
      },
    },
  },
  test: {
    maxWorkers: TEST_WORKERS,
    // Two projects (test/projects.ts): the pure core's tests share their modules within a worker,
    // every other test file gets fresh ones.
    projects: [
      {
        // Not `extends`: the core needs neither the app's plugins nor the command's build.
        test: { name: 'core', include: coreTestsSharingModules.include, exclude: coreTestsSharingModules.exclude, isolate: false, environment: 'node', testTimeout: 60_000 },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: isolatedTests.include,
          exclude: isolatedTests.exclude,
          environment: 'node',
          testTimeout: 60_000,
          // Builds the `parley` command once per run for the CLI tests (test/cli/run.ts).
          globalSetup: ['test/cli/build-command.ts'],
          // Component tests wait for what is shown as long as a loaded machine needs.
          setupFiles: ['test/setup/dom-wait.ts'],
        },
      },
    ],
  },
});
