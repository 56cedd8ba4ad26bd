/**
 * The preview's light and dark Monaco themes. Token colours are the syntax of the token text
 * (monarch.ts class names); the background matches the app's panes. Every text colour keeps a
 * contrast of at least 4.5:1 on its background (WCAG AA), including on the trainable shading.
 */
import type { Monaco } from '../monaco-env.ts';

export const THEME_NAMES = { light: 'parley-light', dark: 'parley-dark' } as const;

type Rule = { token: string; foreground: string; fontStyle?: string };

const LIGHT: Rule[] = [
  { token: 'special', foreground: '6d28d9', fontStyle: 'bold' },
  { token: 'key', foreground: '0550ae' },
  { token: 'string', foreground: '9a1b1b' },
  { token: 'number', foreground: '116329' },
  { token: 'keyword', foreground: '1d4ed8' },
  { token: 'delimiter', foreground: '4b5563' },
  { token: 'attribute.name', foreground: '9a3412' },
  { token: 'attribute.value', foreground: '0550ae' },
];

const DARK: Rule[] = [
  { token: 'special', foreground: 'c4b5fd', fontStyle: 'bold' },
  { token: 'key', foreground: '7dd3fc' },
  { token: 'string', foreground: 'fca5a5' },
  { token: 'number', foreground: '86efac' },
  { token: 'keyword', foreground: '93c5fd' },
  { token: 'delimiter', foreground: 'a1a1aa' },
  { token: 'attribute.name', foreground: 'fdba74' },
  { token: 'attribute.value', foreground: '7dd3fc' },
];

export function defineThemes(monaco: Monaco): void {
  monaco.editor.defineTheme(THEME_NAMES.light, {
    base: 'vs',
    inherit: true,
    rules: LIGHT,
    colors: { 'editor.background': '#ffffff', 'editorLineNumber.foreground': '#64748b', 'editorWhitespace.foreground': '#94a3b8' },
  });
  monaco.editor.defineTheme(THEME_NAMES.dark, {
    base: 'vs-dark',
    inherit: true,
    rules: DARK,
    colors: { 'editor.background': '#020617', 'editorLineNumber.foreground': '#94a3b8', 'editorWhitespace.foreground': '#64748b' },
  });
}
