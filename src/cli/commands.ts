/** The subcommands of `parley`, with their help. */
import { COMPARE_HELP, compareCommand } from './commands/compare.ts';
import { CONVERT_HELP, convertCommand } from './commands/convert.ts';
import { FORMATS_HELP, formatsCommand } from './commands/formats.ts';
import { PARSE_HELP, parseCommand } from './commands/parse.ts';
import { RENDER_HELP, renderCommand } from './commands/render.ts';
import { REVIEW_HELP, reviewCommand } from './commands/review.ts';
import { STATS_HELP, statsCommand } from './commands/stats.ts';
import { TOKENIZE_HELP, tokenizeCommand } from './commands/tokenize.ts';
import { VALIDATE_HELP, validateCommand } from './commands/validate.ts';

export interface Command {
  summary: string;
  help: string;
  run(argv: readonly string[]): Promise<number>;
}

export const COMMANDS: Readonly<Record<string, Command>> = {
  render: { summary: 'conversation JSON → the format\'s exact text', help: RENDER_HELP, run: renderCommand },
  parse: { summary: 'the format\'s text → conversation JSON', help: PARSE_HELP, run: parseCommand },
  validate: { summary: 'list the problems of a conversation', help: VALIDATE_HELP, run: validateCommand },
  convert: { summary: 'convert between JSON dialects', help: CONVERT_HELP, run: convertCommand },
  tokenize: { summary: 'conversation JSON → input_ids, labels and tokens', help: TOKENIZE_HELP, run: tokenizeCommand },
  compare: { summary: 'what differs between two renderings of each record (format, template, tokenizer)', help: COMPARE_HELP, run: compareCommand },
  stats: { summary: 'lengths, tokens, problems and duplicates of a dataset', help: STATS_HELP, run: statsCommand },
  review: { summary: 'merge, agreement, split and join of review work (review files, reviewers\' copies)', help: REVIEW_HELP, run: reviewCommand },
  formats: { summary: 'list formats, their options and the JSON dialects', help: FORMATS_HELP, run: formatsCommand },
};

export const MAIN_HELP = `Usage: parley COMMAND [options] [FILE|-]

Renders, parses, validates and converts LLM chat-format data (FILE, or stdin for - or none).

Commands:
${Object.entries(COMMANDS)
  .map(([name, command]) => `  ${name.padEnd(10)}${command.summary}`)
  .join('\n')}

parley COMMAND --help shows a command's options.
Exit codes: 0 success; 1 the input has errors; 2 bad input (file, JSON, format, dialect, flag).`;
