/** The JSON view's dialect: the person's pick while it is for the opened file's dialect, else the default (export-default.ts). */
import { CODECS, findCodec } from '../../../core/index.ts';
import { defaultDialect } from '../../files/export-default.ts';
import type { AppState } from '../../store/index.ts';

export function chosenDialect(state: Pick<AppState, 'record' | 'sourceCodec' | 'jsonDialect'>): string {
  const source = state.sourceCodec?.id;
  const pick = state.jsonDialect;
  if (pick && pick.forSource === source && findCodec(pick.codec)) return pick.codec;
  return defaultDialect(state.record.kind, source, CODECS.map((codec) => codec.id));
}

export function dialectChoices(): { id: string; label: string }[] {
  return CODECS.map((codec) => ({ id: codec.id, label: codec.label }));
}
