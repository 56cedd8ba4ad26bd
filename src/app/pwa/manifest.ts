/**
 * The web app manifest (manifest.webmanifest), written by vite-plugin-pwa at build time
 * (vite.config.ts). Every URL in it is relative to the manifest, which sits beside index.html:
 * the installed app's scope is the folder the site is served from, whatever its sub-path.
 */
import { acceptMap, DATASET_FILE_TYPES, type DatasetFileType } from '../files/file-types.ts';

/** Title-bar colours: the toolbar's background in each theme (white, Tailwind slate-900). */
export const THEME_COLORS = { light: '#ffffff', dark: '#0f172a' } as const;

export interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

export interface FileHandler {
  action: string;
  accept: Record<string, string[]>;
}

export interface WebAppManifest {
  name: string;
  short_name: string;
  description: string;
  id: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  lang: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
  file_handlers: FileHandler[];
}

/** PNGs made from public/favicon.svg by `npm run icons` (scripts/make-icons.ts), and the SVG itself. */
export const MANIFEST_ICONS: ManifestIcon[] = [
  { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml' },
  { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
  { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
  { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

export function webAppManifest(types: readonly DatasetFileType[] = DATASET_FILE_TYPES): WebAppManifest {
  return {
    name: 'Parley',
    short_name: 'Parley',
    description: 'A visual editor and exact previewer for LLM chat-format data',
    // Relative: the app is the folder it is served from (any sub-path).
    id: './',
    start_url: './',
    scope: './',
    display: 'standalone',
    lang: 'en',
    // The manifest has one colour; index.html's theme-color metas give each colour scheme its own.
    theme_color: THEME_COLORS.light,
    background_color: THEME_COLORS.light,
    icons: MANIFEST_ICONS,
    // Opened files arrive through the Launch Queue (pwa/launch-queue.ts) on the app's own page.
    file_handlers: [{ action: './', accept: acceptMap(types) }],
  };
}
