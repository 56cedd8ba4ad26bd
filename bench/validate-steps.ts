/**
 * What each step of `parley validate --format apertus --rules`' quick path costs per record,
 * beside `JSON.parse` of the line, in one process (`npx tsx bench/validate-steps.ts [N]`): every
 * line of N conversations of 100 messages (bench/conversations.ts; default 1,000) is parsed,
 * then one step runs on it; the step's cost is the pass's CPU time minus the pass that only
 * parses, best of PARLEY_BENCH_ROUNDS (default 7) interleaved rounds. One process and best-of
 * rounds make the shares steadier than whole commands on a loaded machine; they leave out what
 * the command does around the steps (reading, writing, --notes). The rules: docs/rules.example.json
 * without its token rules.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as zlib from 'node:zlib';
import { lineContentKey } from '../src/cli/duplicate-lines.ts';
import { checkProvenClean, cleanCheckFor, cleanNativeReadingHow, cleanRuleSubjectFor, findFormat, findJsonTooDeep, parseLintRules, type CheckProfile, type LintRules } from '../src/core/index.ts';
import { conversationsJsonl } from './conversations.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.PARLEY_BENCH_ROUNDS ?? 7);
const CONVERSATIONS = Number(process.argv[2] ?? 1000);

function main(): void {
  const lines = conversationsJsonl(CONVERSATIONS, 100).trim().split('\n');
  const example = JSON.parse(readFileSync(join(ROOT, 'docs', 'rules.example.json'), 'utf8')) as Record<string, unknown>;
  delete example.$schema;
  delete example.maxTokens;
  delete example.minTrainedShare;
  const rules = (parseLintRules(JSON.stringify(example)) as { ok: true; rules: LintRules }).rules;
  const { forbiddenText, ...roleRules } = rules;
  const profile = (of: LintRules): CheckProfile => ({ formatId: 'apertus', rules: of });
  const format = findFormat('apertus');
  const isClean = cleanCheckFor('apertus');
  const subjectOf = cleanRuleSubjectFor('apertus');
  if (!format || !isClean || !subjectOf) throw new Error('the Apertus clean check is missing');
  const steps: Record<string, (text: string, json: unknown) => unknown> = {
    'JSON.parse alone': () => 0,
    'depth walk (findJsonTooDeep)': (_text, json) => findJsonTooDeep(json),
    'duplicate key (SHA-1 of the text)': (text) => lineContentKey(text),
    '(for comparison: zlib CRC-32 of the text)': (text) => zlib.crc32(text),
    'clean check': (_text, json) => isClean(json),
    'dialect reading (detection)': (_text, json) => cleanNativeReadingHow(json, format, {}),
    'rules, all': (_text, json) => checkProvenClean(subjectOf(json), profile(rules)),
    'rules on roles only': (_text, json) => checkProvenClean(subjectOf(json), profile(roleRules)),
    'forbiddenText only': (_text, json) => checkProvenClean(subjectOf(json), profile({ forbiddenText })),
  };
  if (typeof zlib.crc32 !== 'function') delete steps['(for comparison: zlib CRC-32 of the text)'];
  const best = new Map<string, number>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, step] of Object.entries(steps)) {
      const start = process.cpuUsage();
      for (const text of lines) step(text, JSON.parse(text));
      const used = process.cpuUsage(start);
      best.set(name, Math.min(best.get(name) ?? Infinity, (used.user + used.system) / 1000));
    }
  }
  const parse = best.get('JSON.parse alone') as number;
  process.stdout.write(`Node ${process.version}, ${CONVERSATIONS} conversations, ${ROUNDS} rounds, load average ${loadavg()[0]?.toFixed(1)}\n| step | CPU ms | beyond the parse | ÷ the parse |\n| --- | --- | --- | --- |\n`);
  for (const [name, ms] of best) process.stdout.write(`| ${name} | ${ms.toFixed(1)} | ${name === 'JSON.parse alone' ? '' : (ms - parse).toFixed(1)} | ${name === 'JSON.parse alone' ? '1.00' : ((ms - parse) / parse).toFixed(2)} |\n`);
}

main();
