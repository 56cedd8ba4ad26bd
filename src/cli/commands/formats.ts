/** `parley formats`: the formats with their options, and the JSON dialects. */
import { CODECS, FORMATS, type FormatOption } from '../../core/index.ts';
import { parseArgs } from '../args.ts';
import { EXIT_OK } from '../errors.ts';
import { optionFlag } from '../format-options.ts';
import { writeOut } from '../io.ts';

export const FORMATS_HELP = `Usage: parley formats [--json]

Lists the token formats with their options (flag, type, default, description) and the JSON
dialects that render, validate and convert read and write.

Options:
  --json                 the same as JSON

Exit codes: 0.`;

function flagUsage(option: FormatOption): string {
  const flag = optionFlag(option);
  return option.type === 'boolean' ? flag : `${flag} ${option.type === 'date' ? 'YYYY-MM-DD' : option.type === 'enum' ? option.choices.join('|') : 'TEXT'}`;
}

function defaultText(option: FormatOption): string {
  if (option.default === null) return option.type === 'date' ? 'today' : 'none';
  return JSON.stringify(option.default);
}

function pad(text: string, width: number): string {
  return text.length >= width ? `${text} ` : text.padEnd(width);
}

export async function formatsCommand(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv, [{ flag: '--json', takesValue: false }], 'formats');
  if (args.flags.has('--json')) {
    const json = {
      formats: FORMATS.map((f) => ({ id: f.id, label: f.label, description: f.description, options: f.options.map((o) => ({ ...o, flag: optionFlag(o) })) })),
      dialects: CODECS.map((c) => ({ id: c.id, label: c.label, encodeOptions: (c.encodeOptions ?? []).map((o) => ({ ...o, flag: optionFlag(o) })) })),
    };
    await writeOut(`${JSON.stringify(json, null, 2)}\n`);
    return EXIT_OK;
  }
  const lines: string[] = ['Formats:'];
  const optionLine = (option: FormatOption) => `      ${pad(flagUsage(option), 26)}${pad(option.type, 9)}default ${pad(defaultText(option), 8)}${option.description}`;
  for (const format of FORMATS) {
    lines.push('', `  ${format.id} — ${format.label}`, `    ${format.description}`);
    if (format.options.length > 0) lines.push('    Options:');
    for (const option of format.options) lines.push(optionLine(option));
  }
  lines.push('', 'Dialects (--input-dialect, --output-dialect, --from, --to):');
  for (const codec of CODECS) {
    lines.push(`  ${pad(codec.id, 22)}${codec.label}`);
    const options = codec.encodeOptions ?? [];
    if (options.length > 0) lines.push('    Options when writing it (parley convert --to, parley parse --output-dialect):');
    for (const option of options) lines.push(optionLine(option));
  }
  await writeOut(`${lines.join('\n')}\n`);
  return EXIT_OK;
}
