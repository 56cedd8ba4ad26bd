/**
 * Which JSON dialect reads the input of render, validate and convert (core's `chooseDialect`,
 * the rule the app follows too), and the INFO line that says so when the user did not name it.
 * For the commands that take a format the context is core's `dialectContextOf(profile)`
 * (format-input.ts), as in the app and the dataset worker.
 */
import { chooseDialect, type DialectContext, type DialectReading, type Format, type OptionValues } from '../core/index.ts';

export interface DialectChoice extends DialectContext {
  /** The format the input is read for (it does not choose the dialect); none for convert. */
  format?: Format<OptionValues> | undefined;
  /** The flag that names the dialect, for the INFO line (`--input-dialect`, `--from`). */
  flag: string;
}

export type Reading = DialectReading;

/** Decodes `json` with the chosen dialect; undefined when no dialect claims it. */
export function readJson(json: unknown, choice: DialectChoice): Reading | undefined {
  return chooseDialect(json, choice);
}

/** The INFO line for a dialect the user did not name, or undefined when they did. */
export function dialectInfo(reading: Pick<Reading, 'codec' | 'how' | 'note'>, choice: DialectChoice): string | undefined {
  const dialect = `${reading.codec.label} (${reading.codec.id})`;
  const override = `name another with ${choice.flag}`;
  switch (reading.how) {
    case 'given':
      return undefined;
    case 'detected':
      // Detected without a mark of its own: which other dialects fit, and why this one (core's detectionNote).
      return `INFO input dialect detected: ${dialect}; ${reading.note === undefined ? '' : `${reading.note}; `}${override}`;
  }
}
