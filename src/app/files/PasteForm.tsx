/**
 * The body of the Paste JSON dialog: the text, "Read as" (detected, or a chosen dialect), and a
 * problem shown in place (the editor is left as it was). Loaded lazily with the open pipeline.
 */
import { useMemo, useState } from 'react';
import { primaryButton, toolbarButton, toolbarSelect } from '../layout/ui.ts';
import { exportDialects } from './export.ts';
import { openPastedText } from './open.ts';

/** The "Read as" value that lets the dialects' detection decide. */
const DETECT = '';

interface Props {
  /** The draft, kept by the dialog while it is closed. */
  text: string;
  onTextChange: (text: string) => void;
  onClose: () => void;
}

export default function PasteForm({ text, onTextChange, onClose }: Props) {
  const [readAs, setReadAs] = useState(DETECT);
  const [problem, setProblem] = useState<{ message: string; details: string[] } | null>(null);
  const dialects = useMemo(exportDialects, []);

  const submit = () => {
    const result = openPastedText(text, readAs === DETECT ? undefined : readAs);
    if (result.ok) {
      onTextChange('');
      onClose();
    } else {
      setProblem({ message: result.message, details: result.details });
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      className="flex flex-col gap-3"
    >
      <label className="flex flex-col gap-1 text-sm font-medium">
        JSON to open
        <textarea
          dir="auto"
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          rows={14}
          spellCheck={false}
          autoFocus
          className="w-full rounded-md border border-slate-300 bg-white p-2 font-mono text-[13px] font-normal text-slate-900 focus:border-sky-500 focus:outline-none focus:ring-2 focus:ring-sky-500/30 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
        />
      </label>
      <label className="flex items-center gap-1.5 text-sm font-medium">
        Read as
        <select className={toolbarSelect} value={readAs} onChange={(event) => setReadAs(event.target.value)}>
          <option value={DETECT}>Detect the dialect</option>
          {dialects.map((dialect) => (
            <option key={dialect.id} value={dialect.id}>
              {dialect.label}
            </option>
          ))}
        </select>
      </label>
      {problem && (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          <p>{problem.message}</p>
          {problem.details.length > 0 && (
            <ul className="mt-1 list-disc pl-5 font-mono text-xs">
              {problem.details.map((detail, i) => (
                <li key={i}>{detail}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className="flex justify-end gap-2">
        <button type="button" className={toolbarButton} onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className={primaryButton} disabled={text.trim() === ''}>
          Open
        </button>
      </div>
    </form>
  );
}
