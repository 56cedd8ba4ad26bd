/**
 * ParleyRecord → Parley JSON: the record itself, every field as the model holds it, under the
 * version key. Nothing is lost, so there are no diagnostics. Stable ids are left out: they
 * are only unique within one session (see model/ids.ts), and decode gives fresh ones. Notes
 * that other codecs keep beside the model's fields (`apertusJsonShape`, …) are written too, so
 * that exporting to the source dialect later still gives back the source's spelling.
 */
import type { ParleyRecord } from '../../model/types.ts';
import type { EncodeResult } from '../types.ts';
import { visitNodes } from './nodes.ts';
import { PARLEY_JSON_VERSION, VERSION_KEY } from './version.ts';

export function encodeParleyJson(record: ParleyRecord): EncodeResult {
  // A copy, so that the ids can go without touching the record (the app's records are frozen).
  const copy = structuredClone(record) as unknown as Record<string, unknown>;
  visitNodes(copy, (node) => {
    delete node.id;
  });
  return { json: { [VERSION_KEY]: PARLEY_JSON_VERSION, ...copy }, diagnostics: [] };
}
