/**
 * The render budget (budget.ts): hostile templates end with that record's `jinja/over-budget`
 * error, quickly, instead of aborting the process (range(1e9)), never ending (nested loops) or
 * filling the memory (text that doubles); a template that needs more passes once the budget is
 * raised. Each test has a time limit of its own: before the budget, each of these hung or died.
 */
import { describe, expect, it } from 'vitest';
import { conversation, textMessage } from '../../model/builders.ts';
import type { Rendered } from '../types.ts';
import { DEFAULT_TEMPLATE_BUDGET_STEPS, effectiveBudget, MAX_TEMPLATE_DEPTH } from './budget.ts';
import { CODES } from './codes.ts';
import { renderJinja } from './render.ts';

const record = conversation([textMessage('user', 'hi')]);
/** Well past what a budgeted render takes (about a second here), well short of a hang. */
const QUICKLY = 15_000;

function errors(rendered: Rendered): { code: string; message: string }[] {
  return rendered.diagnostics.filter((d) => d.severity === 'error').map(({ code, message }) => ({ code, message }));
}

/** `raisable`: the message says how to raise the budget (the depth limit is not raised). */
function expectOverBudget(template: string, raisable = true): string {
  const rendered = renderJinja(record, { template });
  const found = errors(rendered);
  expect(found.map((e) => e.code)).toEqual([CODES.overBudget]);
  expect(rendered.text).toBe('');
  const message = found[0]?.message ?? '';
  expect(message).toMatch(/^The template ran past its budget/);
  if (raisable) expect(message).toContain('--template-budget');
  return message;
}

describe('the template budget', () => {
  it('range(1000000000) is over budget before the list is built (it aborted V8)', () => {
    const message = expectOverBudget('{% for i in range(1000000000) %}x{% endfor %}');
    // The budget named: the default and the allowance of the one message.
    expect(message).toContain(`${effectiveBudget(DEFAULT_TEMPLATE_BUDGET_STEPS, 1).toLocaleString('en-US')} steps`);
  }, QUICKLY);

  it('nested range(100000) loops end (they never did)', () => {
    expectOverBudget('{% for a in range(100000) %}{% for b in range(100000) %}{{ a }}{% endfor %}{% endfor %}');
  }, QUICKLY);

  it('a loop over the messages inside a long loop is charged for its items', () => {
    expectOverBudget('{% for a in range(100000) %}{% for m in messages %}{% endfor %}{% endfor %}');
  }, QUICKLY);

  it('a huge join is over budget (its list is charged as it is built)', () => {
    expectOverBudget("{{ range(10**9) | join('a') }}");
  }, QUICKLY);

  it('text that doubles at each step stops at the text cap, whether by ~ or +', () => {
    for (const op of ['~', '+']) {
      const message = expectOverBudget(`{% set ns = namespace(s='ab') %}{% for i in range(60) %}{% set ns.s = ns.s ${op} ns.s %}{% endfor %}{{ ns.s }}`);
      expect(message).toContain('characters');
    }
  }, QUICKLY);

  it('output that grows without bound stops', () => {
    expectOverBudget("{% set s = range(100000) | join('') %}{% for i in range(100000) %}{{ s }}{% endfor %}");
  }, QUICKLY);

  it('a list that doubles stops', () => {
    expectOverBudget('{% set ns = namespace(a=[1]) %}{% for i in range(60) %}{% set ns.a = ns.a + ns.a %}{% endfor %}{{ ns.a | length }}');
  }, QUICKLY);

  it('a macro calling itself twice (2^60 calls) stops on steps; one calling itself without end, on depth', () => {
    expectOverBudget('{% macro f(n) %}{% if n > 0 %}{{ f(n-1) }}{{ f(n-1) }}{% endif %}{% endmacro %}{{ f(60) }}');
    const deep = expectOverBudget('{% macro f(n) %}{% if n < 100000 %}{{ f(n+1) }}{% endif %}{% endmacro %}{{ f(0) }}', false);
    expect(deep).toContain(`${MAX_TEMPLATE_DEPTH.toLocaleString('en-US')} levels`);
  }, QUICKLY);

  it("string repetition ('a' * 10**9) is not in the engine: a template error at once, nothing allocated", () => {
    const rendered = renderJinja(record, { template: "{{ 'a' * 10**9 }}" });
    expect(errors(rendered).map((e) => e.code)).toEqual([CODES.templateError]);
  }, QUICKLY);

  it('range() of strings is refused (its loop never ended)', () => {
    const rendered = renderJinja(record, { template: "{{ range('a', 'b') }}" });
    expect(errors(rendered)).toEqual([{ code: CODES.templateError, message: expect.stringContaining('range() takes numbers') }]);
  }, QUICKLY);

  it('a template that needs more steps renders once budgetSteps is raised', () => {
    // 300,000 loop items at 5 steps each (the range's item and the loop's 4) need 1.5 million steps.
    const template = '{% for i in range(300000) %}{% endfor %}done';
    expectOverBudget(template);
    const raised = renderJinja(record, { template, budgetSteps: 2_000_000 }, { spans: false });
    expect(errors(raised)).toEqual([]);
    expect(raised.text).toBe('done');
  }, QUICKLY);

  it('a long conversation gets an allowance per message', () => {
    // 1,200,000 steps: over the default budget for one message, within it for 100 (1,000,000 + 100 × 10,000).
    const template = '{% for i in range(240000) %}{% endfor %}done';
    expectOverBudget(template);
    const long = conversation(Array.from({ length: 100 }, (_, i) => textMessage('user', `m${i}`)));
    expect(renderJinja(long, { template }, { spans: false }).text).toBe('done');
  }, QUICKLY);

  it('the renders of span recovery share one budget: nearly a budget of work is not done nine times', () => {
    // About 950,000 steps a render: the plain render fits; recovery has room for one marked render only.
    const template = "{% for i in range(190000) %}{% endfor %}{{ messages[0].content[:1] }}";
    const started = performance.now();
    const rendered = renderJinja(record, { template });
    expect(rendered.text).toBe('h');
    expect(errors(rendered)).toEqual([]);
    // Recovery gave up (the marked text differs and it ran out of budget): the text has no spans.
    expect(rendered.diagnostics.map((d) => d.code)).toContain(CODES.notLocated);
    expect(performance.now() - started).toBeLessThan(QUICKLY);
  }, QUICKLY);

  it('an ordinary template renders as before, budget or none', () => {
    const rendered = renderJinja(conversation([textMessage('user', 'hi'), textMessage('assistant', 'hello')]), {});
    expect(rendered.text).toBe('<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\nhello<|im_end|>\n');
    expect(errors(rendered)).toEqual([]);
  });
});
