/**
 * Bad input to the command (unreadable file, malformed JSON, unknown format, bad flag): one
 * line on stderr saying what and where, exit code 2, no stack trace.
 */
export const EXIT_OK = 0;
/** The input was read but has errors (render errors, validation errors, lost data). */
export const EXIT_ERRORS = 1;
export const EXIT_BAD_INPUT = 2;

export class CliError extends Error {
  readonly exitCode = EXIT_BAD_INPUT;
}
