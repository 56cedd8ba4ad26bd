import { describe, expect, it } from 'vitest';
import { produce } from 'immer';
import { conversation, textMessage, type Conversation } from '../../core/index.ts';
import { applyDelta, diffEnvelope } from './copy-delta.ts';
import type { Envelope } from './envelope.ts';

const envelope = (record: Conversation, savedAt: number): Envelope => ({ version: 2, savedAt, revision: 0, record, formatId: 'apertus', formatOptions: {} });
const roundTrip = <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('page-hide copy delta', () => {
  const base = conversation(Array.from({ length: 1000 }, (_, i) => textMessage(i % 2 ? 'assistant' : 'user', `message ${i}`)));

  it('holds only what changed: one edited message of 1,000', () => {
    const edited = produce(base, (draft) => {
      const content = draft.messages[500]?.content;
      if (content?.type === 'text') content.text += ' (edited)';
    });
    const delta = diffEnvelope(envelope(edited, 2), [envelope(base, 1)]);
    expect(Object.keys(delta.arrays.messages?.items ?? {})).toEqual(['500']);
    expect(JSON.stringify(delta).length).toBeLessThan(400);
    // Applied to what IndexedDB holds (a structured clone, not the same objects), it gives the current state.
    expect(applyDelta(roundTrip(envelope(base, 1)), roundTrip(delta))).toEqual(roundTrip(envelope(edited, 2)));
  });

  it('is exact whichever base IndexedDB ends up with (the confirmed save or the one in flight)', () => {
    const inFlight = produce(base, (draft) => {
      draft.messages.splice(3, 1);
    });
    // Undo back to the confirmed message 3 after a write of its deletion started.
    const current = produce(inFlight, (draft) => {
      draft.messages.push(textMessage('user', 'added'));
      draft.tools.push({ id: 't', name: 'search' });
    });
    const delta = roundTrip(diffEnvelope({ ...envelope(current as Conversation, 3), formatId: 'rwkv' }, [envelope(base, 1), envelope(inFlight, 2)]));
    const expected = roundTrip({ ...envelope(current as Conversation, 3), formatId: 'rwkv' });
    expect(applyDelta(roundTrip(envelope(base, 1)), delta)).toEqual(expected);
    expect(applyDelta(roundTrip(envelope(inFlight, 2)), delta)).toEqual(expected);
  });

  it('carries removed keys and replaced non-array values', () => {
    const withExtra = { ...base, extra: { note: 'x' } };
    const delta = roundTrip(diffEnvelope(envelope({ ...base, kind: 'chat' } as Conversation, 2), [envelope(withExtra, 1)]));
    expect(delta.removed).toEqual(['extra']);
    expect(applyDelta(roundTrip(envelope(withExtra, 1)), delta)?.record).toEqual(roundTrip(base));
  });

  it('refuses a base it does not fit', () => {
    const longer = produce(base, (draft) => {
      draft.messages.push(textMessage('user', 'new'));
    });
    const delta = roundTrip(diffEnvelope(envelope(longer, 2), [envelope(base, 1)]));
    const shorter = roundTrip(envelope({ ...base, messages: base.messages.slice(0, 10) }, 1));
    expect(applyDelta(shorter, delta)).toBeUndefined();
    expect(applyDelta({ version: 1 }, delta)).toBeUndefined();
  });
});
