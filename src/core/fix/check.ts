/**
 * The diagnostics whose fixes a caller applies: the format-independent checks, plus those of a
 * token format's render and of a dialect's encode when the caller is about to render or
 * convert. The command's `--fix` and the app check a record with this before and after fixing.
 */
import type { Format } from '../formats/types.ts';
import type { InterchangeCodec } from '../interchange/types.ts';
import type { Diagnostic } from '../model/diagnostic.ts';
import type { ParleyRecord } from '../model/types.ts';
import type { OptionValues } from '../shared/options.ts';
import { checkStructure } from '../checks/structure.ts';
import { validateRecord } from '../validate/index.ts';
import type { Diagnose } from './apply.ts';

export interface FixTarget {
  /** The format the record is rendered with (its render diagnostics are checked, text not kept). */
  format?: Format<OptionValues>;
  formatOptions?: Partial<OptionValues>;
  /** The dialect the record is written in (its encode diagnostics are checked). */
  codec?: InterchangeCodec;
  encodeOptions?: Partial<OptionValues>;
}

/** The `Diagnose` function for a target: validateRecord, the format's render and structural checks (their role fixes), the codec's encode. */
export function diagnoseFor(target: FixTarget): Diagnose {
  return (record: ParleyRecord): Diagnostic[] => {
    const out = validateRecord(record);
    if (target.format !== undefined) {
      const rendered = target.format.render(record, target.formatOptions, { spans: false });
      out.push(...rendered.diagnostics, ...checkStructure(record, target.format, { renderText: rendered.text }));
    }
    if (target.codec !== undefined) out.push(...target.codec.encode(record, target.encodeOptions).diagnostics);
    return out;
  };
}
