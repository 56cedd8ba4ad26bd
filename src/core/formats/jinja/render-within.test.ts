/**
 * `renderJinjaWithin` (render.ts): the render under a cap of steps, for the app's first try on
 * the page. Within the cap it is exactly `renderJinja`'s render; past it (in the run or in the
 * marked runs of span recovery) there is no answer, never a render the full budget would not give.
 */
import { describe, expect, it } from 'vitest';
import { conversation, textMessage } from '../../model/builders.ts';
import { CODES } from './codes.ts';
import { renderJinja, renderJinjaWithin } from './render.ts';

const CHATML = "{% for m in messages %}{{ '<|im_start|>' + m.role + '\\n' + (m.content | trim) + '<|im_end|>\\n' }}{% endfor %}";
const record = conversation([textMessage('user', 'hi'), textMessage('assistant', 'hello')]);

describe('renderJinjaWithin', () => {
  it('an ordinary template within the cap: the very render renderJinja gives, spans and all', () => {
    const within = renderJinjaWithin(record, { template: CHATML }, undefined, 20_000);
    const full = renderJinja(record, { template: CHATML });
    expect(within).toEqual(full);
    // Not vacuous: the fields were located.
    expect(within?.spans.some((s) => s.trainable)).toBe(true);
  });

  it('a template past the cap but within the budget: no answer (the full render finishes)', () => {
    // 3,000 loop items: about 15,000 steps, under the default budget, over a cap of 1,000.
    const template = '{% for i in range(3000) %}{{ i }}{% endfor %}';
    expect(renderJinjaWithin(record, { template }, undefined, 1_000)).toBeUndefined();
    const full = renderJinja(record, { template });
    expect(full.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(full.text.startsWith('0123')).toBe(true);
  });

  it('a run within the cap whose span recovery needs more: no answer, not a render without spans', () => {
    // The plain run is quick; each marked run loops (a marked message is longer than 5 characters).
    const template = "{% for m in messages %}{% if m.content | length > 5 %}{% for i in range(2000) %}{% endfor %}{% endif %}{{ m.content }}{% endfor %}";
    expect(renderJinjaWithin(record, { template }, undefined, 3_000)).toBeUndefined();
    const full = renderJinja(record, { template });
    expect(full.diagnostics.map((d) => d.code)).not.toContain(CODES.noSpans);
    expect(full.spans.some((s) => s.trainable)).toBe(true);
  });

  it('a hostile template: no answer, quickly (the cap, not the budget, ends it)', () => {
    const started = performance.now();
    expect(renderJinjaWithin(record, { template: '{% for i in range(100000) %}{% for j in range(100000) %}x{% endfor %}{% endfor %}' }, undefined, 20_000)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('a template error within the cap is the same error as the full render', () => {
    const template = '{{ raise_exception("no") }}';
    expect(renderJinjaWithin(record, { template }, undefined, 20_000)).toEqual(renderJinja(record, { template }));
  });

  it('a person budget smaller than the cap is the one that applies: the same over-budget render', () => {
    const options = { template: '{% for i in range(5000) %}{{ i }}{% endfor %}', budgetSteps: 10 };
    const full = renderJinja(record, options);
    expect(full.diagnostics.map((d) => d.code)).toContain(CODES.overBudget);
    // The budget ends the run before the cap: that is the person's limit, not the page's, but the
    // page still does not answer for a budget stop (the worker says it, one path for one message).
    expect(renderJinjaWithin(record, options, undefined, 20_000)).toBeUndefined();
  });
});
