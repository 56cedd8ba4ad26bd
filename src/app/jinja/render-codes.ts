/**
 * Diagnostic codes of the app's template renders (template-renderer.ts): what ended a render
 * that the worker did not answer. Stable: the preview and the tests key on them.
 */
export const RENDER_CODES = {
  /** The person stopped the render (Stop): the worker was ended. */
  stopped: 'jinja/stopped',
  /** The worker died (out of memory, an error it did not catch) or its render threw. */
  crashed: 'jinja/render-crashed',
  /**
   * The core's step budget ended the render (core/formats/jinja budget, another branch of issue
   * 20: CODES.overBudget there). Named here until that branch is merged; the lead points this at
   * `JINJA_CODES.overBudget` then.
   */
  overBudget: 'jinja/over-budget',
} as const;
