/**
 * Dataset search benchmark (`npx tsx bench/dataset-search.bench.ts [megabytes]`): generates a
 * JSONL file of about 250 MB in memory (never written to disk) of OpenAI chat records (2.5 KB,
 * a tool call every third), one in a thousand holding the word "Kilimanjaro", and times over the
 * whole file, as the dataset worker runs them (records read from the bytes one at a time):
 * - a text search for a rare word (most records ruled out by the raw prefilter),
 * - a text search for a word in every record (every record decoded),
 * - a regular expression search (no prefilter: every record decoded),
 * - the plan of a replace of the rare word (counts and new lines, not applied),
 * - scoped searches (search-syntax.ts): the rare word in one role, a tool's calls, text in
 *   tool-call arguments, and `key:` conditions (tested on the parsed line, nothing decoded).
 */
import { JsonlIndexer } from '../src/core/dataset/jsonl-indexer.ts';
import type { SearchQuery } from '../src/core/dataset/search/query.ts';
import { compileSearch } from '../src/core/dataset/search/scope.ts';
import { planReplace, searchDataset, type RecordSource } from '../src/core/dataset/search/search-dataset.ts';
import { generate } from './dataset-search-data.ts';

const TARGET_MB = Number(process.argv[2] ?? 250);

const bytes = generate(TARGET_MB);
const indexer = new JsonlIndexer();
indexer.push(bytes);
const { records } = indexer.finish();
const decoder = new TextDecoder();
const source: RecordSource = { ids: Array.from({ length: records.count }, (_, i) => i), textOf: (i) => decoder.decode(bytes.subarray(records.start(i), records.end(i))) };
console.log(`JSONL: ${(bytes.length / 2 ** 20).toFixed(0)} MB, ${records.count.toLocaleString('en')} records`);

async function timed(label: string, query: SearchQuery, replace?: string): Promise<void> {
  const compiled = compileSearch(query);
  if (!compiled.ok) throw new Error(compiled.error);
  const start = performance.now();
  const what = replace === undefined ? await searchDataset(source, compiled.search) : await planReplace(source, compiled.search, replace);
  const ms = performance.now() - start;
  const found = 'ids' in what ? `${what.ids.length.toLocaleString('en')} records, ${what.totalPlaces.toLocaleString('en')} places` : `${what.changes.size.toLocaleString('en')} records, ${what.places.toLocaleString('en')} places`;
  console.log(`${label.padEnd(34)} ${(ms / 1000).toFixed(2).padStart(6)} s  ${((bytes.length / 2 ** 20) / (ms / 1000)).toFixed(0).padStart(5)} MB/s  ${found}`);
}

await timed('text, rare word', { pattern: 'Kilimanjaro', regex: false, caseSensitive: true });
await timed('text, rare word, any case', { pattern: 'kilimanjaro', regex: false, caseSensitive: false });
await timed('text, in every record', { pattern: 'helpful', regex: false, caseSensitive: true });
await timed('regular expression', { pattern: 'Kili\\w+', regex: true, caseSensitive: true });
await timed('replace plan, rare word', { pattern: 'Kilimanjaro', regex: false, caseSensitive: true }, 'Kibo');
await timed('role:user, rare word', { pattern: 'role:user Kilimanjaro', regex: false, caseSensitive: true });
await timed('tool:get_weather (no text)', { pattern: 'tool:get_weather', regex: false, caseSensitive: true });
await timed('in:args, word in every call', { pattern: 'in:args Zurich', regex: false, caseSensitive: true });
await timed('key:, a value in every record', { pattern: 'key:metadata.source=bench', regex: false, caseSensitive: true });
await timed('key:, one record in 2,000', { pattern: 'key:metadata.id=7', regex: false, caseSensitive: true });
