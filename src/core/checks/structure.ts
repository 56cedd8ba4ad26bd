/**
 * Structural checks of a record for a format: what makes a record wrong as training data in
 * any format (a role the format cannot write, an empty assistant turn, a tool call without its
 * result, a call to a tool that is not defined, two system messages).
 */
import type { Format } from '../formats/types.ts';
import type { Diagnostic } from '../model/diagnostic.ts';
import type { ParleyRecord } from '../model/types.ts';
import type { OptionValues } from '../shared/options.ts';

export function checkStructure(record: ParleyRecord, format: Format<OptionValues>): Diagnostic[] {
  void record;
  void format;
  return [];
}
