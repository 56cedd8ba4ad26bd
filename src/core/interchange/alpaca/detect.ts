/** An `instruction` string is Alpaca's own mark (no chat dialect has it); with an `output` or a `chosen`/`rejected` pair it is certain. */
import { isObject } from '../../shared/json.ts';

export function detectAlpaca(json: unknown): number {
  if (!isObject(json) || typeof json.instruction !== 'string') return 0;
  return 'output' in json || 'input' in json || ('chosen' in json && 'rejected' in json) ? 0.95 : 0.7;
}
