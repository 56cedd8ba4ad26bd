/**
 * The entry of the `parley` command: runs `main` with the command line and exits with its code.
 * `bin/parley.js` runs this file compiled into lib/cli.js (vite.cli.config.ts); the CLI tests run
 * it from source under tsx.
 */
import { main } from './main.ts';

process.exitCode = await main(process.argv.slice(2));
