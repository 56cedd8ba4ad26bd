/**
 * `npm test`: every test, in three stages, each keeping the two cores of a CI machine busy
 * (docs/testing.md, "How long it takes"):
 * 1. types and lint side by side (each is one process on one core);
 * 2. the unit tests beside the end-to-end suite's build (Vite's build is mostly one core, and the
 *    unit stage waits on child processes and npm now and then);
 * 3. the end-to-end suite, serving that build (PREBUILT_ENV) instead of building again.
 * A stage that fails stops the run, as `a && b && c` would.
 */
import { DIST_DIR, E2E_BUILD_ARGS, PREBUILT_ENV } from '../e2e/dist-dir.ts';
import { npmScript, sideBySide } from './side-by-side.ts';

const e2eBuild = { name: `e2e build (${DIST_DIR})`, program: 'npx', args: E2E_BUILD_ARGS };

const stages = [
  [npmScript('typecheck'), npmScript('lint')],
  [npmScript('test:unit'), e2eBuild],
  [npmScript('test:e2e', { [PREBUILT_ENV]: '1' })],
];

let passed = true;
for (const stage of stages) {
  passed = await sideBySide(stage);
  if (!passed) break;
}
process.exitCode = passed ? 0 : 1;
