/**
 * A toolbar menu button (ARIA menu pattern: Enter, Space or ArrowDown opens it, arrow keys move,
 * Escape closes and returns focus, Tab leaves) that draws a list of entries given as data
 * (menu-entry.ts). The entries' `shown`/`disabled` are read when it opens.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { toolbarButton } from '../../layout/ui.ts';
import { visibleEntries, type MenuEntry } from './menu-entry.ts';

export function MenuButton({ label, title, entries }: { label: string; title?: string; entries: readonly MenuEntry[] }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
    const closeOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const focus = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') focus(at + 1);
    else if (event.key === 'ArrowUp') focus(at - 1);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(items.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') close(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        className={toolbarButton}
        title={title}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKeyDown}
          className="absolute left-0 top-full z-40 mt-1 w-80 rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {visibleEntries(entries).map(({ entry, startsSection }) => {
            const disabled = entry.disabled?.() ?? false;
            return (
              <div key={entry.id}>
                {startsSection && <div role="separator" className="my-1 border-t border-slate-200 dark:border-slate-700" />}
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  aria-label={entry.name ?? entry.label}
                  aria-describedby={entry.hint ? `${menuId}-${entry.id}` : undefined}
                  aria-disabled={disabled || undefined}
                  aria-keyshortcuts={entry.keys}
                  className="flex w-full items-baseline gap-2 rounded px-2 py-1.5 text-left text-sm hover:bg-slate-100 focus:bg-slate-100 focus:outline-none aria-disabled:cursor-not-allowed aria-disabled:opacity-50 dark:hover:bg-slate-800 dark:focus:bg-slate-800"
                  onClick={() => {
                    if (disabled) return;
                    close(!entry.keepsFocus);
                    entry.run();
                  }}
                >
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="font-medium text-slate-900 dark:text-slate-100">{entry.label}</span>
                    {entry.hint && <span id={`${menuId}-${entry.id}`} className="text-xs text-slate-600 dark:text-slate-300">{entry.hint}</span>}
                  </span>
                  {entry.keys && <kbd className="shrink-0 font-sans text-xs text-slate-600 dark:text-slate-300">{entry.keys}</kbd>}
                </button>
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
