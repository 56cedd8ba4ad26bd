/**
 * A toolbar menu's entries as data: a menu (file-menu.ts) is a list of these, so adding an entry
 * is adding an object, not editing a component. `shown` and `disabled` are read each time the
 * menu opens (they may look at the store); `section` draws a line before the first entry of a
 * new section.
 */
export interface MenuEntry {
  /** Stable id (a React key, and what tests or other code may look an entry up by). */
  id: string;
  /** What the entry says; its accessible name. End with "…" when it asks for more before acting. */
  label: string;
  /** The accessible name where the label alone would be ambiguous out of its menu ("New chat conversation" for "Chat conversation"). */
  name?: string;
  /** After it runs, focus goes back to the menu's button (the default), or stays where `run` put it (a new field to type in). */
  keepsFocus?: boolean;
  /** One line under the label: what it does, in the person's words. */
  hint?: string;
  /** A keyboard shortcut that does the same, as shown to the person ("Ctrl+O"). */
  keys?: string;
  section: string;
  /** Left out of the menu when false (e.g. only in dataset mode, or only where the browser can). */
  shown?: () => boolean;
  disabled?: () => boolean;
  run: () => void;
}

/** The entries to draw now, in order, each marked when it starts a new section. */
export function visibleEntries(entries: readonly MenuEntry[]): { entry: MenuEntry; startsSection: boolean }[] {
  const shown = entries.filter((entry) => entry.shown?.() ?? true);
  return shown.map((entry, i) => ({ entry, startsSection: i > 0 && shown[i - 1]!.section !== entry.section }));
}
