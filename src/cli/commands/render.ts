/** `parley render`: a conversation (JSON) → the format's exact text on stdout. */
import { hasErrors, type Diagnostic, type Format, type OptionValues } from '../../core/index.ts';
import { inputArgument } from '../args.ts';
import type { DialectChoice } from '../dialect.ts';
import { DialectNote } from '../dialect-note.ts';
import { CliError, EXIT_ERRORS, EXIT_OK } from '../errors.ts';
import { parseFormatArgs } from '../format-args.ts';
import { decodeJsonText, failureDiagnostic } from '../input.ts';
import { inputName, readInputLines, readInputText, writeErr, writeOut } from '../io.ts';
import { isBlank, isJsonl, JSONL_FLAG } from '../jsonl.ts';
import { diagnosticLine } from '../print.ts';
import { optionalCodec } from '../registries.ts';

export const RENDER_HELP = `Usage: parley render --format ID [options] [FILE|-]

Renders one conversation (JSON: {"messages": [...], "tools": [...]} or a bare messages array)
to the format's exact token text, written to stdout with nothing added.

Options:
  --format ID            the token format (see parley formats)
  --input-dialect ID     the JSON dialect of the input (default: the format's native dialect
                         when it reads the input without errors, else detected; an INFO line
                         on stderr says which)
  --jsonl                the input is JSON Lines (also for a *.jsonl file): one conversation per
                         line in, one {"line", "text", "diagnostics"} object per line out
  <format options>       the format's own flags, e.g. for apertus: --add-generation-prompt,
                         --no-thinking, --bos TEXT, --date YYYY-MM-DD (see parley formats)

Diagnostics go to stderr as "LEVEL path: message".
Exit codes: 0 rendered; 1 rendered with errors (the text is still written); 2 bad input.`;

const SPECS = [{ flag: '--input-dialect', takesValue: true, valueName: 'ID' }, JSONL_FLAG];

export async function renderCommand(argv: readonly string[]): Promise<number> {
  const { args, format, options } = parseFormatArgs(argv, 'render', SPECS);
  const choice: DialectChoice = { given: optionalCodec(args, '--input-dialect', 'render'), format, flag: '--input-dialect' };
  const file = inputArgument(args, 'render');
  if (isJsonl(args, file)) return renderLines(file, format, options, choice);

  const name = inputName(file);
  const decoded = decodeJsonText(await readInputText(file, 'render'), choice, name);
  if (!decoded.ok) throw new CliError(`render: ${decoded.message}`);
  new DialectNote(choice, format.id).say(decoded);
  const rendered = format.render(decoded.record, options);
  await writeOut(rendered.text);
  const diagnostics = [...decoded.diagnostics, ...rendered.diagnostics];
  for (const diagnostic of diagnostics) writeErr(diagnosticLine(diagnostic));
  return hasErrors(diagnostics) ? EXIT_ERRORS : EXIT_OK;
}

async function renderLines(file: string | undefined, format: Format<OptionValues>, options: Partial<OptionValues>, choice: DialectChoice): Promise<number> {
  const name = inputName(file);
  const note = new DialectNote(choice, format.id);
  let records = 0;
  let failed = 0;
  for await (const line of readInputLines(file, 'render')) {
    if (isBlank(line.text)) continue;
    records += 1;
    const decoded = decodeJsonText(line.text, choice, name, line.number);
    note.say(decoded, `${name}:${line.number}`);
    let out: { line: number; text: string | null; diagnostics: Diagnostic[] };
    if (!decoded.ok) {
      out = { line: line.number, text: null, diagnostics: [failureDiagnostic(decoded)] };
    } else {
      const rendered = format.render(decoded.record, options);
      out = { line: line.number, text: rendered.text, diagnostics: [...decoded.diagnostics, ...rendered.diagnostics] };
    }
    if (hasErrors(out.diagnostics)) failed += 1;
    await writeOut(`${JSON.stringify(out)}\n`);
  }
  if (failed > 0) writeErr(`render: ${failed} of ${records} records in ${name} have errors (see their diagnostics)`);
  return failed > 0 ? EXIT_ERRORS : EXIT_OK;
}
