/**
 * Options as the formats (render and parse options) and the JSON dialects (encode options)
 * describe them, so that the toolbar, the CLI and `parley formats` offer both the same way.
 */

/** One option, described for the toolbar, the CLI and `parley formats`. */
export type FormatOption =
  | { key: string; label: string; description: string; type: 'boolean'; default: boolean; cliFlag?: string }
  | { key: string; label: string; description: string; type: 'string'; default: string; cliFlag?: string }
  | { key: string; label: string; description: string; type: 'date'; default: string | null; cliFlag?: string }
  | { key: string; label: string; description: string; type: 'enum'; default: string; choices: readonly string[]; cliFlag?: string };

/**
 * Option values by key (a caller may give some; the rest take their defaults). A number is a
 * value that no descriptor offers (the Jinja template budget, `budgetSteps`): given by the
 * command's own flag or the app's worker, never by the toolbar or a share link.
 */
export type OptionValues = Record<string, boolean | string | number | null>;
