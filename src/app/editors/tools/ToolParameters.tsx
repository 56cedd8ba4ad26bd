/**
 * A tool's parameters, compact (issue 24: the raw schema box pushed the messages a screen down):
 * a readable summary of the properties (name, type, required, description), and the raw JSON
 * Schema box on demand ("Edit schema"). The box is shown from the start when there is nothing to
 * summarise (no schema yet, or one that is not an object with properties), and opens by itself
 * when something asks to reveal a field inside it (a diagnostic's Jump, a click in the preview).
 */
import { useEffect, useId, useState } from 'react';
import type { FieldPath } from '../../../core/index.ts';
import { useAppStore } from '../../store/index.ts';
import { JsonValueField } from '../fields/JsonValueField.tsx';
import { smallLabelClass } from '../fields/styles.ts';
import { summariseParameters } from './parameters-summary.ts';

const startsWith = (path: FieldPath, prefix: FieldPath): boolean => prefix.every((segment, i) => path[i] === segment);

export function ToolParameters({ path, value, name }: { path: FieldPath; value: unknown; name: string }) {
  const lines = summariseParameters(value);
  const [editing, setEditing] = useState(lines === null);
  const reveal = useAppStore((state) => state.revealRequest);
  const boxId = useId();
  useEffect(() => {
    if (reveal && startsWith(reveal.path, path)) setEditing(true);
    // `path` is a fresh array each render; only a new request opens the box.
  }, [reveal]);
  const showBox = editing || lines === null;

  return (
    <div className="space-y-1">
      {lines && (
        <div className="flex items-start gap-2">
          <ul aria-label={`Parameters of ${name || 'the tool'}`} className="min-w-0 flex-1 space-y-0.5 text-sm">
            {lines.map((line) => (
              <li key={line.name} className="min-w-0">
                <code className="font-mono font-medium">{line.name}</code> <span className="text-xs text-slate-600 dark:text-slate-300">{line.type}</span>
                {line.required && ' '}
                {line.required && <span className="rounded bg-violet-100 px-1 text-xs text-violet-900 dark:bg-violet-900/60 dark:text-violet-100">required</span>}
                {line.description && (
                  <span dir="auto" className="text-slate-700 dark:text-slate-300">
                    {' '}
                    — {line.description}
                  </span>
                )}
              </li>
            ))}
          </ul>
          <button
            type="button"
            aria-expanded={showBox}
            aria-controls={showBox ? boxId : undefined}
            onClick={() => setEditing(!editing)}
            className="shrink-0 whitespace-nowrap rounded border border-slate-300 px-2 text-xs font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
          >
            {showBox ? 'Hide schema' : 'Edit schema'}
          </button>
        </div>
      )}
      {!lines && value === undefined && <p className={smallLabelClass}>No parameters.</p>}
      {showBox && (
        <div id={boxId}>
          <JsonValueField path={path} value={value} caption="parameters (JSON Schema)" optional placeholder={'{"type": "object", "properties": {}, "required": []}'} />
        </div>
      )}
    </div>
  );
}
