#!/usr/bin/env node
// The `parley` command. The CLI is written in TypeScript (src/cli); tsx runs it
// directly so that `npx parley` works right after `npm ci`, with no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
