/**
 * Light and dark themes: the person's choice (system, light, dark) is kept in localStorage; the
 * resolved theme sets the `dark` class on <html> (Tailwind's dark variant) and `resolvedTheme`
 * in the store, which the preview's Monaco theme follows. "System" tracks prefers-color-scheme
 * live.
 */
import { useAppStore, type ThemeChoice } from '../store/index.ts';
import { readPreference, writePreference } from '../persistence/preferences.ts';

const THEMES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

export function startTheme(): void {
  const stored = readPreference('theme');
  if (stored !== undefined && (THEMES as readonly string[]).includes(stored)) useAppStore.getState().setTheme(stored as ThemeChoice);
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = () => {
    const { theme, resolvedTheme, setResolvedTheme } = useAppStore.getState();
    const resolved = theme === 'system' ? (media.matches ? 'dark' : 'light') : theme;
    document.documentElement.classList.toggle('dark', resolved === 'dark');
    document.documentElement.style.colorScheme = resolved;
    if (resolved !== resolvedTheme) setResolvedTheme(resolved);
  };
  apply();
  media.addEventListener('change', apply);
  useAppStore.subscribe((state, previous) => {
    if (state.theme === previous.theme) return;
    writePreference('theme', state.theme);
    apply();
  });
}
