/**
 * A dataset line that is not valid JSON or not a conversation, shown as text to fix: the
 * reason (with its line and column), the line in a text area, Apply. Once the text decodes, the
 * record is a normal (edited) record in the editors; until then the file keeps the line as it is.
 */
import { useEffect, useState } from 'react';
import { mutedText, toolbarButton } from '../layout/ui.ts';
import { useAppStore, type RowProblem } from '../store/index.ts';

/**
 * The preview's place while a bad line is open: there is no conversation to render, so it says
 * so and why (not an empty render that "renders without problems").
 */
export function BadLinePreview() {
  const loaded = useAppStore((state) => state.datasetLoaded);
  if (!loaded || loaded.ok) return null;
  return (
    <section aria-label="Line not rendered" className="flex h-full flex-col gap-2 p-4">
      <h2 className="text-sm font-semibold">Line {loaded.problem.line} cannot be rendered</h2>
      <p className="text-sm">{loaded.problem.message}</p>
      <p className={`text-sm ${mutedText}`}>Fix the line as text on the left; once it reads as a conversation, its render shows here.</p>
    </section>
  );
}

export default function BadLineEditor() {
  const loaded = useAppStore((state) => state.datasetLoaded);
  const [text, setText] = useState(loaded?.text ?? '');
  const [problem, setProblem] = useState<RowProblem | null>(loaded && !loaded.ok ? loaded.problem : null);
  useEffect(() => {
    setText(loaded?.text ?? '');
    setProblem(loaded && !loaded.ok ? loaded.problem : null);
  }, [loaded]);
  if (!loaded || loaded.ok) return null;

  return (
    <section aria-label="Bad line" className="flex h-full min-h-0 flex-col gap-2 p-3">
      <h2 className="text-sm font-semibold">Line {loaded.problem.line} cannot be read as a conversation</h2>
      <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-2 py-1 text-sm text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50">
        {problem?.message ?? loaded.problem.message}
      </p>
      <p className={`text-xs ${mutedText}`}>Fix it as text. Until it reads as a conversation, the file keeps this line exactly as it is.</p>
      <textarea
        dir="auto"
        aria-label="Line text"
        data-native-undo
        // The line is not the record: its undo is the text area's own (layout/editable.ts).
        className="min-h-0 flex-1 resize-none rounded-md border border-slate-300 bg-white p-2 font-mono text-xs text-slate-900 focus:border-sky-500 focus:outline-none focus:ring-2 focus:ring-sky-500/30 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
        spellCheck={false}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <div className="flex gap-2">
        <button
          type="button"
          // Not primaryButton: white on its dark-theme sky-600 is below the contrast AA asks for small text.
          className={toolbarButton}
          onClick={() => {
            void useAppStore
              .getState()
              .fixBadLine(text)
              .then((still) => setProblem(still ?? null));
          }}
        >
          Apply
        </button>
        <button type="button" className={toolbarButton} onClick={() => setText(loaded.text)}>
          Revert
        </button>
      </div>
    </section>
  );
}
