/**
 * The checks whose fixes the app offers, as plain data that crosses to the dataset worker: the
 * format shown and its options. The Fix buttons of the record in the editors and "Fix all of
 * this kind" across a dataset both diagnose with `diagnoseForView`, so the worker's count is
 * the one the person would see record by record. Core only (no store, no React): the worker loads it.
 */
import { diagnoseFor, findFormat, type Diagnose, type OptionValues } from '../../core/index.ts';

export interface FixView {
  formatId: string;
  formatOptions?: OptionValues;
}

/** The view of the store's current format (its options only when some were set). */
export function fixViewOf(state: { formatId: string; formatOptions: Readonly<Record<string, OptionValues>> }): FixView {
  const options = state.formatOptions[state.formatId];
  return options === undefined ? { formatId: state.formatId } : { formatId: state.formatId, formatOptions: options };
}

/**
 * Formats whose render's diagnostics never carry a fix: a recheck that renders them finds
 * nothing more to fix. The Jinja format's render runs a person's template (a program that can
 * loop for hours: issue 20), here on the page or in the dataset worker, so it is left out.
 */
const RENDERS_WITHOUT_FIXES: ReadonlySet<string> = new Set(['jinja']);

/** validateRecord and the format's render (the decode warnings carry no fixes). */
export function diagnoseForView(view: FixView): Diagnose {
  const format = RENDERS_WITHOUT_FIXES.has(view.formatId) ? undefined : findFormat(view.formatId);
  return diagnoseFor(format ? { format, formatOptions: view.formatOptions } : {});
}
