/** Shared Tailwind class lists of the form controls (one look for every editor, light and dark). */

export const inputClass =
  'block w-full min-w-0 rounded border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 placeholder:text-slate-400 ' +
  'focus:border-sky-500 focus:outline-none focus:ring-2 focus:ring-sky-500/30 ' +
  'aria-[invalid=true]:border-red-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500 ' +
  'dark:focus:border-sky-400 dark:aria-[invalid=true]:border-red-400';

export const monoClass = 'font-mono text-[13px] leading-5';

export const selectClass =
  'rounded border border-slate-300 bg-white px-1.5 py-1 text-sm text-slate-900 focus:border-sky-500 focus:outline-none focus:ring-2 ' +
  'focus:ring-sky-500/30 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

export const buttonClass =
  'inline-flex items-center gap-1 rounded border border-slate-300 bg-white px-2 py-0.5 text-xs font-medium text-slate-700 ' +
  'hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500 disabled:cursor-not-allowed disabled:opacity-40 ' +
  'dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-slate-700';

export const iconButtonClass =
  'inline-flex h-6 w-6 items-center justify-center rounded text-slate-500 hover:bg-slate-200 hover:text-slate-900 ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500 disabled:cursor-not-allowed disabled:opacity-30 ' +
  'dark:text-slate-400 dark:hover:bg-slate-700 dark:hover:text-slate-100';

export const smallLabelClass = 'text-[11px] font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400';

export const cardClass = 'rounded-md border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900';
