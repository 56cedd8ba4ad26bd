/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

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
 *   only when the person asks the Token view for a tokenizer by model id (huggingface.co answers
 *   large files with a redirect to its CDN hosts under hf.co / huggingface.co).
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

export default defineConfig({
  // Relative base: dist/ works from any sub-path of a static host.
  base: './',
  plugins: [react(), tailwindcss(), noCdn(), contentSecurityPolicy()],
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
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    // Builds the `parley` command once per run for the CLI tests (test/cli/run.ts).
    globalSetup: ['test/cli/build-command.ts'],
  },
});
