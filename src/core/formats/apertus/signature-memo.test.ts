/**
 * The signatures of a tool list are kept between renders while the tools are the same data
 * (signature-memo.ts): a render must not tell whether they were kept, whatever changed between.
 */
import { describe, expect, it } from 'vitest';
import { conversation, textMessage, toolDefinition } from '../../model/builders.ts';
import type { ToolDefinition } from '../../model/types.ts';
import { CODES } from './codes.ts';
import { apertusFormat } from './index.ts';
import { Pieces } from './pieces.ts';
import { toolSignaturePieces } from './signature-memo.ts';
import { renderToolSignatures } from './signatures.ts';

const OPTIONS = { date: '2025-01-01' };
const weather = (): ToolDefinition => ({ ...toolDefinition('get_weather', 'Weather now.', { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }), id: '' });

/** What rendering the tools afresh writes. */
function fresh(tools: ToolDefinition[]): string {
  const pieces = new Pieces();
  renderToolSignatures(tools, pieces, []);
  return pieces.text();
}

const text = (pieces: readonly { text: string }[]) => pieces.map((piece) => piece.text).join('');

describe('tool signatures kept between renders', () => {
  it('gives the same pieces for an equal tool list, and a new list its own', () => {
    const first = toolSignaturePieces([weather()], []);
    expect(toolSignaturePieces([weather()], [])).toBe(first);
    const other = [weather(), { ...toolDefinition('search', 'Find.'), id: '' }];
    expect(text(toolSignaturePieces(other, []))).toBe(fresh(other));
  });

  it('sees a tool changed in place (it compares with a copy, not with the objects)', () => {
    const tools = [weather()];
    toolSignaturePieces(tools, []);
    (tools[0] as ToolDefinition).description = 'Changed.';
    expect(text(toolSignaturePieces(tools, []))).toContain('// Changed.');
    (tools[0] as ToolDefinition).parameters = { type: 'object', properties: { town: { type: 'string' } } };
    expect(text(toolSignaturePieces(tools, []))).toBe(fresh(tools));
  });

  it('tells tools apart by the order of their fields and by their ids', () => {
    const a = { ...toolDefinition('f', 'F.', { type: 'object', properties: { x: { type: 'string' }, y: { type: 'number' } } }), id: '' };
    const b = { ...toolDefinition('f', 'F.', { type: 'object', properties: { y: { type: 'number' }, x: { type: 'string' } } }), id: '' };
    expect(text(toolSignaturePieces([a], []))).toBe(fresh([a]));
    expect(text(toolSignaturePieces([b], []))).toBe(fresh([b]));
    expect(fresh([a])).not.toBe(fresh([b]));
    const withId = { ...a, id: 't-1' };
    expect(toolSignaturePieces([withId], [])).not.toBe(toolSignaturePieces([a], []));
  });

  it('tells a field set to undefined from a missing one, and keeps no list holding other objects than plain data', () => {
    const plain = weather();
    const first = toolSignaturePieces([plain], []);
    expect(toolSignaturePieces([{ ...plain, extra: undefined }], [])).not.toBe(first);
    const odd = { ...weather(), parameters: { type: 'object', properties: { when: { type: 'string', default: new Date(0) } } } };
    const once = toolSignaturePieces([odd], []);
    expect(toolSignaturePieces([odd], [])).not.toBe(once);
    expect(text(toolSignaturePieces([odd], []))).toBe(fresh([odd]));
  });

  it('reports the problems of a tool list at every render', () => {
    const record = conversation([textMessage('user', 'Hi')], [{ ...toolDefinition('no_description'), id: '' }]);
    for (let i = 0; i < 2; i++) {
      const codes = apertusFormat.render(record, OPTIONS).diagnostics.map((d) => d.code);
      expect(codes).toContain(CODES.toolDescriptionMissing);
    }
  });
});
