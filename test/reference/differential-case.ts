/**
 * One case of a differential test: a conversation rendered by the reference (an official chat
 * template through `@huggingface/jinja`) and by a Parley reader + native renderer.
 * - The reference renders → Parley reports no error (reader and renderer) and the texts are
 *   equal, byte for byte. Nothing is skipped: an error of Parley's where the reference renders
 *   is a failure, so that no difference can hide behind one.
 * - The reference raises → Parley reports an error.
 */
import { expect } from 'vitest';
import type { Rendered } from '../../src/core/formats/types.ts';
import type { DecodeResult } from '../../src/core/interchange/types.ts';
import type { ParleyRecord } from '../../src/core/model/types.ts';

/** `compared`: both rendered the same text; `rejected`: both refused it. Fails the test otherwise. */
export function checkAgainstReference(reference: () => string, decoded: DecodeResult, render: (record: ParleyRecord) => Rendered): 'compared' | 'rejected' {
  let expected: string | undefined;
  let raised: string | undefined;
  try {
    expected = reference();
  } catch (thrown) {
    raised = thrown instanceof Error ? thrown.message : String(thrown);
  }
  expect(decoded.record, 'the generator makes only decodable JSON').toBeDefined();
  if (decoded.record === undefined) throw new Error('not decodable');
  const rendered = render(decoded.record);
  const errors = [...decoded.diagnostics, ...rendered.diagnostics].filter((d) => d.severity === 'error');
  if (raised !== undefined) {
    expect(errors, `the reference raised "${raised}"; Parley must report an error`).not.toHaveLength(0);
    return 'rejected';
  }
  expect(errors.map((d) => d.message), 'the reference renders; Parley must report no error').toEqual([]);
  expect(rendered.text).toBe(expected);
  return 'compared';
}
