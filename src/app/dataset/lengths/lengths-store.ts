/**
 * The lengths pass's state for the open dataset, outside the app store (not saved with the
 * work, not undone): how far the pass is, each record's lengths, which tokenizer counts, and
 * the list's sort by a length. Rows of the file's records come from the pass (by id); records
 * edited or added in the app are measured from their text and kept apart, so that undoing an
 * edit shows the file's own figures again without measuring anything.
 */
import { createStore, useStore } from 'zustand';
import type { LengthMeasure, LintRules } from '../../../core/index.ts';
import type { LengthsRow } from './lengths-logic.ts';

export type LengthsStatus = 'idle' | 'loading' | 'measuring' | 'done' | 'stopped' | 'failed';

/** `none`: no tokens; `files`: the files the person gave; a shipped tokenizer's id; undefined: the format's own, when it ships one. */
export type TokenizerChoice = string | undefined;

export interface LengthSort {
  measure: LengthMeasure;
  descending: boolean;
}

export interface LengthsState {
  status: LengthsStatus;
  done: number;
  total: number;
  /** Why the pass failed, or what stopped it. */
  message: string | undefined;
  tokenizerChoice: TokenizerChoice;
  /** A tokenizer.json (and tokenizer_config.json) the person gave, for `tokenizerChoice: 'files'`. */
  tokenizerFiles: readonly File[] | undefined;
  /** The tokenizer the rows' tokens were counted with (undefined: no tokens). */
  tokenizerName: string | undefined;
  /** That tokenizer stands in for the format's (or the Jinja template's) own: its counts are approximate. */
  tokenizerApproximate: boolean;
  /** By record id of the file: undefined not measured yet, null a blank or bad line. */
  fileRows: readonly (LengthsRow | null | undefined)[];
  /** Records edited or added in the app, measured from their text (null: the text is not a record). */
  textRows: ReadonlyMap<number, LengthsRow | null>;
  sort: LengthSort | null;
  /** The team's lint rules, set by whoever loads a rules file (the token rules are judged here). */
  rules: LintRules | undefined;
}

export const INITIAL_LENGTHS: LengthsState = {
  status: 'idle',
  done: 0,
  total: 0,
  message: undefined,
  tokenizerChoice: undefined,
  tokenizerFiles: undefined,
  tokenizerName: undefined,
  tokenizerApproximate: false,
  fileRows: [],
  textRows: new Map(),
  sort: null,
  rules: undefined,
};

export const lengthsStore = createStore<LengthsState>()(() => INITIAL_LENGTHS);

export function useLengths<T>(select: (state: LengthsState) => T): T {
  return useStore(lengthsStore, select);
}

export function setLengthsState(patch: Partial<LengthsState>): void {
  lengthsStore.setState(patch);
}

/** The lint rules for the token rules of the pass (maxTokens, minTrainedShare): a new pass when they change. */
export function setLengthsRules(rules: LintRules | undefined): void {
  lengthsStore.setState({ rules });
}
