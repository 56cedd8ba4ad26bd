/**
 * `@huggingface/jinja` and the templates it compiled. This module and everything that imports
 * it (render.ts) are loaded on demand through `jinjaFormat.prepare` (index.ts), so that the app's
 * start-up bundle and the command's start-up do not carry the engine.
 *
 * The engine's own `Template.render` defines `raise_exception` and `strftime_now` and refuses
 * variables of those names, so we run the interpreter ourselves with the same globals, except
 * that `strftime_now` reads the date we give (the `date` option) and each `raise_exception`
 * call of the source throws where it stands (raise-sites.ts).
 */
import * as hf from '@huggingface/jinja';
import { strftime } from './strftime.ts';
import { locateSyntaxError, type TemplatePosition } from './syntax-position.ts';
import { findRaiseSites, type RaiseSite } from './raise-sites.ts';
import { DEFAULT_TEMPLATE_BUDGET_STEPS, effectiveBudget } from './budget.ts';
import { charsMessage, MeteredInterpreter, OverBudget } from './metered-interpreter.ts';

type HfJinja = typeof hf;
type Program = InstanceType<HfJinja['Template']>['parsed'];

/** A compile or render failure, with its place in the template source when it is known. */
export class TemplateFailure extends Error {
  constructor(
    message: string,
    readonly kind: 'syntax' | 'raise' | 'runtime' | 'budget',
    readonly position: TemplatePosition | undefined,
  ) {
    super(message);
  }
}

/** The names the engine defines itself: a variable cannot take them. */
export const RESERVED_VARIABLES: ReadonlySet<string> = new Set(['true', 'false', 'none', 'True', 'False', 'None', 'range', 'raise_exception', 'strftime_now']);

/**
 * The steps of a budget (budget.ts, before the messages' allowance) and those already spent by
 * earlier runs sharing it (the renders of span recovery share one); `spent` is updated.
 */
export interface StepAccount {
  budgetSteps: number;
  spent: number;
  /**
   * At most this many steps, whatever the budget and its messages' allowance: a run that needs
   * more ends over budget although the budget would let it finish (the app's first try on the
   * page, render.ts `renderJinjaWithin`). Unset: the budget alone.
   */
  cap?: number;
}

export interface CompiledTemplate {
  /** The render; throws TemplateFailure. `date` is YYYY-MM-DD (null: today). */
  run(variables: Readonly<Record<string, unknown>>, date: string | null, account?: StepAccount): string;
}

/** Python's range, its length charged to the budget before the list is built. */
function meteredRange(meter: MeteredInterpreter) {
  return (start: number, stop?: number, step = 1): number[] => {
    const [from, to] = stop === undefined ? [0, start] : [start, stop];
    // A string or a NaN here would make the loop below endless (and the charge NaN).
    if (![from, to, step].every((n) => typeof n === 'number' && Number.isFinite(n))) throw new Error('range() takes numbers');
    if (step === 0) throw new Error('range() step must not be zero');
    meter.charge(Math.max(0, Math.ceil((to - from) / step)));
    const out: number[] = [];
    for (let i = from; step > 0 ? i < to : i > to; i += step) out.push(i);
    return out;
  };
}

/** The engine's own size limits, met by a join or a loop's output: over budget too. */
const ENGINE_SIZE_LIMIT = /^Invalid (string|array) length/;

class Compiled implements CompiledTemplate {
  constructor(
    private readonly hf: HfJinja,
    private readonly program: Program,
    private readonly sites: readonly RaiseSite[],
  ) {}

  run(variables: Readonly<Record<string, unknown>>, date: string | null, account: StepAccount = { budgetSteps: DEFAULT_TEMPLATE_BUDGET_STEPS, spent: 0 }): string {
    const env = new this.hf.Environment();
    const messages = Array.isArray(variables.messages) ? variables.messages.length : 0;
    const budget = effectiveBudget(account.budgetSteps, messages);
    const interpreter = new MeteredInterpreter(env, budget, account.spent, account.cap === undefined ? budget : Math.min(budget, account.cap));
    const globals: Record<string, unknown> = {
      false: false, true: true, none: null, False: false, True: true, None: null,
      range: meteredRange(interpreter),
      raise_exception: (message: unknown) => {
        throw new TemplateFailure(String(message), 'raise', undefined);
      },
      strftime_now: (format: unknown) => strftime(date, String(format)),
    };
    this.sites.forEach((site) => {
      globals[site.name] = (message: unknown) => {
        throw new TemplateFailure(String(message), 'raise', site.position);
      };
    });
    for (const [key, value] of Object.entries(globals)) env.set(key, value);
    for (const [key, value] of Object.entries(variables)) if (!(key in globals)) env.set(key, value);
    try {
      const result = interpreter.run(this.program);
      return String(result.value);
    } catch (caught) {
      if (caught instanceof TemplateFailure) throw caught;
      if (caught instanceof OverBudget) throw new TemplateFailure(caught.message, 'budget', undefined);
      if (caught instanceof RangeError && ENGINE_SIZE_LIMIT.test(caught.message)) throw new TemplateFailure(charsMessage(budget), 'budget', undefined);
      throw new TemplateFailure(caught instanceof Error ? caught.message : String(caught), 'runtime', undefined);
    } finally {
      account.spent = interpreter.stepsTaken;
    }
  }
}

/** Templates compiled lately (the preview and Compare use one or two; editing makes more). */
const CACHE_SIZE = 6;
const cache = new Map<string, CompiledTemplate | TemplateFailure>();

/** The template compiled (cached by source); throws TemplateFailure (syntax). */
export function compileTemplate(source: string): CompiledTemplate {
  let entry = cache.get(source);
  if (entry === undefined) {
    entry = compile(source);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(source, entry);
  }
  if (entry instanceof TemplateFailure) throw entry;
  return entry;
}

function compile(source: string): CompiledTemplate | TemplateFailure {
  const { text, sites } = findRaiseSites(source);
  try {
    return new Compiled(hf, new hf.Template(text).parsed, sites);
  } catch (caught) {
    const message = caught instanceof Error ? caught.message : String(caught);
    // Located in the source as written (renaming raise_exception calls moves no other token).
    return new TemplateFailure(message, 'syntax', locateSyntaxError(hf, source));
  }
}
