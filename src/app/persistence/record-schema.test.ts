import { describe, expect, it } from 'vitest';
import { EXAMPLES } from '../examples/catalog.ts';
import { documentFile, documentRecord, fimPart, textPart } from '../../core/index.ts';
import { checkRecord } from './record-schema.ts';

describe('checkRecord', () => {
  it('accepts every example conversation and a document record', () => {
    for (const example of EXAMPLES) expect(checkRecord(example.build()), example.id).toMatchObject({ ok: true });
    expect(checkRecord(documentRecord([documentFile([textPart('a'), fimPart('p', 'm', 's')], 'a.py')])).ok).toBe(true);
  });

  it('accepts unknown fields (written by a newer version)', () => {
    expect(checkRecord({ kind: 'chat', messages: [{ id: 'm1', role: 'user', newField: 1 }], tools: [], alsoNew: true }).ok).toBe(true);
  });

  it.each([
    ['not an object', 'x', 'expected an object'],
    ['unknown kind', { kind: 'video' }, 'at kind'],
    ['messages missing', { kind: 'chat', tools: [] }, 'at messages'],
    ['block with unknown type', { kind: 'chat', tools: [], messages: [{ id: 'm', role: 'assistant', content: { type: 'blocks', blocks: [{ id: 'b', type: 'dance' }] } }] }, 'at messages.0.content.blocks.0.type'],
    ['call without arguments', { kind: 'chat', tools: [], messages: [{ id: 'm', role: 'assistant', toolCalls: [{ id: 'c', name: 'f' }] }] }, 'at messages.0.toolCalls.0.arguments'],
    ['file part without text', { kind: 'document', files: [{ id: 'f', parts: [{ id: 'p', type: 'text' }] }] }, 'at files.0.parts.0.text'],
  ])('refuses %s, saying where', (_name, value, where) => {
    const result = checkRecord(value);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(where);
  });
});
