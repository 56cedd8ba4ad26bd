/**
 * "Read as" for the whole dataset: the dialect every record is read as (the check profile's
 * `readAs`, the command's `--input-dialect`), or "detected per record", with what the detection
 * chooses for the first record and why, and how many records each dialect reads now. Choosing
 * one checks every record again in the background (dataset-checks.ts) and is kept with the
 * dataset's work (persistence/read-as-persistence.ts).
 */
import { useEffect, useMemo, useState } from 'react';
import { CODECS } from '../../../core/index.ts';
import { mutedText, toolbarSelect } from '../../layout/ui.ts';
import { readRecordInput, useAppStore } from '../../store/index.ts';
import { detectedReading, dialectCounts, type Detected } from './read-as-logic.ts';

const DETECT = '';

/** What the detection makes of the first listed record (read again when the file changes). */
function useDetected(): Detected | null | undefined {
  const dataset = useAppStore((s) => s.dataset);
  const first = useAppStore((s) => s.datasetOrder[0]);
  const [detected, setDetected] = useState<Detected | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    if (first === undefined) return;
    readRecordInput(useAppStore.getState(), first)
      .then((input) => {
        const text = typeof input === 'string' ? input : new TextDecoder().decode(input);
        if (live) setDetected(detectedReading(text) ?? null);
      })
      .catch(() => {
        // The file can no longer be read (changed on disk): the choice still works, without the note.
        if (live) setDetected(null);
      });
    return () => {
      live = false;
    };
  }, [dataset, first]);
  return detected;
}

/**
 * The counts by dialect on one line, with the detection's note (two lines or more) folded under
 * them: the record list below keeps its rows (e2e/dataset-layout.spec.ts).
 */
function ReadAsDetail({ counts, note }: { counts: string | null; note: string | null }) {
  const muted = `text-xs ${mutedText}`;
  const noteText = note === null ? null : <span aria-label="Detected dialect">{note}</span>;
  if (counts === null) return noteText && <p className={muted}>{noteText}</p>;
  const countsText = <span aria-label="Records by dialect">{counts}</span>;
  if (noteText === null) return <p className={muted}>{countsText}</p>;
  return (
    <details className={muted}>
      <summary className="cursor-pointer" title="Show why the first record is read so">
        {countsText}
      </summary>
      <p>{noteText}</p>
    </details>
  );
}

export default function DatasetReadAs() {
  const readAs = useAppStore((s) => s.datasetReadAs);
  const rows = useAppStore((s) => s.datasetRows);
  const order = useAppStore((s) => s.datasetOrder);
  const counts = useMemo(() => dialectCounts(rows, order), [rows, order]);
  const detected = useDetected();
  const first = useAppStore((s) => (s.datasetOrder[0] === undefined ? undefined : s.datasetRows[s.datasetOrder[0]]?.line));
  return (
    <div role="group" aria-label="Read as" className="flex flex-col gap-1">
      <label className="flex items-center gap-1.5 text-sm">
        Read as
        <select
          aria-label="Read the records as"
          className={`${toolbarSelect} h-7 min-w-0 flex-1`}
          value={readAs ?? DETECT}
          onChange={(event) => useAppStore.getState().setDatasetReadAs(event.target.value === DETECT ? null : event.target.value)}
        >
          <option value={DETECT}>Detected per record</option>
          {CODECS.map((codec) => (
            <option key={codec.id} value={codec.id}>
              {codec.label}
            </option>
          ))}
        </select>
      </label>
      <ReadAsDetail
        counts={counts.length > 0 ? `Read as: ${counts.map((count) => `${count.label} ${count.records.toLocaleString('en')}`).join(', ')}` : null}
        note={readAs === null && detected ? `Detected: ${detected.label} for line ${first ?? 1} (${detected.why}).` : null}
      />
    </div>
  );
}
