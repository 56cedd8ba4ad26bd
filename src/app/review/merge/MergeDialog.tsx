/**
 * "Merge reviewers' work…": the original dataset and the reviewers' edited copies and/or their
 * review files, chosen together. Datasets merge by field (merge-session.ts); each conflict is
 * shown three ways (original, A, B) with "Take A", "Take B" and "Edit"; the merged dataset is
 * downloaded or opened. Review files merge (statuses by reviewer, comments joined) and their
 * agreement report is shown, each disagreement a button that opens its record and one that lists
 * only its record (a filter of the list); all of them can be listed together.
 */
import { useState } from 'react';
import { locatorText, pathText, type ConflictResolution, type JsonlMerge } from '../../../core/index.ts';
import { Dialog } from '../../layout/Dialog.tsx';
import { downloadFile } from '../../layout/download-file.ts';
import { mutedText, primaryButton, toolbarButton, toolbarInput } from '../../layout/ui.ts';
import { useAppStore } from '../../store/index.ts';
import { editedResolution, isManifestName, isReviewFileName, joinParts, mergeDatasets, mergedBytes, mergeReviews, shownNumber, sideWhere, takeSide, type NamedBytes, type ReviewsMerged } from './merge-session.ts';
import { filterDisagreements, openDisagreement } from './open-disagreement.ts';

const show = (value: unknown): string => (value === undefined ? '(absent, deleted or not in this part)' : JSON.stringify(value, null, 2));

async function readAll(files: FileList | null): Promise<NamedBytes[]> {
  return Promise.all(Array.from(files ?? []).map(async (file) => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })));
}

interface DatasetState {
  merge: JsonlMerge;
  names: string[];
  baseName: string;
  resolutions: Map<number, ConflictResolution>;
  how: Map<number, string>;
}

export function MergeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [base, setBase] = useState<NamedBytes | undefined>();
  const [others, setOthers] = useState<NamedBytes[]>([]);
  const [dataset, setDataset] = useState<DatasetState | undefined>();
  const [reviews, setReviews] = useState<ReviewsMerged | undefined>();
  const [problem, setProblem] = useState<string | undefined>();

  const run = (): void => {
    setProblem(undefined);
    const decoder = new TextDecoder();
    const manifest = others.find((file) => isManifestName(file.name));
    const reviewFiles = others.filter((file) => isReviewFileName(file.name));
    const datasets = others.filter((file) => !isReviewFileName(file.name) && !isManifestName(file.name));
    try {
      if (manifest) {
        // Parts of a split (parley review split): joined back onto the original, their reviews with them.
        if (!base) throw new Error('Choose the original dataset too: the parts are joined back onto it.');
        const joined = joinParts(base, decoder.decode(manifest.bytes), others);
        setDataset({ merge: joined.merge, names: joined.names, baseName: base.name, resolutions: new Map(), how: new Map() });
        setReviews(joined.reviews);
        return;
      }
      if (datasets.length > 0) {
        if (!base) throw new Error('Choose the original dataset too: a merge by field needs what both started from.');
        setDataset({ merge: mergeDatasets(base, datasets), names: datasets.map((d) => d.name), baseName: base.name, resolutions: new Map(), how: new Map() });
      } else setDataset(undefined);
      setReviews(reviewFiles.length > 0 ? mergeReviews(reviewFiles.map((file) => ({ name: file.name, text: decoder.decode(file.bytes) }))) : undefined);
      if (datasets.length === 0 && reviewFiles.length === 0) setProblem('Choose the reviewers’ edited datasets or review files.');
    } catch (thrown) {
      setProblem(thrown instanceof Error ? thrown.message : String(thrown));
    }
  };

  const resolve = (k: number, resolution: ConflictResolution, how: string): void => {
    if (!dataset) return;
    setDataset({ ...dataset, resolutions: new Map(dataset.resolutions).set(k, resolution), how: new Map(dataset.how).set(k, how) });
  };

  const mergedName = (base?.name ?? 'dataset.jsonl').replace(/(\.[^.]*)?$/, '.merged$1');

  return (
    <Dialog open={open} onClose={onClose} title="Merge reviewers’ work" description="The original dataset and each reviewer’s edited copy merge by field: what one reviewer changed is taken, a field both changed differently is a conflict for you to resolve. Review files merge and are compared." width="max-w-5xl">
      <div className="flex flex-col gap-3 overflow-y-auto p-5">
        <label className="flex flex-col gap-1 text-sm">
          Original dataset
          <input type="file" accept=".jsonl" onChange={(event) => void readAll(event.target.files).then((files) => setBase(files[0]))} />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Reviewers’ edited datasets and review files (or a split’s parts, their review files and its .parts.json)
          <input type="file" multiple accept=".jsonl" onChange={(event) => void readAll(event.target.files).then(setOthers)} />
        </label>
        <div>
          <button type="button" className={primaryButton} onClick={run}>
            Merge
          </button>
        </div>
        {problem && (
          <p role="alert" className="text-sm text-red-800 dark:text-red-300">
            {problem}
          </p>
        )}
        {dataset && <DatasetMergeView state={dataset} onResolve={resolve} mergedName={mergedName} />}
        {reviews && <ReviewMergeView merged={reviews} />}
      </div>
    </Dialog>
  );
}

function DatasetMergeView({ state, onResolve, mergedName }: { state: DatasetState; onResolve: (k: number, resolution: ConflictResolution, how: string) => void; mergedName: string }) {
  const { merge, names } = state;
  const [editing, setEditing] = useState<{ k: number; text: string; problem?: string } | undefined>();
  const left = merge.conflicts.length - state.resolutions.size;
  const bytes = (): Uint8Array<ArrayBuffer> => new Uint8Array(mergedBytes(merge, state.resolutions));
  return (
    <section aria-label="Merged dataset" className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">
        Dataset: {merge.conflicts.length === 0 ? 'merged without conflicts.' : `${merge.conflicts.length} conflict(s), ${left} left to resolve.`}
      </h3>
      {merge.conflicts.map((conflict, k) => {
        const label = `Conflict at line ${conflict.line}: ${conflict.kind === 'field' ? pathText(conflict.path) : conflict.kind === 'deleted' ? 'deleted and edited' : 'whole record'}`;
        return (
          <section key={k} aria-label={label} className="rounded border border-slate-200 p-2 dark:border-slate-700">
            <h4 className="text-sm font-medium">{label}</h4>
            <div className="grid gap-2" style={{ gridTemplateColumns: `repeat(${names.length + 1}, minmax(0, 1fr))` }}>
              <figure aria-label="Original" className="min-w-0">
                <figcaption className={`text-xs ${mutedText}`}>Original ({state.baseName})</figcaption>
                <pre className="overflow-x-auto whitespace-pre-wrap rounded bg-slate-50 p-1 text-xs dark:bg-slate-900">{show(conflict.base)}</pre>
              </figure>
              {names.map((name, s) => (
                <figure key={name} aria-label={name} className="min-w-0">
                  <figcaption className={`text-xs ${mutedText}`}>
                    {String.fromCharCode(65 + s)}: {name}
                    {sideWhere(conflict, s)}
                  </figcaption>
                  <pre className="overflow-x-auto whitespace-pre-wrap rounded bg-slate-50 p-1 text-xs dark:bg-slate-900">{show(conflict.sides[s])}</pre>
                </figure>
              ))}
            </div>
            <div className="mt-1 flex flex-wrap items-center gap-1">
              {names.map((name, s) => {
                const take = takeSide(conflict, s);
                // A part that never held the record offers nothing to take (it did not delete it).
                return take === undefined ? null : (
                  <button key={name} type="button" className={toolbarButton} onClick={() => onResolve(k, take, `took ${String.fromCharCode(65 + s)}`)}>
                    Take {String.fromCharCode(65 + s)}
                  </button>
                );
              })}
              <button type="button" className={toolbarButton} onClick={() => setEditing({ k, text: show(conflict.sides[0] ?? conflict.base) })}>
                Edit
              </button>
              <span role="status" className={`text-xs ${mutedText}`}>
                {state.how.get(k) ?? 'not resolved'}
              </span>
            </div>
            {editing?.k === k && (
              <div className="mt-1 flex flex-col gap-1">
                <textarea aria-label="Value (JSON)" rows={4} className={`${toolbarInput} font-mono`} value={editing.text} onChange={(event) => setEditing({ k, text: event.target.value })} />
                {editing.problem && <p className="text-xs text-red-800 dark:text-red-300">{editing.problem}</p>}
                <div>
                  <button
                    type="button"
                    className={toolbarButton}
                    onClick={() => {
                      const resolution = editedResolution(editing.text);
                      if (typeof resolution === 'string') setEditing({ ...editing, problem: resolution });
                      else {
                        onResolve(k, resolution, 'edited');
                        setEditing(undefined);
                      }
                    }}
                  >
                    Use this value
                  </button>
                </div>
              </div>
            )}
          </section>
        );
      })}
      <div className="flex flex-wrap gap-1">
        <button type="button" className={toolbarButton} disabled={left > 0} onClick={() => downloadFile(new Blob([bytes()], { type: 'application/jsonl' }), mergedName)}>
          Download merged dataset
        </button>
        <button
          type="button"
          className={toolbarButton}
          disabled={left > 0}
          onClick={() => void import('../../files/open.ts').then(({ openFile }) => openFile(new File([bytes()], mergedName, { type: 'application/jsonl' })))}
        >
          Open merged dataset
        </button>
      </div>
    </section>
  );
}

function ReviewMergeView({ merged }: { merged: ReviewsMerged }) {
  const report = merged.agreement;
  const hasDataset = useAppStore((s) => s.dataset !== null);
  return (
    <section aria-label="Merged review files" className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">
        Review files: {merged.merge.entries.length} entries merged{merged.merge.conflicts.length > 0 ? `, ${merged.merge.conflicts.length} status conflict(s) (the newest status kept)` : ''}.
      </h3>
      {merged.problems.length > 0 && <p className={`text-xs ${mutedText}`}>Not entries, left out: {merged.problems.join('; ')}</p>}
      <div>
        <button type="button" className={toolbarButton} onClick={() => downloadFile(merged.text, 'merged.review.jsonl', 'application/jsonl')}>
          Download merged review file
        </button>
      </div>
      {report ? (
        <>
          <table aria-label="Agreement" className="text-sm">
            <caption className={`text-left text-xs ${mutedText}`}>
              {report.reviewers.join(', ')}: {report.compared} of {report.records} records rated by every reviewer. Kappa: {report.reviewers.length === 2 ? 'Cohen' : 'Fleiss'}; — where undefined.
            </caption>
            <thead>
              <tr>
                <th className="pr-3 text-left">Measure</th>
                <th className="pr-3 text-right">Agreement %</th>
                <th className="text-right">Kappa</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th className="pr-3 text-left font-normal">Status</th>
                <td className="pr-3 text-right">{shownNumber(report.status.agreement, 1)}</td>
                <td className="text-right">{shownNumber(report.status.kappa)}</td>
              </tr>
              {Object.entries(report.labels).map(([label, measure]) => (
                <tr key={label}>
                  <th className="pr-3 text-left font-normal">Label {label}</th>
                  <td className="pr-3 text-right">{shownNumber(measure.agreement, 1)}</td>
                  <td className="text-right">{shownNumber(measure.kappa)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {report.disagreements.length > 0 && (
            <button
              type="button"
              className={`${toolbarButton} self-start`}
              disabled={!hasDataset}
              title={hasDataset ? 'List only the records the reviewers disagree on (Clear filters lists every record again)' : 'Open the dataset to list these records'}
              onClick={() => void filterDisagreements(report.disagreements, `the ${report.disagreements.length} disagreement(s)`)}
            >
              List the {report.disagreements.length} disagreement(s)
            </button>
          )}
          <ul aria-label="Disagreements" className="flex flex-col gap-1 text-sm">
            {report.disagreements.map((d) => {
              const text = d.entries.map((entry, i) => `${entry.reviewer ?? report.reviewers[i]} ${entry.status ?? '—'}${entry.labels.length ? ` [${entry.labels.join(', ')}]` : ''}`).join(' · ');
              const where = d.entries[0] ? locatorText(d.entries[0]) : 'a record';
              return (
                <li key={d.fingerprint + text} className="flex items-baseline gap-2">
                  <button type="button" className="underline disabled:no-underline" disabled={!hasDataset} title={hasDataset ? 'Open this record in the open dataset' : 'Open the dataset to go to this record'} onClick={() => void openDisagreement(d)}>
                    {text}
                  </button>
                  <button type="button" className="text-xs underline disabled:no-underline" disabled={!hasDataset} aria-label={`List only the disagreement at ${where}`} onClick={() => void filterDisagreements([d], `the disagreement at ${where}`)}>
                    filter
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        <p className={`text-sm ${mutedText}`}>No agreement report: {merged.agreementProblem}</p>
      )}
    </section>
  );
}
