import { describe, expect, it } from 'vitest';
import { blocksMessage, conversation, textMessage, toolCall, toolCalls, warning, type OptionValues } from '../../core/index.ts';
import { profileOf } from './check-profile.ts';
import { diagnosticsState, forgetRender, recordTokensFrom, renderOffPage, renderState } from './derived.ts';
import type { DatasetFile } from './dataset-slice.ts';

const formatOptions: Record<string, OptionValues> = { apertus: { date: '2025-08-25' } };

describe('diagnosticsState', () => {
  it('lists a problem that the format and validateRecord both report once, as validateRecord has it', () => {
    const record = conversation([textMessage('user', 'Q'), blocksMessage([toolCalls([toolCall('f', '{"a": }')])])]);
    const state = { record, formatId: 'apertus', formatOptions, importDiagnostics: [] };
    const path = ['messages', 1, 'content', 'blocks', 0, 'calls', 0, 'arguments'];
    const all = diagnosticsState(state).filter((d) => d.code === 'tool-call/arguments-syntax');
    expect(all.map((d) => [d.severity, d.path, d.source])).toEqual([['error', path, 'record']]);
    // The text is the format's, untouched.
    expect(renderState(state).text).toContain('[{"f": {"a": }}]');
  });

  it('keeps the format diagnostics that validateRecord does not make, and the last open\'s warnings', () => {
    const record = conversation([textMessage('assistant', 'A', { toolCalls: [toolCall('f', '{}', { typeMissing: true })] })]);
    const opened = warning('decode/kept', 'Unknown field kept.', ['messages', 0, 'extra']);
    const state = { record, formatId: 'apertus', formatOptions, importDiagnostics: [opened] };
    const listed = diagnosticsState(state).map((d) => [d.code, d.source]);
    expect(listed).toHaveLength(2);
    expect(listed).toEqual(expect.arrayContaining([['decode/kept', 'reader'], ['apertus/legacy-call-type', 'format']]));
  });

  it('is the same array while its sources are the same (one computation per change, however many readers)', () => {
    const record = conversation([textMessage('user', 'Q')]);
    const state = { record, formatId: 'apertus', formatOptions, importDiagnostics: [] };
    expect(diagnosticsState({ ...state })).toBe(diagnosticsState({ ...state }));
    expect(diagnosticsState({ ...state, importDiagnostics: [warning('x', 'y')] })).not.toBe(diagnosticsState(state));
  });

  it('lists again when the dataset\'s rules file changes, the record and format the same', () => {
    const record = conversation([textMessage('user', 'Q'), textMessage('assistant', 'As an AI language model, no.')]);
    const dataset = {} as DatasetFile;
    const state = { record, formatId: 'apertus', formatOptions, importDiagnostics: [], dataset, datasetRules: null };
    expect(diagnosticsState(state).map((d) => d.code)).not.toContain('rules/forbiddenText');
    const datasetRules = { name: 'team.json', text: '', rules: { forbiddenText: { patterns: [{ text: 'As an AI language model' }] } } };
    expect(diagnosticsState({ ...state, datasetRules }).map((d) => d.code)).toContain('rules/forbiddenText');
    expect(diagnosticsState({ ...state, datasetRules: null }).map((d) => d.code)).not.toContain('rules/forbiddenText');
  });
});

describe('diagnosticsState with the token figures of the record (token rules)', () => {
  const record = conversation([textMessage('user', 'Q'), textMessage('assistant', 'A')]);
  const dataset = {} as DatasetFile;
  const datasetRules = { name: 'team.json', text: '', rules: { maxTokens: { max: 100 } } };
  const state = { record, formatId: 'apertus', formatOptions, importDiagnostics: [], dataset, datasetRules };

  it('judges maxTokens on the figures the source gives for the record, as the dataset list does', () => {
    let figures: { tokens?: number; trained?: number; tokenError?: string } | undefined = { tokens: 150, trained: 20 };
    recordTokensFrom((asked) => (asked === record ? figures : undefined));
    try {
      // 150 tokens over a budget of 100: core's maxTokens rule, an error.
      expect(diagnosticsState(state).filter((d) => d.code === 'rules/maxTokens').map((d) => [d.severity, d.source])).toEqual([['error', 'rules']]);
      // New figures from the worker (the record as edited): listed again, without the rule now.
      figures = { tokens: 80, trained: 20 };
      recordTokensFrom((asked) => (asked === record ? figures : undefined));
      expect(diagnosticsState(state).map((d) => d.code)).not.toContain('rules/maxTokens');
      // The tokenizer has no id for part of the render: the command's error, the token rules left out.
      figures = { tokenError: 'No id for "\u0000".' };
      recordTokensFrom((asked) => (asked === record ? figures : undefined));
      const listed = diagnosticsState(state);
      expect(listed.map((d) => [d.code, d.message])).toEqual([['tokens/no-id', 'No id for "\u0000".']]);
    } finally {
      recordTokensFrom(undefined);
    }
    // No figures (no tokenizer, not measured yet): the token rules are not judged.
    expect(diagnosticsState(state).map((d) => d.code)).not.toContain('rules/maxTokens');
  });

  it('asks again when the source tells it the figures changed, the record the same', () => {
    let figures = { tokens: 50, trained: 10 };
    recordTokensFrom(() => figures);
    try {
      expect(diagnosticsState(state).map((d) => d.code)).not.toContain('rules/maxTokens');
      figures = { tokens: 500, trained: 10 };
      expect(diagnosticsState(state).map((d) => d.code)).toContain('rules/maxTokens');
    } finally {
      recordTokensFrom(undefined);
    }
  });
});

describe('renderState with an off-page renderer', () => {
  it('takes the render the off-page renderer gives for its format, renders the others here, and reads again once told', () => {
    const record = conversation([textMessage('user', 'Q')]);
    let answer = { text: 'pending', spans: [], diagnostics: [] };
    const asked: string[] = [];
    renderOffPage((formatId) => {
      asked.push(formatId);
      return formatId === 'jinja' ? answer : undefined;
    });
    try {
      const jinja = { record, formatId: 'jinja', formatOptions: {} };
      expect(renderState(jinja)).toBe(answer);
      // Memoised: the same inputs do not ask again…
      renderState(jinja);
      expect(asked).toEqual(['jinja']);
      // …until the renderer's answer arrived and the memo is forgotten.
      answer = { text: 'Q', spans: [], diagnostics: [] };
      forgetRender();
      expect(renderState(jinja).text).toBe('Q');
      expect(renderState({ record, formatId: 'apertus', formatOptions }).text).toContain('Q');
    } finally {
      renderOffPage(undefined);
    }
  });
});

describe('profileOf', () => {
  const rules = { name: 'team.json', text: '{}', rules: { maxTurns: { max: 3 } } };
  const dataset = {} as DatasetFile;

  it("is the format shown, its options and the dataset's rules file", () => {
    expect(profileOf({ formatId: 'apertus', formatOptions, dataset, datasetRules: rules })).toEqual({ formatId: 'apertus', formatOptions: formatOptions.apertus, rules: rules.rules });
  });

  it('has no rules without a dataset, and no options where none were set', () => {
    expect(profileOf({ formatId: 'chatml', formatOptions, dataset: null, datasetRules: rules })).toEqual({ formatId: 'chatml' });
  });
});
