/** The commands that stream JSON Lines, by name, so that a worker can build the same line job. */
import { compareLineJob, prepareCompare } from './commands/compare.ts';
import { convertLineJob } from './commands/convert.ts';
import { parseLineJob } from './commands/parse.ts';
import { renderLineJob } from './commands/render.ts';
import { tokenizeLineJob } from './commands/tokenize.ts';
import { validateLineJob } from './commands/validate.ts';
import { prepareFormat } from './format-args.ts';
import type { LineJob } from './line-job.ts';

const LINE_JOBS = { render: renderLineJob, validate: validateLineJob, convert: convertLineJob, parse: parseLineJob, tokenize: tokenizeLineJob, compare: compareLineJob } satisfies Record<string, (argv: readonly string[]) => LineJob>;

export type LineJobName = keyof typeof LINE_JOBS;

export function lineJobFor(command: LineJobName, argv: readonly string[]): LineJob {
  return LINE_JOBS[command](argv);
}

/** Loads the format code the command's job renders with, before a worker builds it (compare has two formats, in --a and --b). */
export async function prepareLineJob(command: LineJobName, argv: readonly string[]): Promise<void> {
  await (command === 'compare' ? prepareCompare(argv) : prepareFormat(argv));
}
