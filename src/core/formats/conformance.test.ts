/**
 * The contract every registered format keeps (types.ts; docs/architecture.md, 'Contract: format'), checked
 * the same way for each: a format added to the registry is checked here without a line of its
 * own. The format's own tests check its text; these check what the app and the CLI rely on
 * whatever the format: spans that tile the text and point at real fields, options with valid
 * defaults, documented special tokens, determinism, parse∘render, and the diagnostics' shape.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  blocksMessage,
  conversation,
  documentFile,
  documentRecord,
  fimPart,
  partsMessage,
  response,
  textMessage,
  textPart,
  thoughts,
  toolCall,
  toolCalls,
  toolDefinition,
  toolOutput,
  toolOutputs,
} from '../model/builders.ts';
import type { Diagnostic } from '../model/diagnostic.ts';
import type { FieldPath } from '../model/path.ts';
import type { ParleyRecord } from '../model/types.ts';
import type { OptionValues } from '../shared/options.ts';
import { FORMATS } from './registry.ts';
import type { Format, Rendered } from './types.ts';

const WEATHER = toolDefinition('get_weather', 'Current weather in a city.', { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] });

/** Conversations every format is asked to render: the shapes the gallery and the specs use most. */
const SAMPLES: { name: string; record: () => ParleyRecord }[] = [
  { name: 'empty conversation', record: () => conversation([]) },
  { name: 'system, user, assistant', record: () => conversation([textMessage('system', 'Be brief.'), textMessage('user', 'Capital of France?'), textMessage('assistant', 'Paris.')]) },
  { name: 'user parts and an assistant with thoughts', record: () => conversation([partsMessage('user', [textPart('Think first.')]), blocksMessage([thoughts('Easy one.'), response('Done.')])]) },
  {
    name: 'a tool call and its result',
    record: () =>
      conversation(
        [
          textMessage('user', 'Weather in Bern?'),
          blocksMessage([toolCalls([toolCall('get_weather', '{"city": "Bern"}', { callId: 'call_1' })]), toolOutputs([toolOutput('{"temp": 21}', { callId: 'call_1' })]), response('21 degrees.')]),
        ],
        [WEATHER],
      ),
  },
  { name: 'a legacy tool message', record: () => conversation([textMessage('user', 'Weather?'), textMessage('assistant', 'Checking.', { toolCalls: [toolCall('get_weather', '{"city": "Bern"}', { callId: 'c1' })] }), textMessage('tool', '{"temp": 21}', { toolCallId: 'c1' })], [WEATHER]) },
  { name: 'special-looking text and unicode', record: () => conversation([textMessage('user', 'Tags <b> & "quotes" \\ 😀 é\nsecond line'), textMessage('assistant', 'OK.')]) },
  { name: 'a document with a FIM segment', record: () => documentRecord([documentFile([textPart('# notes\n')], 'a.md'), documentFile([fimPart('def f(', 'x', '):\n    pass')], 'b.py')]) },
];

/** The value at `path` inside `record`, or undefined when a segment does not exist. */
function resolve(record: unknown, path: FieldPath): { found: boolean } {
  let node: unknown = record;
  for (const segment of path) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, segment)) return { found: false };
    node = (node as Record<string | number, unknown>)[segment];
  }
  return { found: true };
}

function checkSpans(rendered: Rendered, record: ParleyRecord): void {
  const { text, spans } = rendered;
  let at = 0;
  for (const span of spans) {
    // Sorted, not overlapping, no gap: each span starts where the previous one ended.
    expect(span.start, `span ${JSON.stringify(span)} starts at ${at}`).toBe(at);
    expect(span.end).toBeGreaterThan(span.start);
    expect(span.end).toBeLessThanOrEqual(text.length);
    expect(['special', 'content', 'structure']).toContain(span.kind);
    expect(typeof span.trainable).toBe('boolean');
    expect(resolve(record, span.path).found, `span path ${JSON.stringify(span.path)} is a field of the record`).toBe(true);
    at = span.end;
  }
  expect(at, 'the spans cover the whole text').toBe(text.length);
}

function checkDiagnostics(diagnostics: readonly Diagnostic[], record: ParleyRecord): void {
  for (const d of diagnostics) {
    expect(['error', 'warning', 'info']).toContain(d.severity);
    expect(d.code).toMatch(/^[a-z0-9][a-z0-9-]*(\/[a-z0-9-]+)*$/);
    expect(d.message.trim().length).toBeGreaterThan(0);
    if (d.path !== undefined) {
      expect(d.path.every((s) => typeof s === 'string' || typeof s === 'number')).toBe(true);
      // A path may name a field that is missing (that is often the problem), but its parent exists.
      expect(resolve(record, d.path.slice(0, -1)).found, `diagnostic path ${JSON.stringify(d.path)}`).toBe(true);
    }
  }
}

/** Every value an option can take other than its default (booleans flipped, each enum choice). */
function otherValues(format: Format<OptionValues>): Partial<OptionValues>[] {
  return format.options.flatMap((option): Partial<OptionValues>[] => {
    if (option.type === 'boolean') return [{ [option.key]: !option.default }];
    if (option.type === 'enum') return option.choices.filter((c) => c !== option.default).map((c) => ({ [option.key]: c }));
    return [];
  });
}

const expressible = (rendered: Rendered): boolean => rendered.diagnostics.every((d) => d.severity === 'info');

describe.each(FORMATS.map((format) => [format.id, format] as const))('format %s keeps the format contract', (_id, format) => {
  beforeAll(async () => {
    await format.prepare?.();
  });
  const samples = SAMPLES.filter((sample) => format.recordKinds.includes(sample.record().kind));

  it('describes itself and its options, each with a valid default', () => {
    expect(format.label.trim()).not.toBe('');
    expect(format.description.trim()).not.toBe('');
    expect(format.recordKinds.length).toBeGreaterThan(0);
    expect(new Set(format.options.map((o) => o.key)).size).toBe(format.options.length);
    for (const option of format.options) {
      expect(option.label.trim(), option.key).not.toBe('');
      expect(option.description.trim(), option.key).not.toBe('');
      expect(format.defaults[option.key], `defaults.${option.key}`).toEqual(option.default);
      switch (option.type) {
        case 'boolean':
          expect(typeof option.default).toBe('boolean');
          break;
        case 'string':
          expect(typeof option.default).toBe('string');
          break;
        case 'date':
          expect(option.default === null || /^\d{4}-\d{2}-\d{2}$/.test(option.default)).toBe(true);
          break;
        case 'enum':
          expect(option.choices).toContain(option.default);
          break;
      }
    }
  });

  it('documents every special token in one line', () => {
    expect(format.specialTokens.length).toBeGreaterThan(0);
    expect(new Set(format.specialTokens.map((t) => t.token)).size).toBe(format.specialTokens.length);
    for (const { token, doc } of format.specialTokens) {
      expect(token).not.toBe('');
      expect(doc.trim(), token).not.toBe('');
      expect(doc, token).not.toContain('\n');
    }
  });

  it.each(samples.map((s) => [s.name, s] as const))('renders "%s" with spans that tile the text and name fields, deterministically', (_name, sample) => {
    const record = sample.record();
    const rendered = format.render(record);
    checkSpans(rendered, record);
    checkDiagnostics(rendered.diagnostics, record);
    expect(format.render(record)).toEqual(rendered);
    for (const options of otherValues(format)) {
      const other = format.render(record, options);
      checkSpans(other, record);
      checkDiagnostics(other.diagnostics, record);
    }
  });

  it.each(samples.map((s) => [s.name, s] as const))('reads back "%s" to a record that renders the same text, when the format expresses it fully', (_name, sample) => {
    const record = sample.record();
    const rendered = format.render(record);
    if (!expressible(rendered) || format.parsesBack === false) return;
    const parsed = format.parse(rendered.text);
    expect(parsed.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    checkDiagnostics(parsed.diagnostics, parsed.record);
    expect(format.render(parsed.record).text).toBe(rendered.text);
  });

  it('a record kind it does not render is a diagnostic, not a throw', () => {
    const other = (['chat', 'document'] as const).find((kind) => !format.recordKinds.includes(kind));
    if (other === undefined) return;
    const record = other === 'chat' ? conversation([textMessage('user', 'hi')]) : documentRecord([documentFile([textPart('x')])]);
    const rendered = format.render(record);
    expect(rendered.diagnostics.some((d) => d.severity === 'error')).toBe(true);
    checkDiagnostics(rendered.diagnostics, record);
  });
});
