/**
 * The two sides of the diff of the current record: as it is in the file (its original bytes) and
 * as it is now (the editors' record, edits not yet committed included), either as JSON (pretty
 * printed, so that a change shows on its own line) or as the current format renders them.
 */
import { branchRecord, findFormat, findJsonTooDeep, MAX_JSON_DEPTH, numberSpellings, stringifyJson, type ParleyRecord } from '../../../core/index.ts';
import { OFF_PAGE_FORMAT } from '../../jinja/off-page-format.ts';
import { prepareFormat, shownBranches, useAppStore, type AppState } from '../../store/index.ts';
import { datasetEngine } from '../engine.ts';

export type DiffMode = 'json' | 'rendered';

export interface DiffTexts {
  original: string;
  modified: string;
  /** Why a side is empty or approximate (an added record has no original; a bad line has no render). */
  note?: string;
}

/** The record's bytes in the original file (a duplicate: its source's), or undefined for a record that has none. */
export async function readOriginalText(state: Pick<AppState, 'dataset' | 'datasetChanges'>, id: number): Promise<string | undefined> {
  const { dataset, datasetChanges } = state;
  if (!dataset) return undefined;
  const original = id < dataset.count ? id : datasetChanges.copies.get(id);
  if (original === undefined) return undefined;
  const { records } = dataset.index;
  const bytes = new Uint8Array(await dataset.source.slice(records.start(original), records.end(original)).arrayBuffer());
  return new TextDecoder().decode(bytes);
}

/** The current record's text as it would be written now. */
export function currentText(state: Pick<AppState, 'datasetLoaded' | 'record'>): string | undefined {
  const loaded = state.datasetLoaded;
  if (!loaded) return undefined;
  if (!loaded.ok) return loaded.text;
  return state.record === loaded.record ? loaded.text : datasetEngine.encode(state.record, loaded.dialect, loaded.json, loaded.text);
}

/**
 * JSON text pretty printed with two spaces, numbers as the text spells them (as they are written
 * back); text that is not JSON as it is, and so is JSON nested deeper than MAX_JSON_DEPTH (its
 * indentation grows with the square of the depth: a 10 KB record 5,000 deep would be 25 MB).
 */
export function prettyJson(text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  if (findJsonTooDeep(value, MAX_JSON_DEPTH)) return text;
  return stringifyJson(value, { spellings: numberSpellings(text), indent: '  ' });
}

/**
 * `record` as the format renders it. A training record as the editor shows it (store/branch-view.ts):
 * its one completion after the prompt, or each branch of a preference record (the prompt then
 * that branch) under a line naming it, so that an edit of either branch shows in the diff.
 */
export async function renderText(record: ParleyRecord, state: Pick<AppState, 'formatId' | 'formatOptions'>): Promise<string | undefined> {
  const names = record.kind === 'chat' ? shownBranches(record) : [];
  if (record.kind !== 'chat' || names.length === 0) return renderOne(record, state);
  const texts = await Promise.all(names.map((name) => renderOne(branchRecord(record, name), state)));
  if (names.length === 1) return texts[0];
  return names.map((name, i) => `── ${name} ──\n${texts[i] ?? ''}`).join('\n');
}

/** `record` as the format renders it; a template in its worker (app/jinja/off-page.ts), never on the page. */
async function renderOne(record: ParleyRecord, state: Pick<AppState, 'formatId' | 'formatOptions'>): Promise<string | undefined> {
  const options = state.formatOptions[state.formatId];
  if (state.formatId === OFF_PAGE_FORMAT) return (await (await import('../../jinja/off-page.ts')).renderOnce(record, options)).text;
  return findFormat(state.formatId)?.render(record, options).text;
}

async function renderedText(text: string, line: number, state: Pick<AppState, 'formatId' | 'formatOptions'>): Promise<string | undefined> {
  const result = datasetEngine.decode(text, line);
  if (!result.ok) return undefined;
  return renderText(result.record, state);
}

export async function diffTexts(mode: DiffMode, state: AppState = useAppStore.getState()): Promise<DiffTexts | undefined> {
  const id = state.currentRecord;
  const modified = currentText(state);
  if (id === null || modified === undefined) return undefined;
  const original = await readOriginalText(state, id);
  const line = state.datasetRows[id]?.line ?? 1;
  const note = original === undefined ? 'A copy of an edited record: it has no original in the file.' : undefined;
  if (mode === 'json') return { original: original === undefined ? '' : prettyJson(original), modified: prettyJson(modified), note };
  // Both sides are rendered here and now: the format's on-demand code first (Format.prepare).
  await prepareFormat(state.formatId);
  const now = state.datasetLoaded?.ok ? await renderText(state.record, state) : undefined;
  const before = original === undefined ? '' : await renderedText(original, line, state);
  if (now === undefined || before === undefined) return { original: before ?? '', modified: now ?? '', note: 'A side is not a conversation (a bad line): it has no rendered text.' };
  return { original: before, modified: now, note };
}
