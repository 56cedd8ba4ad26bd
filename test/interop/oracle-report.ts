/**
 * Prints what the oracle finds over every interop document, one finding a line (the test says
 * only pass or fail): `npx tsx test/interop/oracle-report.ts [id-substring]`. Documents no
 * reader takes, or takes only with errors, are left out (the test checks they are refused).
 */
import { FORMATS, loadFormat } from '../../src/core/formats/registry.ts';
import { detectDialect, findCodec } from '../../src/core/interchange/registry.ts';
import { interopCases, interopTemplates, interopValues } from './cases.ts';
import { describeFindings } from './oracle.ts';
import { runOracle } from './oracle-run.ts';

for (const format of FORMATS) await loadFormat(format.id);
const only = process.argv[2];
const templates = interopTemplates();
for (const entry of interopCases()) {
  if (only !== undefined && !entry.id.includes(only)) continue;
  interopValues(entry).forEach((value, n) => {
    const codec = entry.dialect === null ? detectDialect(value)?.codec : findCodec(entry.dialect);
    if (codec === undefined) return;
    const { record, diagnostics } = codec.decode(value);
    if (record === undefined || (entry.dialect === null && diagnostics.some((d) => d.severity === 'error'))) return;
    for (const { step, findings, error } of runOracle(record, codec, diagnostics, templates).steps) {
      if (error !== undefined) console.log(`${entry.id}#${n} ${step}: THROWS ${error.split('\n')[0]}`);
      for (const line of describeFindings(findings)) console.log(`${entry.id}#${n} ${step}: ${line}`);
    }
  });
}
