/**
 * The model the data names, offered as a format (issue 24: offered, not applied): "This data
 * names meta-llama/Llama-3.1-8B: show it as Llama 3.1?", for a file opened in the editors and
 * for a dataset (from its first records).
 */
import { findFormat, formatForModel, modelNamedIn, parseJson } from '../../core/index.ts';
import type { Notice } from '../store/index.ts';

/**
 * Records of a dataset looked at for a model name: the first ones, read once when the dataset
 * opens (a few KB each). A dataset whose records name a model usually name it in every record;
 * raise it if a file's first records often lack one.
 */
export const MODEL_OFFER_RECORDS = 20;

/** The offer for a JSON value, when the model it names has a format other than `shown`. */
export function formatOffer(value: unknown, shown: string): Notice['offer'] {
  const model = modelNamedIn(value);
  const formatId = model === undefined ? undefined : formatForModel(model);
  const format = formatId === undefined || formatId === shown ? undefined : findFormat(formatId);
  if (!format || model === undefined) return undefined;
  return { question: `This data names ${model}: show it as ${format.label}?`, action: `Show as ${format.label}`, formatId: format.id };
}

/**
 * The offer for a dataset: the first of its records (texts, in file order) that names a model
 * with a format. A record that names a model already shown means no offer (the data and the
 * screen agree); unreadable records are passed over.
 */
export function datasetFormatOffer(records: readonly (string | Uint8Array)[], shown: string): Notice['offer'] {
  for (const record of records.slice(0, MODEL_OFFER_RECORDS)) {
    const parsed = parseJson(typeof record === 'string' ? record : new TextDecoder().decode(record));
    if (!parsed.ok) continue;
    const model = modelNamedIn(parsed.value);
    if (model === undefined || formatForModel(model) === undefined) continue;
    return formatOffer(parsed.value, shown);
  }
  return undefined;
}
