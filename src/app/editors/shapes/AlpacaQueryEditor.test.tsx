// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { findCodec, type ParleyRecord } from '../../../core/index.ts';
import { byName, mount, record, type } from '../test/harness.tsx';

function alpaca(json: unknown): ParleyRecord {
  const decoded = findCodec('alpaca')?.decode(json);
  if (!decoded?.record) throw new Error('not read as Alpaca');
  return decoded.record;
}

function exported(): unknown {
  return findCodec('alpaca')?.encode(record()).json;
}

describe("an Alpaca record's user turn", () => {
  it('shows instruction and input as two fields, and an edit of input is written back to input', () => {
    mount(alpaca({ instruction: 'Translate to English.', input: 'Bonjour', output: 'Hello' }));
    expect((byName('Message 1 instruction') as HTMLTextAreaElement).value).toBe('Translate to English.');
    expect((byName('Message 1 input') as HTMLTextAreaElement).value).toBe('Bonjour');
    type('Message 1 input', 'Bonsoir');
    expect(exported()).toEqual({ instruction: 'Translate to English.', input: 'Bonsoir', output: 'Hello' });
    type('Message 1 instruction', 'Translate to German.');
    expect(exported()).toEqual({ instruction: 'Translate to German.', input: 'Bonsoir', output: 'Hello' });
  });

  it('keeps a record without input without one while the input field stays empty', () => {
    mount(alpaca({ instruction: 'Say hi.', output: 'Hi' }));
    type('Message 1 instruction', 'Say hello.');
    expect(exported()).toEqual({ instruction: 'Say hello.', output: 'Hi' });
  });
});
