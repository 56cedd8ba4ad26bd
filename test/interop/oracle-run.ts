/**
 * Runs the oracle over one record read from a document: what the test asserts and what
 * `npx tsx test/interop/oracle-report.ts` prints.
 */
import { checkRecord } from '../../src/core/checks/check-record.ts';
import type { CheckProfile } from '../../src/core/checks/profile.ts';
import { FORMATS, findFormat } from '../../src/core/formats/registry.ts';
import type { Format } from '../../src/core/formats/types.ts';
import { branchNamesOf, branchPath, branchRecord, isPreferenceRecord, renderedBranches } from '../../src/core/model/branches.ts';
import { formatPath, type FieldPath } from '../../src/core/model/path.ts';
import type { OptionValues } from '../../src/core/shared/options.ts';
import { CODECS } from '../../src/core/interchange/registry.ts';
import type { InterchangeCodec } from '../../src/core/interchange/types.ts';
import type { Diagnostic } from '../../src/core/model/diagnostic.ts';
import type { ParleyRecord } from '../../src/core/model/types.ts';
import type { InteropTemplate } from './cases.ts';
import { conversionFindings, renderFindings, unnamedDifferences, type Finding } from './oracle.ts';

const jinjaFormat = findFormat('jinja')!;

export interface OracleReport {
  /** `round trip`, `to anthropic`, `render chatml`: the step, and what it found. */
  steps: { step: string; findings: Finding[]; error?: string }[];
}

/** Everything the oracle finds for `record`, read by `codec` with `readerDiagnostics`; `templates`: chat templates rendered with the Jinja format besides its default one. */
export function runOracle(record: ParleyRecord, codec: InterchangeCodec, readerDiagnostics: readonly Diagnostic[], templates: readonly InteropTemplate[] = []): OracleReport {
  const steps: OracleReport['steps'] = [];
  const attempt = (step: string, run: () => Finding[]) => {
    try {
      steps.push({ step, findings: run() });
    } catch (thrown) {
      steps.push({ step, findings: [], error: thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown) });
    }
  };
  attempt('round trip', () => {
    const written = codec.encode(record);
    const back = codec.decode(written.json);
    if (back.record === undefined) return [{ path: [], what: `not read back: ${back.diagnostics.map((d) => d.message).join('; ')}` }];
    return unnamedDifferences(record, back.record, [...written.diagnostics, ...back.diagnostics]);
  });
  for (const target of CODECS) {
    if (target.id === codec.id) continue;
    attempt(`to ${target.id}`, () => {
      const written = target.encode(record);
      const back = target.decode(written.json);
      if (back.record === undefined) return [{ path: [], what: `not read back: ${back.diagnostics.map((d) => d.message).join('; ')}` }];
      return conversionFindings(record, back.record, written.diagnostics, target.id);
    });
  }
  for (const format of FORMATS) attempt(`render ${format.id}`, () => renderedFindings(record, readerDiagnostics, format, { formatId: format.id }));
  for (const { id, template, variables } of templates) {
    attempt(`render jinja ${id}`, () => renderedFindings(record, readerDiagnostics, jinjaFormat, { formatId: 'jinja', formatOptions: { template, variables: JSON.stringify(variables) } }));
  }
  return { steps };
}

/**
 * A render's findings, the record rendered as Parley renders it (`parley render`, the app): a
 * preference record as two conversations, the prompt then each branch; any other record as
 * `wholeRecord` (the prompt then its completion). Findings are at the record's paths
 * (`branches.rejected[0]…`); a finding in the shared prompt is listed once.
 */
function renderedFindings(record: ParleyRecord, readerDiagnostics: readonly Diagnostic[], format: Format<OptionValues>, profile: CheckProfile): Finding[] {
  const renderOne = (conversation: ParleyRecord, toRecordPath: (path: FieldPath) => FieldPath): Finding[] => {
    const rendered = format.render(conversation, profile.formatOptions, { spans: false });
    const checked = checkRecord({ record: conversation, readerDiagnostics }, profile, { formatDiagnostics: rendered.diagnostics, renderText: rendered.text });
    return renderFindings(conversation, rendered.text, checked.diagnostics).map((finding) => ({ ...finding, path: toRecordPath(finding.path) }));
  };
  if (record.kind !== 'chat') return renderOne(record, (path) => path);
  const single = branchNamesOf(record);
  const names = isPreferenceRecord(record) ? renderedBranches(record) : single.length === 1 ? single : [];
  if (names.length === 0) return renderOne(record, (path) => path);
  const findings = names.flatMap((name) => renderOne(branchRecord(record, name), (path) => branchPath(record, name, path)));
  const seen = new Set<string>();
  return findings.filter((finding) => {
    const key = `${formatPath(finding.path)} ${finding.what}`;
    return !seen.has(key) && (seen.add(key), true);
  });
}
