/**
 * Diagnostic codes of the app's template renders (template-renderer.ts): what ended a render
 * that the worker did not answer. Stable: the preview and the tests key on them.
 */
// The file, not core's index: plain data, and the core's index does not name the Jinja codes.
import { CODES as JINJA_CODES } from '../../core/formats/jinja/codes.ts';

export const RENDER_CODES = {
  /** The person stopped the render (Stop): the worker was ended. */
  stopped: 'jinja/stopped',
  /** The worker died (out of memory, an error it did not catch) or its render threw. */
  crashed: 'jinja/render-crashed',
  /** The core's step budget ended the render (core/formats/jinja/budget.ts): the core's code, one source of truth. */
  overBudget: JINJA_CODES.overBudget,
} as const;
