/**
 * Why two renders of a record differ, when an option is the reason: each boolean or enum option
 * of a side's format is set, one at a time, to each of its other values, and the side rendered
 * again; an option that makes both texts equal is named (ChatML's "Tool-call arguments:
 * as-given" against a template given OpenAI strings). Only one option at a time: a difference
 * that needs two changed at once is not explained, and is said to be none of these.
 */
import type { Format } from '../formats/types.ts';
import type { ParleyRecord } from '../model/types.ts';
import type { FormatOption, OptionValues } from '../shared/options.ts';
import type { CompareSide, Rendering } from './compare-record.ts';

/** An option of one side whose other value makes the two texts equal. */
export interface OptionExplanation {
  side: CompareSide;
  key: string;
  /** The option's label, as the toolbar shows it. */
  label: string;
  value: boolean | string;
}

/**
 * Renders tried at most, over both sides: each costs one render of the record (a Llama 3.1
 * side has 3 such options of 2 values, ChatML 2), and Compare runs this after a keystroke. A
 * format with more alternatives than this has the rest untried.
 */
export const MAX_EXPLAIN_RENDERS = 16;

function alternatives(option: FormatOption, current: unknown): (boolean | string)[] {
  if (option.type === 'boolean') return [!(current === true)];
  if (option.type === 'enum') return option.choices.filter((choice) => choice !== current);
  return [];
}

function currentValue(format: Format<OptionValues>, options: Partial<OptionValues>, option: FormatOption): unknown {
  return options[option.key] ?? format.defaults[option.key] ?? option.default;
}

export interface ExplainHow {
  /** The sides that may be rendered again (default both; the app leaves out a side its worker renders). */
  sides?: readonly CompareSide[];
  /** The two renders' texts when the caller has them (a side rendered elsewhere): not rendered again. */
  texts?: { a: string; b: string };
}

/**
 * The options that make the texts equal, side a's first. Empty when the texts are equal already
 * or no single option explains the difference.
 */
export function explainDifference(record: ParleyRecord, a: Rendering, b: Rendering, how: ExplainHow = {}): OptionExplanation[] {
  const textOf = (side: Rendering, options: Partial<OptionValues>): string => side.format.render(record, options, { spans: false }).text;
  const sides = how.sides ?? ['a', 'b'];
  const texts = how.texts ?? { a: textOf(a, a.options), b: textOf(b, b.options) };
  if (texts.a === texts.b) return [];
  const found: OptionExplanation[] = [];
  let renders = 0;
  for (const name of sides) {
    const side = name === 'a' ? a : b;
    const other = texts[name === 'a' ? 'b' : 'a'];
    for (const option of side.format.options) {
      for (const value of alternatives(option, currentValue(side.format, side.options, option))) {
        if (renders >= MAX_EXPLAIN_RENDERS) return found;
        renders += 1;
        if (textOf(side, { ...side.options, [option.key]: value }) === other) found.push({ side: name, key: option.key, label: option.label, value });
      }
    }
  }
  return found;
}
