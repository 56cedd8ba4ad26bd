/** Light, dark, or follow the system. */
import { toolbarSelect } from '../layout/ui.ts';
import { useAppStore, type ThemeChoice } from '../store/index.ts';

export function ThemeSelect() {
  const theme = useAppStore((state) => state.theme);
  const resolved = useAppStore((state) => state.resolvedTheme);
  return (
    <select aria-label="Theme" className={toolbarSelect} value={theme} onChange={(event) => useAppStore.getState().setTheme(event.target.value as ThemeChoice)}>
      <option value="system">System ({resolved})</option>
      <option value="light">Light</option>
      <option value="dark">Dark</option>
    </select>
  );
}
