/**
 * The structural checks' share of the one check of a record, in one process: `checkRecord` of
 * 500 generated conversations of 100 messages (16 MB of JSON) per format, and `checkStructure`
 * of the same records; the best of 15 runs each. `npx tsx bench/structure.bench.ts`.
 */
import { makeConversation } from './conversations.ts';
import { checkRecord, checkStructure, dialectContextOf } from '../src/core/checks/index.ts';
import { decodeRecordText } from '../src/core/dataset/record-decode.ts';
import { loadFormat } from '../src/core/formats/registry.ts';
import type { ParleyRecord } from '../src/core/model/types.ts';

const RECORDS = 500;
const RUNS = 15;

function best(work: () => void): number {
  let least = Infinity;
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    work();
    least = Math.min(least, performance.now() - start);
  }
  return least;
}

async function main(): Promise<void> {
  for (const formatId of ['apertus', 'chatml']) {
    const format = await loadFormat(formatId);
    if (format === undefined) throw new Error(formatId);
    const records: ParleyRecord[] = [];
    for (let i = 0; i < RECORDS; i++) {
      const decoded = decodeRecordText(JSON.stringify(makeConversation(100, i)), i + 1, dialectContextOf({ formatId }));
      if ('record' in decoded) records.push(decoded.record);
    }
    const whole = best(() => records.forEach((record) => checkRecord({ record }, { formatId }, { once: true })));
    const structure = best(() => records.forEach((record) => checkStructure(record, format)));
    console.log(`${formatId}: checkRecord ${whole.toFixed(1)} ms for ${RECORDS} records, checkStructure ${structure.toFixed(1)} ms (${((100 * structure) / whole).toFixed(1)} %)`);
  }
}

void main();
