/** Tailwind class lists of the shell's controls (toolbar, dialogs, panels), light and dark. */

// shrink-0 and nowrap: a button in a narrow row keeps its whole label on one line (the layout test,
// e2e/layout-widths.spec.ts, fails on a label cut or wrapped out of its box).
export const toolbarButton =
  'inline-flex h-8 shrink-0 items-center gap-1.5 whitespace-nowrap rounded-md border border-slate-300 bg-white px-2.5 text-sm font-medium text-slate-800 shadow-xs ' +
  'hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500 disabled:cursor-not-allowed disabled:opacity-50 ' +
  'dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700';

/** A smaller toolbar button, for rows of many actions in a narrow panel (the dataset's review keys). */
export const compactButton = toolbarButton.replace('h-8', 'h-7').replace('px-2.5 text-sm', 'px-2 text-xs');

export const primaryButton =
  'inline-flex h-8 items-center gap-1.5 rounded-md bg-sky-700 px-3 text-sm font-medium text-white hover:bg-sky-800 ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500 focus-visible:ring-offset-2 disabled:opacity-50 dark:bg-sky-600 dark:hover:bg-sky-500 dark:focus-visible:ring-offset-slate-900';

export const toolbarSelect =
  'h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-sky-500 focus:outline-none focus:ring-2 focus:ring-sky-500/30 ' +
  'dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100';

export const toolbarInput =
  'h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-sky-500 focus:outline-none focus:ring-2 focus:ring-sky-500/30 ' +
  'dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:[color-scheme:dark]';

export const mutedText = 'text-slate-600 dark:text-slate-300';

/** A persistent warning under the toolbar (stored data that needs a choice), until resolved. */
export const warningBanner =
  'flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50';
