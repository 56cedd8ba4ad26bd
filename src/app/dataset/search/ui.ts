/** Class lists of the dataset review tools beyond layout/ui.ts. */

/**
 * The main action (Search, Replace in N records): layout/ui.ts's primaryButton, but sky-700 in
 * the dark theme too, since white on its dark sky-600 is below the AA contrast for small text.
 */
export const actionButton =
  'inline-flex h-8 items-center gap-1.5 rounded-md bg-sky-700 px-3 text-sm font-medium text-white hover:bg-sky-800 ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500 focus-visible:ring-offset-2 disabled:opacity-50 dark:bg-sky-700 dark:hover:bg-sky-800 dark:focus-visible:ring-offset-slate-900';
