/**
 * Toolbar: "New", a menu button (ARIA menu pattern: arrow keys move, Escape closes and returns
 * focus) that starts an empty chat conversation or a multi-file document.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { toolbarButton } from '../layout/ui.ts';
import { NEW_RECORD_NAMES, startNewRecord, type NewRecordKind } from './new-record.ts';

const ITEMS: readonly { kind: NewRecordKind; caption: string; hint: string }[] = [
  { kind: 'chat', caption: 'Chat conversation', hint: 'messages and tools, for every format' },
  { kind: 'document', caption: 'Multi-file document', hint: 'files with text and fill-in-the-middle segments (OpenChatML)' },
];

export function NewMenu() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
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
        New
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="New"
          onKeyDown={onMenuKeyDown}
          className="absolute left-0 top-full z-40 mt-1 w-72 rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {ITEMS.map((item) => (
            <button
              key={item.kind}
              type="button"
              role="menuitem"
              tabIndex={-1}
              aria-label={`New ${NEW_RECORD_NAMES[item.kind]}`}
              className="flex w-full flex-col items-start rounded px-2 py-1.5 text-left text-sm hover:bg-slate-100 focus:bg-slate-100 focus:outline-none dark:hover:bg-slate-800 dark:focus:bg-slate-800"
              onClick={() => {
                // A new document focuses its first field; an empty chat has none, so focus goes back to the button.
                close(item.kind === 'chat');
                startNewRecord(item.kind);
              }}
            >
              <span className="font-medium text-slate-900 dark:text-slate-100">{item.caption}</span>
              <span className="text-xs text-slate-600 dark:text-slate-300">{item.hint}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
