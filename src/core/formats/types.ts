/**
 * The contract every token format implements (see docs/architecture.md, 'Contract: format'). Adding a format is
 * adding one folder under src/core/formats and one line in registry.ts.
 */
import type { Diagnostic } from '../model/diagnostic.ts';
import type { FieldPath } from '../model/path.ts';
import type { ParleyRecord } from '../model/types.ts';
import type { FormatOption, OptionValues } from '../shared/options.ts';

/** special: a special token; content: text the author wrote; structure: text the format adds (JSON punctuation, tags, separators). */
export type SpanKind = 'special' | 'content' | 'structure';

/**
 * A range of the rendered text `[start, end)` in UTF-16 code units. The spans of a render are
 * sorted, do not overlap and cover every character of the text.
 */
export interface Span {
  start: number;
  end: number;
  kind: SpanKind;
  /** The field that produced the text (`[]` for text no field produced, e.g. a default prompt). */
  path: FieldPath;
  /** Part of the training target (by default: what the assistant writes). */
  trainable: boolean;
}

/** How to render, beyond the format's options. */
export interface RenderHow {
  /**
   * `false`: the caller uses the text and diagnostics only (the command line), so the render
   * skips building spans and returns none. Default `true` (the app's preview needs them).
   */
  spans?: boolean;
  /**
   * `false`: the caller uses the diagnostics only (`parley validate`), so the render skips
   * building the text and returns `''`; the diagnostics are those of a full render. Default
   * `true`.
   */
  text?: boolean;
}

export interface Rendered {
  text: string;
  spans: Span[];
  diagnostics: Diagnostic[];
}

export interface ParseResult<R extends ParleyRecord = ParleyRecord> {
  record: R;
  diagnostics: Diagnostic[];
}

export interface SpecialToken {
  token: string;
  /** One line saying what the token means (shown on hover in the preview). */
  doc: string;
}

/**
 * The roles a format writes, for the structural checks (core/checks/structure): a message with
 * any other role is an error there (`structure/unknown-role`), listed once, so the render does
 * not report it again.
 */
export interface FormatRoles {
  /** The roles the format writes a turn for. */
  writes: readonly string[];
  /**
   * Roles the render reports itself, in the format's words and often with a fix of its own
   * (Apertus and OpenChatML: a developer message, made the system message; OpenChatML: a role
   * its header cannot hold): not reported again.
   */
  reportsItself?: (role: string) => boolean;
  /** What the format does with another role: the end of the structural error's sentence ("the template raises"). */
  otherwise: string;
}

export interface Format<O extends OptionValues = OptionValues> {
  id: string;
  label: string;
  description: string;
  options: readonly FormatOption[];
  /** The option values used when a caller gives none. */
  defaults: O;
  specialTokens: readonly SpecialToken[];
  /** Which record kinds the format can render. */
  recordKinds: readonly ParleyRecord['kind'][];
  /**
   * The roles the format writes (structural checks). Absent: the format writes whatever its
   * template does with a role (Jinja), and the structural checks look for each message's
   * content in the render instead.
   */
  roles?: FormatRoles;
  /** The format writes fill-in-the-middle segments (the editors then offer to make them). */
  fillInTheMiddle?: boolean;
  /**
   * The id of the JSON dialect the format's own reference renders from (Apertus: `apertus-json`,
   * the JSON its official chat template takes), if it has one. Input that this dialect reads
   * without errors is read as it, because then the render is exactly what the reference makes
   * of that JSON; and `parse` writes it by default. Formats without one parse to `parley-json`.
   */
  nativeDialect?: string;
  /**
   * `true`: keys the native dialect does not know are expected in this format's input (a Jinja
   * template's variables: `bos_token`, `documents`, …), so a clean reading by the native dialect
   * that keeps such keys is still chosen over a detected one.
   */
  nativeKeepsUnknown?: boolean;
  /**
   * `false`: the format cannot read its text back (a Jinja template is a program, not a
   * grammar); its `parse` says so with an error. Absent: it can.
   */
  parsesBack?: false;
  /**
   * Formats whose renderer and parser are loaded on demand (on-demand.ts: ChatML, Llama 3.1,
   * harmony, Jinja; kept out of the app's start-up bundle) load them here, once. Until it has
   * resolved, `render` returns empty text with an info diagnostic `format/loading` and `parse`
   * an error `format/not-loaded`. Every caller that renders or parses at once (the command line,
   * a library user, a test) awaits `format.prepare?.()` first, or gets the format with
   * `loadFormat(id)` (registry.ts), which does.
   */
  prepare?(): Promise<void>;
  render(record: ParleyRecord, options?: Partial<O>, how?: RenderHow): Rendered;
  parse(text: string, options?: Partial<O>): ParseResult;
}
