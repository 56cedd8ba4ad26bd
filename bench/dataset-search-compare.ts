/**
 * Plain text search before and after a change, side by side in one process
 * (`npx tsx bench/dataset-search-compare.ts OLD_ROOT [megabytes] [rounds]`): OLD_ROOT is a copy
 * of an earlier tree (e.g. `mkdir /tmp/old && git archive 03032a3 src | tar -x -C /tmp/old`,
 * with `node_modules` linked in). The same generated file (dataset-search-data.ts) is searched
 * by the old and the new code in turn, `rounds` times each, alternating so that the load of a
 * shared machine falls on both alike; the best and the median of each are printed.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { JsonlIndexer } from '../src/core/dataset/jsonl-indexer.ts';
import type { RecordSource } from '../src/core/dataset/search/search-dataset.ts';
import { generate } from './dataset-search-data.ts';

const [oldRoot, mbArg, roundsArg] = process.argv.slice(2);
if (!oldRoot) throw new Error('usage: dataset-search-compare.ts OLD_ROOT [megabytes] [rounds]');
const MB = Number(mbArg ?? 100);
const ROUNDS = Number(roundsArg ?? 5);

interface SearchQuery {
  pattern: string;
  regex: boolean;
  caseSensitive: boolean;
}
type Search = (source: RecordSource, query: SearchQuery) => Promise<number>;

/** The search of a tree, whichever API it has: compileQuery + searchDataset(matcher) before, compileSearch after. */
async function searchOf(root: string): Promise<Search> {
  const url = (path: string): string => pathToFileURL(resolve(root, path)).href;
  const dataset = (await import(url('src/core/dataset/search/search-dataset.ts'))) as { searchDataset: (source: RecordSource, what: unknown) => Promise<{ ids: number[] }> };
  let scope: { compileSearch?: (q: SearchQuery) => { ok: boolean; search?: unknown; error?: string } } = {};
  try {
    scope = (await import(url('src/core/dataset/search/scope.ts'))) as typeof scope;
  } catch {
    // The old tree: no scope.ts.
  }
  const query = (await import(url('src/core/dataset/search/query.ts'))) as { compileQuery: (q: SearchQuery) => { ok: boolean; matcher?: unknown; error?: string } };
  return async (source, q) => {
    const compiled: { ok: boolean; search?: unknown; matcher?: unknown; error?: string } = scope.compileSearch ? scope.compileSearch(q) : query.compileQuery(q);
    if (!compiled.ok) throw new Error(compiled.error);
    const what = scope.compileSearch ? compiled.search : compiled.matcher;
    return (await dataset.searchDataset(source, what)).ids.length;
  };
}

const bytes = generate(MB);
const indexer = new JsonlIndexer();
indexer.push(bytes);
const { records } = indexer.finish();
const decoder = new TextDecoder();
const source: RecordSource = { ids: Array.from({ length: records.count }, (_, i) => i), textOf: (i) => decoder.decode(bytes.subarray(records.start(i), records.end(i))) };
const before = await searchOf(oldRoot);
const after = await searchOf(resolve(import.meta.dirname, '..'));
console.log(`JSONL: ${(bytes.length / 2 ** 20).toFixed(0)} MB, ${records.count.toLocaleString('en')} records, ${ROUNDS} rounds each, alternating`);

const QUERIES: [string, SearchQuery][] = [
  ['text, rare word', { pattern: 'Kilimanjaro', regex: false, caseSensitive: true }],
  ['text, rare word, any case', { pattern: 'kilimanjaro', regex: false, caseSensitive: false }],
  ['text, in every record', { pattern: 'helpful', regex: false, caseSensitive: true }],
  ['regular expression', { pattern: 'Kili\\w+', regex: true, caseSensitive: true }],
];

const seconds = (ms: number[]): string => {
  const sorted = [...ms].sort((a, b) => a - b);
  return `best ${((sorted[0] as number) / 1000).toFixed(2)} s, median ${((sorted[Math.floor(sorted.length / 2)] as number) / 1000).toFixed(2)} s`;
};

for (const [label, q] of QUERIES) {
  const times: Record<'before' | 'after', number[]> = { before: [], after: [] };
  const found: Record<'before' | 'after', number> = { before: 0, after: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [which, search] of (round % 2 === 0 ? [['before', before], ['after', after]] : [['after', after], ['before', before]]) as ['before' | 'after', Search][]) {
      const start = performance.now();
      found[which] = await search(source, q);
      times[which].push(performance.now() - start);
    }
  }
  if (found.before !== found.after) throw new Error(`${label}: ${found.before} records before, ${found.after} after`);
  console.log(`${label.padEnd(28)} before: ${seconds(times.before)}   after: ${seconds(times.after)}   (${found.after.toLocaleString('en')} records)`);
}
