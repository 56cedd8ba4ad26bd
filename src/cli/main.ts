/**
 * The `parley` command: `bin/parley.js` runs `main(argv)` and exits with its code. Bad input is
 * one line on stderr and exit code 2; nothing here prints a stack trace.
 */
import { COMMANDS, MAIN_HELP } from './commands.ts';
import { CliError, EXIT_BAD_INPUT, EXIT_OK } from './errors.ts';
import { prepareFormat, wantsHelp } from './format-args.ts';
import { writeErr, writeOut } from './io.ts';

/** A reader that closes the pipe early (`parley render … | head`) is not an error. */
function ignoreClosedPipe(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? EXIT_OK);
  });
}

export async function main(argv: string[]): Promise<number> {
  ignoreClosedPipe();
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    const topic = name === 'help' ? rest[0] : undefined;
    const command = topic === undefined ? undefined : COMMANDS[topic];
    if (topic !== undefined && !command) return unknownCommand(topic);
    // `parley` alone is a usage error (usage on stderr, exit 2); asking for help is not.
    if (name === undefined) {
      writeErr(MAIN_HELP);
      return EXIT_BAD_INPUT;
    }
    await writeOut(`${command ? command.help : MAIN_HELP}\n`);
    return EXIT_OK;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) return unknownCommand(name);
  if (wantsHelp(rest)) {
    await writeOut(`${command.help}\n`);
    return EXIT_OK;
  }
  try {
    await prepareFormat(rest);
    return await command.run(rest);
  } catch (error) {
    return fail(error);
  }
}

function unknownCommand(name: string): number {
  writeErr(`parley: unknown command ${JSON.stringify(name)} (commands: ${Object.keys(COMMANDS).join(', ')}; see parley --help)`);
  return EXIT_BAD_INPUT;
}

function fail(error: unknown): number {
  if (error instanceof CliError) {
    writeErr(`parley ${error.message}`);
    return error.exitCode;
  }
  // A bug, not bad input: still one line, so that scripts can show it; exit 2 as well.
  writeErr(`parley: internal error: ${error instanceof Error ? error.message : String(error)}`);
  return EXIT_BAD_INPUT;
}
