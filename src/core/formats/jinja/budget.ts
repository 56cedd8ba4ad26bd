/**
 * The budget of one template render (docs/jinja.md, "Limits"). A template is a program that
 * someone else may have written: without a budget, `range(1000000000)` aborts the process and
 * two nested `range(100000)` loops never end. The budget is counted in steps, never in seconds,
 * so that a record gives the same result on any machine and in any partition of a pipeline
 * (docs/pipelines.md). This module is plain data, loaded without the engine.
 */

/**
 * Steps one render may take by default, before the allowance of its messages (below). A step
 * is one expression or statement the interpreter evaluates, or one item of a list it builds
 * (`range`, `+` of lists, a filter's list, a loop's items: see LOOP_ITEM_STEPS). The engine
 * takes about 1.5 µs a step, so a hostile template on a short conversation stops within about
 * 1 to 2 seconds (docs/jinja.md has the measurements). Raised by the `budgetSteps` render
 * option (`--template-budget`).
 */
export const DEFAULT_TEMPLATE_BUDGET_STEPS = 1_000_000;

/**
 * Steps added to the budget for each message the template is given, so that a long
 * conversation, which real templates take time to render, fits. Measured on 2,000 messages with
 * tools: Llama 3.x, Qwen 1.5 to 3.5 and Apertus take 30 to 91 steps a message; gpt-oss, whose
 * template scans the rest of the conversation at each tool call, 3,359 (6.7 million in all).
 * 10,000 keeps it three times within. Fixed: it is the `budgetSteps` that is raised.
 */
export const TEMPLATE_STEPS_PER_MESSAGE = 10_000;

/**
 * Steps each item of a `for` loop costs, charged when the loop starts (before its body runs
 * for each item): the engine builds a scope, a `loop` object and nine values an item, measured
 * at about four times the time of an ordinary step.
 */
export const LOOP_ITEM_STEPS = 4;

/**
 * Characters the longest text a render builds may have, per step of its budget: 8,000,000 with
 * the default budget and 80,000 more a message (the engine's own limit is 536,870,888, met
 * only after a second or more of work). A longer record needs a larger `budgetSteps`.
 */
export const TEMPLATE_CHARS_PER_STEP = 8;

/**
 * How deeply the template may nest evaluations (a macro calling itself, mostly): deeper than
 * any real template (they nest under 40) and well inside the stack of a browser worker, so that
 * runaway recursion is this budget's error rather than a stack overflow. Not raised by the
 * budget: the stack does not grow with it.
 */
export const MAX_TEMPLATE_DEPTH = 1_000;

/** The budget in steps from a render option: a positive integer, else the default. */
export function resolveBudgetSteps(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : DEFAULT_TEMPLATE_BUDGET_STEPS;
}

/** The budget of a render given `messages` messages: the steps asked for and the messages' allowance. */
export function effectiveBudget(budgetSteps: number, messages: number): number {
  return budgetSteps + TEMPLATE_STEPS_PER_MESSAGE * messages;
}

/** The longest text (in UTF-16 code units, as JavaScript counts) a render with `steps` may build. */
export function maxTemplateChars(steps: number): number {
  return steps * TEMPLATE_CHARS_PER_STEP;
}
