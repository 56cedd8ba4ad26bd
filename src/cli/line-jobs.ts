/** The commands that stream JSON Lines, by name, so that a worker can build the same line job. */
import { convertLineJob } from './commands/convert.ts';
import { parseLineJob } from './commands/parse.ts';
import { renderLineJob } from './commands/render.ts';
import { tokenizeLineJob } from './commands/tokenize.ts';
import { validateLineJob } from './commands/validate.ts';
import type { LineJob } from './line-job.ts';

const LINE_JOBS = { render: renderLineJob, validate: validateLineJob, convert: convertLineJob, parse: parseLineJob, tokenize: tokenizeLineJob } satisfies Record<string, (argv: readonly string[]) => LineJob>;

export type LineJobName = keyof typeof LINE_JOBS;

export function lineJobFor(command: LineJobName, argv: readonly string[]): LineJob {
  return LINE_JOBS[command](argv);
}
