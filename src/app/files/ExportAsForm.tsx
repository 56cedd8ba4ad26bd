/**
 * The body of "Export as…": every dialect with how much of the conversation it would lose, the
 * chosen one's losses in full (the codecs' encode diagnostics), and Download. Loaded lazily with
 * the codecs; encodes the conversation once per dialect when it opens.
 */
import { useId, useMemo, useState } from 'react';
import { mutedText, primaryButton, toolbarButton } from '../layout/ui.ts';
import { describeDiagnostic } from './decode.ts';
import { defaultExportCodec, encodeRecord, exportDialects, exportToFile, type ExportResult } from './export.ts';

interface Props {
  /** The dialect picked last time (none: the default dialect). */
  initial: string | undefined;
  onExported: (codec: string) => void;
  onCancel: () => void;
}

interface Choice {
  id: string;
  label: string;
  result: ExportResult;
}

function lossSummary(result: ExportResult): string {
  if (!result.ok) return 'cannot be written';
  const n = result.diagnostics.length;
  return n === 0 ? 'nothing lost' : n === 1 ? '1 thing lost' : `${n} things lost`;
}

export default function ExportAsForm({ initial, onExported, onCancel }: Props) {
  const fallback = useMemo(defaultExportCodec, []);
  const choices: Choice[] = useMemo(() => exportDialects().map((d) => ({ ...d, result: encodeRecord(d.id) })), []);
  const [codec, setCodec] = useState(initial !== undefined && choices.some((c) => c.id === initial) ? initial : fallback);
  const chosen = choices.find((c) => c.id === codec);
  const lossesId = useId();

  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (exportToFile(codec).ok) onExported(codec);
      }}
    >
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium">Dialect</legend>
        {choices.map((choice) => (
          <label key={choice.id} className="flex items-baseline gap-2 rounded px-1 py-0.5 text-sm hover:bg-slate-50 dark:hover:bg-slate-800">
            <input type="radio" name="export-dialect" value={choice.id} checked={choice.id === codec} onChange={() => setCodec(choice.id)} aria-describedby={choice.id === codec ? lossesId : undefined} className="accent-sky-700" />
            <span>{choice.id === fallback ? `${choice.label} (default)` : choice.label}</span>
            <span className="sr-only">: </span>
            <span className={`ml-auto text-xs ${choice.result.diagnostics.length > 0 ? 'text-amber-800 dark:text-amber-300' : mutedText}`}>{lossSummary(choice.result)}</span>
          </label>
        ))}
      </fieldset>
      {chosen && (
        <div id={lossesId} className="rounded-md border border-slate-200 p-2 text-sm dark:border-slate-700">
          {chosen.result.diagnostics.length === 0 ? (
            <p>{chosen.label} holds everything in this conversation.</p>
          ) : (
            <>
              <p>{chosen.result.ok ? `${chosen.label} cannot hold:` : `${chosen.label} cannot write this conversation:`}</p>
              <ul className="mt-1 max-h-48 list-disc overflow-auto pl-5 font-mono text-xs">
                {chosen.result.diagnostics.map((diagnostic, i) => (
                  <li key={i}>{describeDiagnostic(diagnostic)}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      <div className="flex justify-end gap-2">
        <button type="button" className={toolbarButton} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={primaryButton} disabled={!chosen?.result.ok}>
          Download
        </button>
      </div>
    </form>
  );
}
