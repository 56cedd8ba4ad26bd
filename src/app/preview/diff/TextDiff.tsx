/**
 * Two texts side by side in Monaco's diff editor (read only), with the preview's themes and
 * languages (the JSON view's, or a format's token text), and the changed lines listed in words
 * below it, for reading without the editor and for screen readers. The dataset's record diff
 * (src/app/dataset/diff) supplies the texts: Monaco is imported only under src/app/preview.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { DiffEditor } from '@monaco-editor/react';
import type { editor } from 'monaco-editor/editor';
import { mutedText } from '../../layout/ui.ts';
import { useAppStore } from '../../store/index.ts';
import { ensureJsonViewLanguage } from '../json-view/json-language.ts';
import { ensureLanguage } from '../language/languages.ts';
import { THEME_NAMES } from '../language/themes.ts';
import { monaco } from '../monaco-env.ts';

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

/**
 * Both texts go to the diff editor together, as two new models set at once (and the models they
 * replace disposed afterwards). Changing the texts of the models in place, one side and then the
 * other as the editor component does with its props, left the diff editor a moment with line
 * ranges of the old texts over the new ones: switching from JSON to the rendered text threw
 * "startLineNumber 10 cannot be after endLineNumberExclusive 4" (microsoft/vscode#198471).
 */
function showTexts(diff: editor.IStandaloneDiffEditor, original: string, modified: string, languageId: string): void {
  const replaced = diff.getModel();
  diff.setModel({ original: monaco.editor.createModel(original, languageId), modified: monaco.editor.createModel(modified, languageId) });
  // Disposed once the new diff is shown: a diff of the old pair may still be computing, and
  // disposing its models under it throws "no diff result available".
  if (replaced) retired.push(replaced.original, replaced.modified);
}

/** Models replaced by showTexts, disposed at the next diff update (or when the diff closes). */
const retired: editor.ITextModel[] = [];

function disposeRetired(): void {
  for (const model of retired.splice(0)) if (!model.isDisposed()) model.dispose();
}

export default function TextDiff({ original, modified, language, ariaLabel }: TextDiffProps) {
  const [changes, setChanges] = useState<LineChange[] | undefined>();
  const [diff, setDiff] = useState<editor.IStandaloneDiffEditor | undefined>();
  const theme = useAppStore((s) => s.resolvedTheme);
  const languageId = useMemo(() => (language === 'json' ? ensureJsonViewLanguage(monaco) : ensureLanguage(monaco, language)), [language]);
  // The first texts: the editor component makes its models of them once; later texts come through showTexts.
  const first = useRef({ original, modified });

  useEffect(() => {
    if (diff) showTexts(diff, original, modified, languageId);
  }, [diff, original, modified, languageId]);

  useEffect(
    () => () => {
      // The editor component disposes the diff editor as it unmounts; its last models are ours to dispose after it.
      const models = diff?.getModel();
      if (models) setTimeout(() => [...retired.splice(0), models.original, models.modified].forEach((model) => model.isDisposed() || model.dispose()));
    },
    [diff],
  );

  return (
    <>
      <div className="h-[50vh] min-h-48 border border-slate-200 dark:border-slate-700">
        <DiffEditor
          original={first.current.original}
          modified={first.current.modified}
          // The models are replaced (showTexts) and disposed here, not by the component: disposing them
          // before the diff editor makes Monaco report "TextModel got disposed before DiffEditorWidget model got reset".
          keepCurrentOriginalModel
          keepCurrentModifiedModel
          language={languageId}
          theme={THEME_NAMES[theme]}
          loading={null}
          height="100%"
          options={{ readOnly: true, originalEditable: false, wordWrap: 'on', diffWordWrap: 'on', minimap: { enabled: false }, renderOverviewRuler: false, scrollBeyondLastLine: false, fontSize: 13, ariaLabel, originalAriaLabel: `${ariaLabel}: original`, modifiedAriaLabel: `${ariaLabel}: now` }}
          onMount={(mounted) => {
            const update = (): void => {
              setChanges(changesOf(mounted));
              disposeRetired();
            };
            mounted.onDidUpdateDiff(update);
            setDiff(mounted);
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
