/**
 * Two texts side by side in Monaco's diff editor (read only), with the preview's themes and
 * languages (the JSON view's, or a format's token text), and the changed lines listed in words
 * below it, for reading without the editor and for screen readers. The dataset's record diff
 * (src/app/dataset/diff) supplies the texts: Monaco is imported only under src/app/preview.
 */
import { useMemo, useState } from 'react';
import { DiffEditor } from '@monaco-editor/react';
import type { editor } from 'monaco-editor/editor';
import { mutedText } from '../../layout/ui.ts';
import { useAppStore } from '../../store/index.ts';
import { ensureJsonViewLanguage } from '../json-view/json-language.ts';
import { ensureLanguage } from '../language/languages.ts';
import { THEME_NAMES } from '../language/themes.ts';
import { monaco } from '../monaco-env.ts';

const DIFF_URIS = { original: 'parley-diff://diff/original', modified: 'parley-diff://diff/modified' } as const;

/** Changes listed in words; more are summed up. */
const LISTED = 20;

export interface TextDiffProps {
  original: string;
  modified: string;
  /** `json`, or a format id (the token text's language). */
  language: string;
  ariaLabel: string;
}

export interface LineChange {
  removed: string[];
  added: string[];
  /** 1-based line on the modified side (the original side's when nothing was added). */
  line: number;
}

function changesOf(diff: editor.IStandaloneDiffEditor): LineChange[] {
  const original = diff.getOriginalEditor().getModel();
  const modified = diff.getModifiedEditor().getModel();
  if (!original || !modified) return [];
  const lines = (model: editor.ITextModel, from: number, to: number): string[] => (from === 0 || to < from ? [] : Array.from({ length: to - from + 1 }, (_, i) => model.getLineContent(from + i)));
  return (diff.getLineChanges() ?? []).map((change) => ({
    removed: lines(original, change.originalStartLineNumber, change.originalEndLineNumber),
    added: lines(modified, change.modifiedStartLineNumber, change.modifiedEndLineNumber),
    line: change.modifiedStartLineNumber || change.originalStartLineNumber,
  }));
}

export default function TextDiff({ original, modified, language, ariaLabel }: TextDiffProps) {
  const [changes, setChanges] = useState<LineChange[] | undefined>();
  const theme = useAppStore((s) => s.resolvedTheme);
  const languageId = useMemo(() => (language === 'json' ? ensureJsonViewLanguage(monaco) : ensureLanguage(monaco, language)), [language]);

  return (
    <>
      <div className="h-[50vh] min-h-48 border border-slate-200 dark:border-slate-700">
        <DiffEditor
          original={original}
          modified={modified}
          // One pair of models, kept and reused: when the diff editor unmounts, disposing them
          // first makes Monaco report "TextModel got disposed before DiffEditorWidget model got reset".
          originalModelPath={DIFF_URIS.original}
          modifiedModelPath={DIFF_URIS.modified}
          keepCurrentOriginalModel
          keepCurrentModifiedModel
          language={languageId}
          theme={THEME_NAMES[theme]}
          loading={null}
          height="100%"
          options={{ readOnly: true, originalEditable: false, wordWrap: 'on', diffWordWrap: 'on', minimap: { enabled: false }, renderOverviewRuler: false, scrollBeyondLastLine: false, fontSize: 13, ariaLabel, originalAriaLabel: `${ariaLabel}: original`, modifiedAriaLabel: `${ariaLabel}: now` }}
          onMount={(diff) => {
            const update = (): void => setChanges(changesOf(diff));
            diff.onDidUpdateDiff(update);
            update();
          }}
        />
      </div>
      <ChangeList changes={changes} />
    </>
  );
}

function ChangeList({ changes }: { changes: LineChange[] | undefined }) {
  if (!changes) return null;
  if (changes.length === 0)
    return (
      <p className={`text-sm ${mutedText}`} role="status" aria-label="Differences">
        No difference.
      </p>
    );
  return (
    <section aria-label="Differences" className="max-h-40 overflow-auto text-sm">
      <p role="status">{changes.length === 1 ? '1 change:' : `${changes.length} changes:`}</p>
      <ol className="flex flex-col gap-1 font-mono text-xs">
        {changes.slice(0, LISTED).map((change, i) => (
          <li key={i}>
            <span className={mutedText}>line {change.line}:</span>
            {change.removed.map((text, j) => (
              <div key={`r${j}`} className="whitespace-pre-wrap break-all text-red-800 dark:text-red-300">
                − {text}
              </div>
            ))}
            {change.added.map((text, j) => (
              <div key={`a${j}`} className="whitespace-pre-wrap break-all text-green-800 dark:text-green-300">
                + {text}
              </div>
            ))}
          </li>
        ))}
      </ol>
      {changes.length > LISTED && <p className={mutedText}>and {changes.length - LISTED} more.</p>}
    </section>
  );
}
