/**
 * Runs npm scripts at the same time and fails if any fails (`tsx scripts/run-together.ts typecheck
 * lint`), each being one process on one core where CI has two (scripts/side-by-side.ts). The first
 * script's output is shown as it comes, the others' whole when each ends.
 */
import { npmScript, sideBySide } from './side-by-side.ts';

const scripts = process.argv.slice(2);
if (scripts.length === 0) throw new Error('usage: tsx scripts/run-together.ts SCRIPT [SCRIPT …]');
process.exitCode = (await sideBySide(scripts.map((script) => npmScript(script)))) ? 0 : 1;
