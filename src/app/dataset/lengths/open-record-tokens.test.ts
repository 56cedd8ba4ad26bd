import { afterAll, describe, expect, it, vi } from 'vitest';
import { conversation, textMessage, type ParleyRecord } from '../../../core/index.ts';
import { NO_CHANGES, type DatasetChanges } from '../../store/dataset-model.ts';
import { diagnosticsState, recordTokensFrom, useAppStore, type AppState } from '../../store/index.ts';
import type { DatasetFile, LoadedRecord } from '../../store/dataset-slice.ts';
import { lengthsStore } from './lengths-store.ts';
import { MEASURE_DELAY_MS, openRecordFigures, receiveOpenRecord, startOpenRecordTokens, type OpenMeasure } from './open-record-tokens.ts';

const row = (tokens: number) => ({ chars: tokens, messages: 2, turns: 1, tokens, trained: 1 });
const asRead = conversation([textMessage('user', 'Q'), textMessage('assistant', 'A')]);
const edited = conversation([textMessage('user', 'Q'), textMessage('assistant', 'A longer answer')]);
const dataset = { count: 3 } as DatasetFile;
const loaded = (id: number, record: ParleyRecord): LoadedRecord => ({ id, ok: true, record, json: {}, dialect: 'openai-chat', text: '' });
const app = (record: ParleyRecord, changes: DatasetChanges = NO_CHANGES) => ({ dataset, datasetChanges: changes, currentRecord: 1, datasetLoaded: loaded(1, asRead), record });
const lengths = { fileRows: [row(10), row(200), null], textRows: new Map([[1, row(300)]]), rules: { maxTokens: { max: 100 } } };

describe('openRecordFigures', () => {
  it('takes the dataset row\'s figures for a record as read (what the list judges)', () => {
    expect(openRecordFigures(app(asRead), lengths, undefined)).toBe(lengths.fileRows[1]);
    // Edited and written back: the edit's row.
    const changes = { ...NO_CHANGES, edited: new Map([[1, '{}']]) };
    expect(openRecordFigures(app(asRead, changes), lengths, undefined)).toBe(lengths.textRows.get(1));
  });

  it('takes the worker\'s measure of the record as edited; while a newer is on its way, the last one of that record', () => {
    const measured: OpenMeasure = { id: 1, record: edited, row: row(50) };
    expect(openRecordFigures(app(edited), lengths, measured)).toBe(measured.row);
    const typedOn = conversation([textMessage('user', 'Q'), textMessage('assistant', 'A longer answer, and more')]);
    expect(openRecordFigures(app(typedOn), lengths, measured)).toBe(measured.row);
    // Back to the record as read (undo): the row's again, not the edit's measure.
    expect(openRecordFigures(app(asRead), lengths, measured)).toBe(lengths.fileRows[1]);
    // A measure of another record is not this one's: the row's until this one is measured.
    expect(openRecordFigures(app(edited), lengths, { ...measured, id: 0 })).toBe(lengths.fileRows[1]);
  });

  it('has none without a token rule or a dataset', () => {
    expect(openRecordFigures(app(asRead), { ...lengths, rules: { maxTurns: { max: 3 } } }, undefined)).toBeUndefined();
    expect(openRecordFigures(app(asRead), { ...lengths, rules: undefined }, undefined)).toBeUndefined();
    expect(openRecordFigures({ ...app(asRead), dataset: null }, lengths, undefined)).toBeUndefined();
  });
});

describe('the open record followed', () => {
  afterAll(() => recordTokensFrom(undefined));

  it('posts the record as edited after a pause, once for a burst of changes, and the panel lists what the answer breaks', async () => {
    vi.useFakeTimers();
    try {
      const sent: { record: ParleyRecord; request: number }[] = [];
      startOpenRecordTokens((record, request) => {
        sent.push({ record, request });
        return true;
      });
      const datasetRules = { name: 'team.json', text: '', rules: { maxTokens: { max: 100 } } };
      lengthsStore.setState({ fileRows: [row(10), row(20), null], textRows: new Map(), rules: datasetRules.rules });
      useAppStore.setState({ ...app(asRead), datasetRules, formatId: 'chatml', formatOptions: {}, importDiagnostics: [] } as Partial<AppState>);
      // As read: the row's 20 tokens, under the budget; nothing posted.
      expect(diagnosticsState(useAppStore.getState()).map((d) => d.code)).not.toContain('rules/maxTokens');
      await vi.advanceTimersByTimeAsync(MEASURE_DELAY_MS * 2);
      expect(sent).toEqual([]);
      // Two changes in a burst: one request, for the last.
      useAppStore.setState({ record: conversation([textMessage('user', 'Q'), textMessage('assistant', 'A long')]) });
      await vi.advanceTimersByTimeAsync(MEASURE_DELAY_MS / 2);
      useAppStore.setState({ record: edited });
      await vi.advanceTimersByTimeAsync(MEASURE_DELAY_MS + 1);
      expect(sent.map((s) => s.record)).toEqual([edited]);
      // The worker's answer: 150 tokens, over the budget of 100.
      receiveOpenRecord(sent[0]?.request ?? -1, row(150));
      expect(diagnosticsState(useAppStore.getState()).filter((d) => d.code === 'rules/maxTokens').map((d) => d.severity)).toEqual(['error']);
      // An answer to an older request is dropped.
      receiveOpenRecord(-5, row(10));
      expect(diagnosticsState(useAppStore.getState()).map((d) => d.code)).toContain('rules/maxTokens');
    } finally {
      vi.useRealTimers();
    }
  });
});
