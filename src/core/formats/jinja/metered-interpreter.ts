/**
 * `@huggingface/jinja`'s interpreter with a budget (budget.ts): every node it evaluates goes
 * through the public `evaluate` method (the library's own evaluators call `this.evaluate` for
 * each child), so overriding it counts every step, sees every value built and how deeply the
 * evaluation nests. A render over budget throws OverBudget, which ends that record's render.
 *
 * What the hook alone cannot see is charged where it happens: `range` (engine.ts) charges its
 * length before it allocates the list, and the engine's own string limit (a RangeError from a
 * join or a loop's output past 536,870,888 characters) is reported as over budget too.
 */
import * as hf from '@huggingface/jinja';
import { LOOP_ITEM_STEPS, MAX_TEMPLATE_DEPTH, maxTemplateChars } from './budget.ts';

/**
 * What this file uses of the library's interpreter, typed here: its own .d.ts files import
 * without extensions and do not resolve under NodeNext (tsconfig.build.json, the library build).
 */
interface Statement {
  type: string;
}
interface Value {
  value: unknown;
}
interface Interpreter {
  evaluate(statement: Statement | undefined, environment: object): Value;
  run(program: object): Value;
}
const Interpreter = hf.Interpreter as unknown as new (environment: object) => Interpreter;

/** A render went past its budget; the message names the limit and how to raise it. */
export class OverBudget extends Error {}

const count = (n: number): string => n.toLocaleString('en-US');
const RAISE = 'raise it with the budgetSteps render option (--template-budget on the command line)';

/** The message of a render that took more steps than its budget allows. */
export function stepsMessage(budget: number): string {
  return `The template ran past its budget of ${count(budget)} steps (evaluated expressions and list items); ${RAISE} if the template really needs more.`;
}

/** The message of a render that built a text longer than the budget allows. */
export function charsMessage(budget: number): string {
  return `The template ran past its budget: it built a text longer than ${count(maxTemplateChars(budget))} characters (${count(maxTemplateChars(1))} a step of its ${count(budget)}-step budget); ${RAISE} if the template really needs more.`;
}

/** The message of a render that nested deeper than any template needs (runaway recursion). */
export function depthMessage(): string {
  return `The template ran past its budget: its evaluation nested deeper than ${count(MAX_TEMPLATE_DEPTH)} levels (a macro calling itself without end?). This limit protects the stack and is not raised by the step budget.`;
}

/**
 * Node types whose list result costs a step an item: lists built by `+`, a filter or a slice
 * (a plain member such as `message.tool_calls` is charged too, a small cost). A name only hands
 * on a list that already exists (the messages), and a call's list is `range`'s, charged before
 * it is built.
 */
const BUILDS_LISTS: ReadonlySet<string> = new Set(['BinaryExpression', 'FilterExpression', 'FilterStatement', 'MemberExpression']);

export class MeteredInterpreter extends Interpreter {
  private steps = 0;
  private depth = 0;
  private readonly maxChars: number;
  /** The iterables of the `for` loops entered: their items are charged before the loop runs. */
  private readonly loopIterables = new WeakSet<object>();

  /**
   * `spent`: steps that earlier runs sharing this budget took. `stepLimit`: the steps this run
   * may reach, when fewer than the budget (the app's first try on the page, StepAccount.cap);
   * the text length stays the budget's, so that a run within the limit ends as the full one does.
   */
  constructor(
    env: object,
    private readonly budget: number,
    spent = 0,
    private readonly stepLimit = budget,
  ) {
    super(env);
    this.steps = spent;
    this.maxChars = maxTemplateChars(budget);
  }

  /** Counts `n` steps; throws OverBudget past the budget (before the work they stand for). */
  charge(n: number): void {
    this.steps += n;
    if (this.steps > this.stepLimit) throw new OverBudget(stepsMessage(this.stepLimit));
  }

  /** Steps taken so far, with those spent before this run. */
  get stepsTaken(): number {
    return this.steps;
  }

  override evaluate(statement: Statement | undefined, environment: object): Value {
    this.charge(1);
    if (++this.depth > MAX_TEMPLATE_DEPTH) throw new OverBudget(depthMessage());
    if (statement?.type === 'For') this.loopIterables.add(loopIterable(statement));
    let value: Value;
    try {
      value = super.evaluate(statement, environment);
    } finally {
      this.depth--;
    }
    if (statement !== undefined) this.check(value, statement);
    return value;
  }

  private check(value: Value, statement: Statement): void {
    const inner: unknown = value.value;
    if (typeof inner === 'string') {
      if (inner.length > this.maxChars) throw new OverBudget(charsMessage(this.budget));
      return;
    }
    const items = Array.isArray(inner) ? inner.length : inner instanceof Map ? inner.size : 0;
    if (this.loopIterables.has(statement)) this.charge(items * LOOP_ITEM_STEPS);
    if (Array.isArray(inner) && BUILDS_LISTS.has(statement.type)) this.charge(items);
  }
}

/** The node a `for` loop iterates over (`for x in xs if test`: the `xs`). */
function loopIterable(loop: object): object {
  // The library does not export its AST classes; a For node has an `iterable` node.
  const iterable = (loop as { iterable: { type: string; lhs?: object } }).iterable;
  return iterable.type === 'SelectExpression' && iterable.lhs !== undefined ? iterable.lhs : iterable;
}
