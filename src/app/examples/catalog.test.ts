/**
 * The gallery holds the specs' examples, not inventions: every text in an example must appear
 * in the spec it cites (read from ../shared/specs/, skipped with a reason when absent).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findFormat, type ParleyRecord } from '../../core/index.ts';
import { DEFAULT_EXAMPLE_ID, EXAMPLES, defaultExample } from './catalog.ts';

const SPECS_DIR = process.env.PARLEY_SPECS_DIR ?? join(process.cwd(), '..', 'shared', 'specs');

function specText(prefix: string): string | undefined {
  if (!existsSync(SPECS_DIR)) return undefined;
  const file = readdirSync(SPECS_DIR).find((name) => name.startsWith(`${prefix}_`));
  // The spec writes JSON inside JSON ("{\"query\": …}"): compare with the escapes undone.
  return file === undefined ? undefined : readFileSync(join(SPECS_DIR, file), 'utf8').replace(/\\"/g, '"');
}

/** Every string a person wrote in the record (what the spec must show). */
function texts(record: ParleyRecord): string[] {
  if (record.kind !== 'chat') return [];
  const out: string[] = [];
  for (const message of record.messages) {
    const content = message.content;
    if (content?.type === 'text') out.push(content.text);
    if (content?.type === 'parts') for (const part of content.parts) if (part.type === 'text') out.push(part.text);
    if (content?.type === 'blocks') {
      for (const block of content.blocks) {
        if (block.type === 'thoughts' || block.type === 'response') out.push(block.text);
        if (block.type === 'tool_calls') for (const call of block.calls) out.push(call.name, call.arguments);
        if (block.type === 'tool_outputs') for (const output of block.outputs) out.push(output.output);
      }
    }
    for (const call of message.toolCalls ?? []) out.push(call.name, call.arguments);
  }
  return out;
}

/** Documented deviations (see the example's description). */
const CORRECTED: Record<string, string> = { 'The calculation shows that 25 × 4 = 100.': 'The calculation shows that 25 Ã— 4 = 100.' };

describe('examples gallery', () => {
  it('has unique ids, and the default is spec 000 Example 2', () => {
    expect(new Set(EXAMPLES.map((e) => e.id)).size).toBe(EXAMPLES.length);
    expect(DEFAULT_EXAMPLE_ID).toBe('s000-example-2');
    expect(defaultExample().title).toBe('Example 2: Structured format with tools');
  });

  it('builds fresh ids each time', () => {
    const a = defaultExample().build();
    const b = defaultExample().build();
    expect(a.kind === 'chat' && b.kind === 'chat' && a.messages[0]?.id !== b.messages[0]?.id).toBe(true);
  });

  for (const spec of ['000', '001']) {
    const text = specText(spec);
    it.skipIf(text === undefined)(`takes every text of the spec ${spec} examples from the spec itself`, () => {
      const examples = EXAMPLES.filter((e) => e.id.startsWith(`s${spec}-`));
      expect(examples.length).toBeGreaterThan(5);
      for (const example of examples) {
        for (const t of texts(example.build())) expect(text, `${example.id}: ${JSON.stringify(t)}`).toContain(CORRECTED[t] ?? t);
      }
    });
  }

  it('sets only options its format has', () => {
    for (const example of EXAMPLES) {
      const keys = findFormat(example.formatId)?.options.map((option) => option.key) ?? [];
      for (const key of Object.keys(example.options)) expect(keys, `${example.id}: ${key}`).toContain(key);
    }
  });

  it('renders every example with its format without throwing', () => {
    for (const example of EXAMPLES) {
      const format = findFormat(example.formatId);
      expect(format, example.formatId).toBeDefined();
      const rendered = format?.render(example.build(), example.options);
      expect(rendered?.text.length, example.id).toBeGreaterThan(0);
    }
  });

  it('shows the inconsistency error in the examples that are invalid, and none in the complete examples', () => {
    const errors = (id: string) => {
      const example = EXAMPLES.find((e) => e.id === id);
      if (!example) throw new Error(id);
      return findFormat(example.formatId)?.render(example.build(), example.options).diagnostics.filter((d) => d.severity === 'error') ?? [];
    };
    for (const id of ['s000-invalid-mixed-assistants', 's001-invalid-mixed', 's001-validation-inconsistent']) expect(errors(id).length, id).toBeGreaterThan(0);
    for (const id of ['s000-example-1', 's000-example-2', 's001-structured-response', 's001-tool-message-valid']) expect(errors(id), id).toEqual([]);
  });
});
