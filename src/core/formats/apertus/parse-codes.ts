/** Stable codes of the Apertus parser's diagnostics. */
export const PARSE_CODES = {
  /** The text does not follow the template's structure (missing or misplaced token, stray text). */
  malformed: 'apertus/parse-malformed',
  /** A special token where the template never writes one: kept as literal text. */
  literalToken: 'apertus/parse-literal-token',
  /** A tool-call list that is not `[{"name": arguments}, …]`: kept as literal text. */
  toolCalls: 'apertus/parse-tool-calls',
  /** The developer section lists tool signatures that no tool definitions render to (left out). */
  toolsNotRecovered: 'apertus/parse-tools-not-recovered',
  /** Render options read from the text (BOS, deliberation, date, generation prompt). */
  option: 'apertus/parse-option',
} as const;
