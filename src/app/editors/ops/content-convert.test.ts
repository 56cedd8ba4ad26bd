import { describe, expect, it } from 'vitest';
import { formatAssistantContent, response, textPart, thoughts, toolCall, toolCalls, type Block, type Content } from '../../../core/index.ts';
import { convertContent } from './content-convert.ts';

const flatten = (blocks: readonly Block[]) => formatAssistantContent(blocks);
const text = (value: string): Content => ({ type: 'text', text: value });

function strip<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === 'id' ? undefined : v))) as T;
}

describe('convertContent', () => {
  it('text ↔ parts keeps the text as one text part', () => {
    expect(strip(convertContent(text('Hi there'), 'parts', flatten))).toEqual({ content: { type: 'parts', parts: [{ type: 'text', text: 'Hi there' }] } });
    expect(convertContent({ type: 'parts', parts: [textPart('Hi '), textPart('there')] }, 'text', flatten)).toEqual({ content: text('Hi there') });
  });

  it('text ↔ blocks keeps the text as one response block; empty text gives no blocks', () => {
    expect(strip(convertContent(text('Answer'), 'blocks', flatten))).toEqual({ content: { type: 'blocks', blocks: [{ type: 'response', text: 'Answer' }] } });
    expect(convertContent(text(''), 'blocks', flatten)).toEqual({ content: { type: 'blocks', blocks: [] } });
    expect(convertContent({ type: 'blocks', blocks: [response('Answer')] }, 'text', flatten)).toEqual({ content: text('Answer') });
  });

  it('flattens other blocks with the format, and says so', () => {
    const blocks = [thoughts('Think.'), toolCalls([toolCall('calc', '{"x": 1}')]), response('Done.')];
    const result = convertContent({ type: 'blocks', blocks }, 'text', flatten);
    expect(result.content).toEqual(text('<|inner_prefix|>Think.<|tools_prefix|>[{"calc": {"x": 1}}]<|tools_suffix|><|inner_suffix|>Done.'));
    expect(result.loss).toBe("The 3 blocks will be flattened into one text with the format's special tokens.");
  });

  it('reports parts that text cannot hold', () => {
    const result = convertContent({ type: 'parts', parts: [textPart('a'), { id: 'i', type: 'image', url: 'data:image/png;base64,AA' }, { id: 'v', type: 'value', value: { n: 1 } }] }, 'text', flatten);
    expect(result).toEqual({ content: text('a{"n":1}'), loss: '1 image part will be dropped, 1 value part will become JSON text.' });
  });

  it('to none asks only when something is there', () => {
    expect(convertContent(text(''), 'none', flatten)).toEqual({ content: null });
    expect(convertContent(text('x'), 'none', flatten).loss).toBe('The content will be removed (content: null).');
    expect(strip(convertContent(null, 'parts', flatten))).toEqual({ content: { type: 'parts', parts: [{ type: 'text', text: '' }] } });
  });
});
