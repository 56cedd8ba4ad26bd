import type { OptionValues, ParleyRecord } from '../../core/index.ts';

/** One conversation or document of the gallery, built fresh (new ids) each time it is opened. */
export interface Example {
  id: string;
  title: string;
  /** What the example shows, and anything surprising about it. */
  description: string;
  /** Where it comes from: spec and section. */
  source: string;
  /** The format it is shown in, and the options that differ from that format's defaults (the others are reset to the defaults). */
  formatId: string;
  options: OptionValues;
  build: () => ParleyRecord;
  /**
   * The text the spec shows for this example, when the spec shows rendered text (OpenChatML).
   * `exact`: the preview equals it byte for byte; otherwise the description says why not.
   */
  specText?: { text: string; exact: boolean };
}
