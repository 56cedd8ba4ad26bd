/**
 * Round-trip property of Parley JSON: decode(encode(r)) equals r, ids aside, for generated
 * records of every kind (chat conversations and documents) with every field the model has,
 * through JSON text as files are. The generated records put `id` keys inside data (unknown
 * fields, value parts, schemas, unknown blocks' raw source), which must survive: only the ids
 * of model objects are left out and regenerated.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Block, Part, ParleyRecord } from '../../model/types.ts';
import { ID, modelRecord } from '../shared/test-model-records.ts';
import { decodeParleyJson, encodeParleyJson } from './index.ts';

/**
 * The ids of model objects, collected and replaced by `ID` (written here, apart from the
 * codec's own walk, so that a walk that touches the wrong objects cannot hide itself).
 */
function normaliseIds(value: ParleyRecord): { record: ParleyRecord; ids: string[] } {
  const ids: string[] = [];
  const swap = <T extends { id: string }>(node: T): T => {
    ids.push(node.id);
    return { ...node, id: ID };
  };
  const parts = (list: Part[]) => list.map(swap);
  const blocks = (list: Block[]) =>
    list.map((b) => {
      const node = swap(b);
      if (node.type === 'tool_calls') return { ...node, calls: node.calls.map(swap) };
      if (node.type === 'tool_outputs') return { ...node, outputs: node.outputs.map(swap) };
      return node;
    });
  if (value.kind === 'document') return { record: { ...value, files: value.files.map((f) => ({ ...swap(f), parts: parts(f.parts) })) }, ids };
  const messages = value.messages.map((m) => {
    const node = swap(m);
    if (node.toolCalls) node.toolCalls = node.toolCalls.map(swap);
    if (node.content?.type === 'parts') node.content = { ...node.content, parts: parts(node.content.parts) };
    if (node.content?.type === 'blocks') node.content = { ...node.content, blocks: blocks(node.content.blocks) };
    return node;
  });
  return { record: { ...value, messages, tools: value.tools.map(swap) }, ids };
}

describe('Parley JSON round trip', () => {
  it('decode(encode(r)) equals r, ids aside, and the ids are fresh and distinct', () => {
    fc.assert(
      fc.property(modelRecord, (original) => {
        const encoded = encodeParleyJson(original);
        expect(encoded.diagnostics).toEqual([]);
        const text = JSON.stringify(encoded.json);
        const decoded = decodeParleyJson(JSON.parse(text));
        expect(decoded.diagnostics).toEqual([]);
        if (!decoded.record) throw new Error('unreadable');
        const { record: back, ids } = normaliseIds(decoded.record);
        expect(back).toEqual(original);
        expect(ids.every((i) => typeof i === 'string' && i !== '' && i !== ID)).toBe(true);
        expect(new Set(ids).size).toBe(ids.length);
      }),
      { numRuns: 400 },
    );
  });
});
