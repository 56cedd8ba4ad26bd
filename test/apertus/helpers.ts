/** Shared by the Apertus tests: Apertus JSON → decode → native render, and the reference render. */
import { expect } from 'vitest';
import { render } from '../../src/core/formats/apertus/render.ts';
import type { ApertusOptions } from '../../src/core/formats/apertus/options.ts';
import type { Rendered } from '../../src/core/formats/types.ts';
import type { Diagnostic } from '../../src/core/model/diagnostic.ts';
import type { Conversation } from '../../src/core/model/types.ts';
import { apertusJsonCodec } from '../../src/core/interchange/apertus-json/index.ts';
import { referenceAvailable, renderReference, type ReferenceOptions } from '../reference/apertus-template.ts';

export const PINNED: ReferenceOptions = { bosToken: '<s>', enableThinking: true, addGenerationPrompt: false, date: '2025-08-25' };

/** The start every render without a system message shares (with PINNED options). */
export const DEFAULT_HEAD =
  '<s><|system_start|>You are Apertus, a helpful assistant created by the SwissAI initiative.\nKnowledge cutoff: 2024-04\nCurrent date: 2025-08-25<|system_end|><|developer_start|>Deliberation: enabled\nTool Capabilities: disabled<|developer_end|>';

export function decode(json: unknown): { conversation: Conversation; diagnostics: Diagnostic[] } {
  const result = apertusJsonCodec.decode(json);
  if (result.record?.kind !== 'chat') throw new Error(`not decodable: ${JSON.stringify(result.diagnostics)}`);
  return { conversation: result.record, diagnostics: result.diagnostics };
}

/** Decode + native render; the diagnostics of both. */
export function renderJson(json: unknown, options: Partial<ApertusOptions> = PINNED): Rendered {
  const { conversation, diagnostics } = decode(json);
  const rendered = render(conversation, options);
  return { ...rendered, diagnostics: [...diagnostics, ...rendered.diagnostics] };
}

/** The reference's render, or the message it raised. */
export function referenceOutcome(json: unknown, options: ReferenceOptions = PINNED): { text: string } | { raised: string } {
  try {
    return { text: renderReference(json, options) };
  } catch (thrown) {
    return { raised: thrown instanceof Error ? thrown.message : String(thrown) };
  }
}

export function errorCodes(rendered: Rendered): string[] {
  return rendered.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code);
}

/**
 * The native render of `json` is `expected` with no errors, and (when the reference template is
 * present) the reference render is `expected` too: a hand-written expectation checked both ways.
 * Options the template has no variable for (`objectMapArguments`) reach only the native render.
 */
export function expectRender(json: unknown, expected: string, options: ReferenceOptions & Partial<ApertusOptions> = PINNED): Rendered {
  const rendered = renderJson(json, options);
  if (referenceAvailable) expect(referenceOutcome(json, options)).toEqual({ text: expected });
  expect(errorCodes(rendered)).toEqual([]);
  expect(rendered.text).toBe(expected);
  return rendered;
}
