/**
 * The record's training example as the app exports it: Hugging Face's names (`input_ids`,
 * `attention_mask`, `labels`), labels -100 where a token is not trained, so that the JSON feeds a
 * trainer as it is and compares with `parley tokenize` line for line.
 */
import type { TokenResult } from './protocol.ts';

/** -100: what PyTorch's cross-entropy ignores (core/tokens' IGNORE_LABEL; repeated to keep the tokenizer library out of this chunk's imports). */
const IGNORE = -100;

export interface ExportedExample {
  input_ids: number[];
  attention_mask: number[];
  labels: number[];
}

export function exportedExample(result: Pick<TokenResult, 'ids' | 'trained'>): ExportedExample {
  const input_ids = Array.from(result.ids);
  return {
    input_ids,
    attention_mask: input_ids.map(() => 1),
    labels: input_ids.map((id, i) => (result.trained[i] === 1 ? id : IGNORE)),
  };
}

/** `conversation-2026-11-24.chatml.tokens.json` */
export function exampleFileName(formatId: string, date = new Date()): string {
  return `conversation-${date.toISOString().slice(0, 10)}.${formatId}.tokens.json`;
}
