import { describe, expect, it } from 'vitest';
import { conversation, textMessage } from '../../core/index.ts';
import { ENVELOPE_VERSION, migrate } from './envelope.ts';

const record = conversation([textMessage('user', 'hi')]);

describe('migrate', () => {
  it('reads the current version and keeps fields it does not know', () => {
    const result = migrate({ version: ENVELOPE_VERSION, savedAt: 5, record, formatId: 'rwkv', formatOptions: { rwkv: { streaming: true } }, fromTheFuture: { a: 1 } });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.migratedFrom).toBeUndefined();
    expect(result.envelope).toMatchObject({ savedAt: 5, formatId: 'rwkv', formatOptions: { rwkv: { streaming: true } }, fromTheFuture: { a: 1 } });
    expect(result.envelope.record).toEqual(record);
  });

  it('migrates version 0: a bare record', () => {
    const result = migrate(record);
    expect(result).toMatchObject({ ok: true, migratedFrom: 0, envelope: { version: ENVELOPE_VERSION, formatId: 'apertus', formatOptions: {}, savedAt: 0 } });
  });

  it('migrates version 0: an unversioned {record, …} keeping its other fields', () => {
    const result = migrate({ record, formatId: 'openchatml', note: 'kept' });
    expect(result).toMatchObject({ ok: true, migratedFrom: 0, envelope: { formatId: 'openchatml', note: 'kept' } });
  });

  it('migrates version 1 (before the two-tab stamp) to revision 0, keeping everything else', () => {
    const result = migrate({ version: 1, savedAt: 7, record, formatId: 'rwkv', formatOptions: {}, note: 'kept' });
    expect(result).toMatchObject({ ok: true, migratedFrom: 1, envelope: { version: 2, revision: 0, savedAt: 7, formatId: 'rwkv', note: 'kept' } });
  });

  it('reads the stamp of a version 2 envelope', () => {
    const result = migrate({ version: 2, savedAt: 7, revision: 12, writer: 'tab-a', record, formatId: 'apertus', formatOptions: {} });
    expect(result).toMatchObject({ ok: true, envelope: { revision: 12, writer: 'tab-a' } });
  });

  it('refuses data from a newer version, saying so', () => {
    const result = migrate({ version: ENVELOPE_VERSION + 1, record });
    expect(result).toMatchObject({ ok: false, reason: 'newer', version: ENVELOPE_VERSION + 1 });
  });

  it('reports a damaged record with where it is damaged', () => {
    const result = migrate({ version: ENVELOPE_VERSION, record: { kind: 'chat', messages: [{ id: 'm', role: 7 }], tools: [] } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toContain('messages.0.role');
  });

  it('refuses data nested deeper than MAX_JSON_DEPTH, saying where, before checking its shape', () => {
    let parameters: unknown = {};
    for (let i = 0; i < 2000; i++) parameters = { type: 'object', properties: { a: parameters } };
    const result = migrate({ version: ENVELOPE_VERSION, record: { kind: 'chat', messages: [], tools: [{ id: 't', name: 'f', parameters }] } });
    expect(result).toMatchObject({ ok: false, reason: 'invalid', message: expect.stringContaining('nested more than 128 levels deep (at record.tools[0].parameters') });
  });

  it('refuses values that are not envelopes', () => {
    expect(migrate('text').ok).toBe(false);
    expect(migrate(null).ok).toBe(false);
    expect(migrate({ version: -1, record }).ok).toBe(false);
  });
});
