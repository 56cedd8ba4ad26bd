/**
 * What the Jinja part checks (core/checks/structure/rendered-parts.ts: calls, tools, thoughts
 * and texts absent from the render) cost in a record's check: over the real documents of
 * ../shared/interop (or PARLEY_INTEROP_DIR), rendered with the manifest's Qwen2.5 template,
 * `checkRecord` (which renders and runs them) and the part checks alone on the same renders,
 * interleaved in each round (PARLEY_BENCH_ROUNDS, default 20), so that the machine's load hits
 * both alike. `npx tsx bench/jinja-part-checks.ts`
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { checkRecord } from '../src/core/checks/check-record.ts';
import { checkRenderedParts } from '../src/core/checks/structure/rendered-parts.ts';
import { loadFormat } from '../src/core/formats/registry.ts';
import { findCodec } from '../src/core/interchange/registry.ts';
import type { Conversation } from '../src/core/model/types.ts';
import { interopAvailable, interopCases, interopTemplates, interopValues, SKIP_REASON } from '../test/interop/cases.ts';

const ROUNDS = Number(process.env.PARLEY_BENCH_ROUNDS ?? 20);

async function main(): Promise<void> {
  const qwen = interopTemplates().find((t) => t.id === 'qwen2.5');
  if (!interopAvailable || qwen === undefined) {
    console.log(`skipped: ${SKIP_REASON}`);
    return;
  }
  const jinja = await loadFormat('jinja');
  const options = { template: qwen.template };
  const records = interopCases()
    .filter((entry) => entry.dialect !== null && entry.expect.refused === undefined)
    .flatMap((entry) => interopValues(entry).map((value) => findCodec(entry.dialect as string)?.decode(value).record))
    .filter((record): record is Conversation => record?.kind === 'chat');
  const texts = records.map((record) => jinja?.render(record, options, { spans: false }).text ?? '');
  let whole = 0;
  let parts = 0;
  for (let round = 0; round < ROUNDS; round++) {
    let start = performance.now();
    for (const record of records) checkRecord({ record }, { formatId: 'jinja', formatOptions: options }, { once: true });
    whole += performance.now() - start;
    start = performance.now();
    records.forEach((record, i) => checkRenderedParts(record, texts[i] ?? ''));
    parts += performance.now() - start;
  }
  console.log(`${records.length} records, ${ROUNDS} rounds, load ${loadavg()[0]?.toFixed(1)}`);
  console.log(`checkRecord (Jinja, Qwen2.5 template; renders): ${(whole / ROUNDS).toFixed(1)} ms a pass`);
  console.log(`the part checks alone: ${(parts / ROUNDS).toFixed(2)} ms a pass (${((100 * parts) / whole).toFixed(1)}% of checkRecord)`);
}

await main();
