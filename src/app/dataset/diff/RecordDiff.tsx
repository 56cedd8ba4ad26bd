/**
 * The diff of the current record against its original in the file: on the JSON (pretty printed)
 * or on the text the current format renders (a toggle), in the preview's diff view (Monaco's
 * diff editor, src/app/preview/diff). Follows the record as it is edited.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { mutedText, toolbarButton } from '../../layout/ui.ts';
import { useAppStore } from '../../store/index.ts';
import { diffTexts, type DiffMode, type DiffTexts } from './diff-texts.ts';

const TextDiff = lazy(() => import('../../preview/diff/TextDiff.tsx'));

export default function RecordDiff() {
  const [mode, setMode] = useState<DiffMode>('json');
  const [texts, setTexts] = useState<DiffTexts | undefined>();
  const record = useAppStore((s) => s.record);
  const loaded = useAppStore((s) => s.datasetLoaded);
  const formatId = useAppStore((s) => s.formatId);

  useEffect(() => {
    let live = true;
    void diffTexts(mode).then((next) => {
      if (live) setTexts(next);
    });
    return () => {
      live = false;
    };
  }, [mode, record, loaded, formatId]);

  if (!texts) return <p className={`text-sm ${mutedText}`}>No record is open.</p>;
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2 p-3">
      <div role="group" aria-label="Compare" className="flex flex-wrap items-center gap-1.5">
        {(['json', 'rendered'] as const).map((m) => (
          <button key={m} type="button" aria-pressed={mode === m} className={`${toolbarButton} ${mode === m ? 'border-sky-600 bg-sky-100 dark:bg-sky-900' : ''}`} onClick={() => setMode(m)}>
            {m === 'json' ? 'JSON' : 'Rendered text'}
          </button>
        ))}
        <span className={`text-sm ${mutedText}`}>Original on the left, now on the right.</span>
        {texts.note && <span className={`text-sm ${mutedText}`}>{texts.note}</span>}
      </div>
      <Suspense fallback={<p className="text-sm">Loading the diff editor…</p>}>
        <TextDiff original={texts.original} modified={texts.modified} language={mode === 'json' ? 'json' : formatId} ariaLabel={mode === 'json' ? 'Record JSON diff' : 'Rendered text diff'} />
      </Suspense>
    </div>
  );
}
