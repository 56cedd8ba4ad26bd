/**
 * Starting a new record from the toolbar's New menu: an empty chat conversation or a multi-file
 * document with one empty file. It replaces the record the way opening a file or an example
 * does: one undo step, so Undo brings the previous work back and nothing asks first.
 */
import { documentFile, documentRecord, conversation, FORMATS, findFormat, textPart, type FieldPath, type ParleyRecord } from '../../core/index.ts';
import { confirmLeaveDataset, useAppStore } from '../store/index.ts';

export type NewRecordKind = ParleyRecord['kind'];

export const NEW_RECORD_NAMES: Record<NewRecordKind, string> = { chat: 'chat conversation', document: 'multi-file document' };
const KIND_PLURALS: Record<NewRecordKind, string> = { chat: 'chat conversations', document: 'documents' };

/** A blank record of `kind`, and the field a person types into first (if any). */
export function blankRecord(kind: NewRecordKind): { record: ParleyRecord; firstField?: FieldPath } {
  if (kind === 'document') return { record: documentRecord([documentFile([textPart('')])]), firstField: ['files', 0, 'parts', 0, 'text'] };
  return { record: conversation() };
}

/** The format to show a `kind` record in: the current one if it renders that kind, else the first that does. */
export function formatFor(kind: NewRecordKind, currentFormatId: string): string {
  if (findFormat(currentFormatId)?.recordKinds.includes(kind)) return currentFormatId;
  return FORMATS.find((format) => format.recordKinds.includes(kind))?.id ?? currentFormatId;
}

export function startNewRecord(kind: NewRecordKind): void {
  if (!confirmLeaveDataset()) return;
  const state = useAppStore.getState();
  const { record, firstField } = blankRecord(kind);
  const formatId = formatFor(kind, state.formatId);
  state.loadRecord(record);
  state.setImportDiagnostics([]);
  state.setSourceCodec(null);
  let title = `Started a new ${NEW_RECORD_NAMES[kind]}. Undo brings back the previous one.`;
  if (formatId !== state.formatId) {
    const from = findFormat(state.formatId)?.label ?? state.formatId;
    state.setFormat(formatId);
    title = `Started a new ${NEW_RECORD_NAMES[kind]} in ${findFormat(formatId)?.label ?? formatId} (${from} does not render ${KIND_PLURALS[kind]}). Undo brings back the previous one.`;
  }
  state.showNotice({ tone: 'success', title });
  if (firstField) state.reveal(firstField);
}
