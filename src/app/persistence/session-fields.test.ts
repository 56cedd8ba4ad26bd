import { describe, expect, it } from 'vitest';
import { deflateSync, strToU8 } from 'fflate';
import { conversation, textMessage } from '../../core/index.ts';
import { decodeShare, encodeShare } from '../share/codec.ts';
import { DEFAULT_MASK, type MaskSettings } from '../tokens/mask-settings.ts';
import { savedSession, savedSessionChanged, shownSession, splitEnvelope } from './session-fields.ts';

const record = conversation([textMessage('user', 'hi')]);
const state = { record, formatId: 'rwkv', formatOptions: { rwkv: { streaming: true }, apertus: { bos: false } }, shadeTrainable: true, showWhitespace: false, trainingMask: DEFAULT_MASK };

describe('session fields', () => {
  it('are what autosave writes and watches, in the order written before they were declared once', () => {
    expect(Object.keys(savedSession({ ...state, extra: 1 } as typeof state))).toEqual(['record', 'formatId', 'formatOptions', 'shadeTrainable', 'showWhitespace', 'trainingMask']);
    expect(savedSessionChanged(state, { ...state })).toBe(false);
    expect(savedSessionChanged(state, { ...state, showWhitespace: true })).toBe(true);
  });

  it('shown: the options of the current format only (the test API and a link)', () => {
    expect(shownSession(state).formatOptions).toEqual({ streaming: true });
    expect(shownSession({ ...state, formatId: 'openchatml' }).formatOptions).toEqual({});
  });

  it('make the same link bytes as the links made before, which still open', async () => {
    // A link as it was encoded before the fields were declared once.
    const old = `v1.${Buffer.from(deflateSync(strToU8(JSON.stringify({ record, formatId: 'rwkv', formatOptions: { streaming: true } })), { level: 9 })).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
    expect(encodeShare(shownSession(state))).toBe(old);
    expect(await decodeShare(old)).toEqual({ ok: true, payload: { record, formatId: 'rwkv', formatOptions: { streaming: true } } });
  });

  it('split an envelope into the store\'s fields and the unknown ones kept; an older one without toggles keeps the defaults', () => {
    // A damaged toggle (not a boolean) is not restored.
    const damaged = 'yes' as unknown as boolean;
    const { session, kept } = splitEnvelope({ version: 1, savedAt: 3, record, formatId: 'apertus', formatOptions: {}, shadeTrainable: damaged, fromTheFuture: 1 });
    expect(session).toEqual({ record, formatId: 'apertus', formatOptions: {} });
    expect(kept).toEqual({ fromTheFuture: 1 });
    expect(splitEnvelope({ record, formatId: 'apertus', formatOptions: {}, showWhitespace: true }).session).toEqual({ record, formatId: 'apertus', formatOptions: {}, showWhitespace: true });
  });

  it('carry a mask that is not the default in a link and read a damaged one as the default', async () => {
    const lastOnly: MaskSettings = { turns: 'last', thoughtsAndTools: false, messages: { '2': true } };
    const decoded = await decodeShare(encodeShare(shownSession({ ...state, trainingMask: lastOnly })));
    expect(decoded).toEqual({ ok: true, payload: { record, formatId: 'rwkv', formatOptions: { streaming: true }, trainingMask: lastOnly } });
    const damaged = { turns: 'some', thoughtsAndTools: 'no', messages: { x: true, '1': 'yes', '3': false } };
    expect(splitEnvelope({ record, formatId: 'apertus', formatOptions: {}, trainingMask: damaged as unknown as MaskSettings }).session.trainingMask).toEqual({ turns: 'all', thoughtsAndTools: true, messages: { '3': false } });
  });
});
