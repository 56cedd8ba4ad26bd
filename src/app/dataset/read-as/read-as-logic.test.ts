import { describe, expect, it } from 'vitest';
import { findCodec, type RecordSummary } from '../../../core/index.ts';
import type { DatasetRow } from '../../store/index.ts';
import { detectedReading, dialectCounts } from './read-as-logic.ts';

const label = (id: string) => findCodec(id)?.label;
const summary = (dialect: string): RecordSummary => ({ preview: '', dialect, messages: 1, turns: 1, hasToolCalls: false, hasThoughts: false, diagnostics: 0, errors: 0, warnings: 0 });
const row = (dialect?: string): DatasetRow => ({ line: 1, blank: false, status: 'unreviewed', ...(dialect ? { summary: summary(dialect) } : {}) });

describe('the dialects a dataset is read as', () => {
  it('counts the listed records of each, most first, leaving out records not read yet', () => {
    const rows = [row('openai-chat'), row('sharegpt'), row('openai-chat'), row(), row('sharegpt'), row('openai-chat')];
    expect(dialectCounts(rows, [0, 1, 2, 3, 4])).toEqual([
      { id: 'openai-chat', label: label('openai-chat'), records: 2 },
      { id: 'sharegpt', label: label('sharegpt'), records: 2 },
    ].sort((a, b) => (a.label ?? '').localeCompare(b.label ?? '')));
    expect(dialectCounts(rows, [5, 0, 2])).toEqual([{ id: 'openai-chat', label: label('openai-chat'), records: 3 }]);
  });
});

describe('the dialect detection chooses for a record, and why', () => {
  it('names a dialect its fields mark', () => {
    const text = JSON.stringify({ conversations: [{ from: 'human', value: 'hi' }, { from: 'gpt', value: 'hello' }] });
    expect(detectedReading(text)).toEqual({ label: label('sharegpt'), why: `its fields mark it as ${label('sharegpt')}` });
  });

  it('names Apertus JSON for a record its fields mark, whatever the format shown', () => {
    const text = JSON.stringify({ messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: { blocks: [{ type: 'response', text: 'hello' }] } }] });
    expect(detectedReading(text)).toEqual({ label: label('apertus-json'), why: `its fields mark it as ${label('apertus-json')}` });
  });

  it('says which others fit plain messages too, for a format without a dialect of its own', () => {
    const text = JSON.stringify({ messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }] });
    const detected = detectedReading(text);
    expect(detected?.label).toBeDefined();
    expect(detected?.why).toMatch(/fits? it as well/);
  });

  it('is undefined for a line that is not JSON or not a conversation', () => {
    expect(detectedReading('{"messages": [')).toBeUndefined();
    expect(detectedReading('42')).toBeUndefined();
  });
});
