/**
 * Lint rules benchmark (`npx tsx bench/rules.bench.ts [records]`): what checkRules costs per
 * record, beside Node's JSON.parse of the same lines (the floor any check of a JSON Lines file
 * pays), on the generated dataset of bench/dataset-data.ts (~2.5 KB records). Each figure is
 * the median of 3 rounds in this one process. The records are decoded once beforehand: decoding
 * is the dataset's cost, not the rules'.
 */
import { readFileSync } from 'node:fs';
import { checkRules, parseLintRules, type LintRules } from '../src/core/checks/rules/index.ts';
import { decodeRecordText } from '../src/core/dataset/record-decode.ts';
import { textFields } from '../src/core/dataset/search/text-fields.ts';
import { compileSafeRegex } from '../src/core/checks/rules/regex/match.ts';
import type { ParleyRecord } from '../src/core/model/types.ts';
import { recordLine } from './dataset-data.ts';

const RECORDS = Number(process.argv[2] ?? 20_000);
const ROUNDS = 3;

// The bad lines (every 1,000th) are left out: JSON.parse would throw on them, and they reach no rule.
const lines = Array.from({ length: RECORDS }, (_, i) => recordLine(i)).filter((_, i) => i % 1000 !== 999);
const bytes = lines.reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);
const records: ParleyRecord[] = [];
for (const [i, line] of lines.entries()) {
  const decoded = decodeRecordText(line, i + 1);
  if (decoded.ok) records.push(decoded.record);
}

const example = parseLintRules(readFileSync(new URL('../docs/rules.example.json', import.meta.url), 'utf8'));
if (!example.ok) throw new Error(example.message);
const { maxTokens: _maxTokens, minTrainedShare: _minTrainedShare, ...withoutTokens } = example.rules;

function median(run: () => void): number {
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const began = performance.now();
    run();
    times.push(performance.now() - began);
  }
  return times.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!;
}

function rules(name: string, set: LintRules): [string, number] {
  let found = 0;
  const ms = median(() => {
    found = 0;
    for (const record of records) found += checkRules(record, set).length;
  });
  console.log(`  (${name}: ${found.toLocaleString('en')} diagnostics)`);
  return [name, ms];
}

const rows: [string, number][] = [
  ['JSON.parse of each line (the floor)', median(() => lines.forEach((line) => JSON.parse(line)))],
  rules('checkRules, docs/rules.example.json without the token rules', withoutTokens),
  rules('checkRules, the message rules only (no forbiddenText)', { ...withoutTokens, forbiddenText: undefined }),
  rules('checkRules, forbiddenText: one plain text', { forbiddenText: { patterns: [{ text: 'As an AI language model' }] } }),
  rules('checkRules, forbiddenText: one regex, flag i', { forbiddenText: { patterns: [{ regex: "\\bI (?:can't|cannot) (?:help|assist) with that\\b", flags: 'i' }] } }),
  rules('checkRules, forbiddenText: /\\bas an ai\\b/i', { forbiddenText: { patterns: [{ regex: '\\bas an ai\\b', flags: 'i' }] } }),
  // What the same search costs with JavaScript's backtracking engine, which a rules file could hang: the price of the safe engine.
  ['for comparison: the last pattern with JavaScript\'s RegExp (unsafe)', median(() => {
    const native = /\bas an ai\b/i;
    for (const record of records) for (const field of textFields(record)) native.test(field.text);
  })],
];

const mb = bytes / 1e6;
console.log(`${RECORDS.toLocaleString('en')} records, ${mb.toFixed(1)} MB of JSON Lines, median of ${ROUNDS} rounds, one core`);
console.log('| what | time | MB/s | records/s |');
console.log('|---|---|---|---|');
for (const [name, ms] of rows) console.log(`| ${name} | ${ms.toFixed(0)} ms | ${(mb / (ms / 1000)).toFixed(0)} | ${Math.round(records.length / (ms / 1000)).toLocaleString('en')} |`);

// Worst cases of one search: patterns that keep many threads alive, stopped by the step budget.
console.log('\nWorst cases, one search each:');
for (const size of [10_000, 1_000_000]) {
  const text = 'ab '.repeat(size / 3);
  for (const source of ['(?:.*){600}x', '(?:[ab ]*){50}x', '[ab ]*[ab ]*[ab ]*x']) {
    const compiled = compileSafeRegex(source);
    if (!compiled.ok) throw new Error(compiled.message);
    const began = performance.now();
    const result = compiled.regex.find(text);
    console.log(`  ${source} over ${text.length.toLocaleString('en')} characters: ${(performance.now() - began).toFixed(0)} ms, ${result === undefined ? 'no match' : 'stopped' in result ? `stopped after ${result.steps.toLocaleString('en')} steps` : 'a match'}`);
  }
}
