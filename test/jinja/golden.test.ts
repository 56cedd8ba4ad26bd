/**
 * The Jinja format against the six template/data/target triples of huggingface.js's own e2e
 * suite (`../shared/reference/hf-jinja-golden/`, the date pinned to 2025-07-10 as there): the
 * data read as OpenAI chat JSON, every key but `messages` passed as a variable, byte for byte.
 * Through the library here, through the command in test/cli/jinja.test.ts. Spans are recovered
 * on the same renders: each located field's span holds exactly its text.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeOpenAiChat } from '../../src/core/interchange/openai-chat/index.ts';
import { jinjaFormat } from '../../src/core/formats/jinja/index.ts';
import { GOLDEN_SKIP, goldenAvailable as available, goldenTriples } from './golden.ts';

const triples = goldenTriples();

describe.skipIf(!available)('Jinja format: huggingface.js golden renders', () => {
  beforeAll(() => jinjaFormat.prepare?.());

  it('holds six triples', () => expect(triples.length).toBe(6));

  it.each(triples)('%s renders byte for byte, with exact spans', (_model, { chat_template, data, target }) => {
    const { record, diagnostics } = decodeOpenAiChat(data);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    if (!record) throw new Error('not readable');
    const rendered = jinjaFormat.render(record, { template: chat_template, date: '2025-07-10' });
    expect(rendered.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(rendered.text).toBe(target);
    const content = rendered.spans.filter((s) => s.kind === 'content');
    expect(content.length).toBeGreaterThan(0);
    for (const span of content) {
      let node: unknown = record;
      for (const key of span.path) node = (node as Record<string | number, unknown>)[key];
      const text = typeof node === 'string' ? node : (node as { text: string }).text;
      expect(rendered.text.slice(span.start, span.end)).toBe(text);
    }
  });
});

if (!available) describe.skip(GOLDEN_SKIP, () => it('skipped', () => undefined));
