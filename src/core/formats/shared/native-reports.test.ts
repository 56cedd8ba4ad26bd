/**
 * reportSourceFields: the three reports of a source's own fields, skipped at once when no
 * message has any (the native ChatML and Llama 3.1 renders, issue 23 item 7), and otherwise
 * the same diagnostics in the same order as the three called one after the other.
 */
import { describe, expect, it } from 'vitest';
import { conversation, partsMessage, textMessage, textPart } from '../../model/builders.ts';
import type { Diagnostic } from '../../model/diagnostic.ts';
import type { Conversation } from '../../model/types.ts';
import { reportTextNotes, reportThoughtFlags } from './left-out.ts';
import { reportNotShown, reportSourceFields } from './native-reports.ts';

function threeInTurn(record: Conversation): Diagnostic[] {
  const out: Diagnostic[] = [];
  reportNotShown(record, record.messages, 'L', 'l/not-shown', out);
  reportTextNotes(record.messages, 'L', out);
  reportThoughtFlags(record.messages, 'L', out);
  return out;
}

function together(record: Conversation): Diagnostic[] {
  const out: Diagnostic[] = [];
  reportSourceFields(record, 'L', 'l/not-shown', out);
  return out;
}

describe('reportSourceFields', () => {
  it('reports nothing for a conversation without source fields', () => {
    expect(together(conversation([textMessage('system', 'S'), textMessage('user', 'Hi')]))).toEqual([]);
  });

  const cited = { ...textPart('See [1].'), extra: { citations: [{ url: 'https://example.org' }] } };
  const cases: [string, Conversation][] = [
    ['the record’s unknown fields', { ...conversation([textMessage('user', 'Hi')]), extra: { model: 'm' } }],
    ['a message’s unknown fields', conversation([textMessage('user', 'Hi', { extra: { metadata: 1 } })])],
    ['citations on a part', conversation([partsMessage('assistant', [cited])])],
    ['thought flags', conversation([textMessage('system', 'S', { thoughtFlags: ['reflect'] })])],
    ['all of them, in their order', { ...conversation([textMessage('system', 'S', { thoughtFlags: ['reason'], extra: { a: 1 } }), partsMessage('assistant', [cited])]), extra: { model: 'm' } }],
  ];

  it.each(cases)('reports %s as the three reports in turn do', (_, record) => {
    const expected = threeInTurn(record);
    expect(expected.length).toBeGreaterThan(0);
    expect(together(record)).toEqual(expected);
  });
});
