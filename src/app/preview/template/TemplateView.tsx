/**
 * The Template view of the Jinja format: the template in a Monaco editor (pasting a whole
 * tokenizer_config.json reads its chat_template and special tokens; a config with several named
 * templates offers the choice), its variables as JSON, and the template's error at its line and
 * column (a marker in the editor and a status line). Loaded when the tab is first chosen.
 */
import { useEffect, useRef, useState } from 'react';
import Editor from '@monaco-editor/react';
import type { editor } from 'monaco-editor/editor';
import { JINJA_CODES, JINJA_DEFAULTS, type NamedTemplate } from '../../../core/index.ts';
import { templateErrorAt } from '../../jinja/template-errors.ts';
import { applyTemplateText } from '../../jinja/template-input.ts';
import { toolbarButton, toolbarSelect } from '../../layout/ui.ts';
import { useRendered } from '../../store/derived.ts';
import { useAppStore } from '../../store/index.ts';
import { THEME_NAMES } from '../language/themes.ts';
import { monaco } from '../monaco-env.ts';

const TEMPLATE_URI = 'parley-template.jinja';
const MARKER_OWNER = 'parley-jinja';

const OPTIONS: editor.IStandaloneEditorConstructionOptions = {
  ariaLabel: 'Jinja template',
  fontSize: 13,
  minimap: { enabled: false },
  wordWrap: 'on',
  scrollBeyondLastLine: false,
  quickSuggestions: false,
  lineNumbersMinChars: 3,
  // A template is pasted or typed as it is: nothing closes or indents on its own.
  autoClosingBrackets: 'never',
  autoClosingQuotes: 'never',
  autoIndent: 'none',
  autoSurround: 'never',
  formatOnPaste: false,
};

function useStringOption(key: 'template' | 'variables'): string {
  return useAppStore((state) => {
    const value = state.formatOptions.jinja?.[key];
    return typeof value === 'string' ? value : JINJA_DEFAULTS[key];
  });
}

/** The template error of the current render, with its place when known. */
function useTemplateProblem(): { message: string; line?: number; column?: number } | undefined {
  const rendered = useRendered();
  const problem = rendered.diagnostics.find((d) => d.code === JINJA_CODES.templateError);
  if (!problem) return undefined;
  // The render came from the worker: its positions came as data (jinja/template-errors.ts).
  const at = templateErrorAt(problem);
  // The status line puts the place first; the message's own "(template line …)" would repeat it.
  return at ? { message: problem.message.replace(/ \(template line \d+, column \d+\)/, ''), line: at.line, column: at.column } : { message: problem.message };
}

export function TemplateView() {
  const template = useStringOption('template');
  const variables = useStringOption('variables');
  const theme = useAppStore((state) => state.resolvedTheme);
  const problem = useTemplateProblem();
  const [named, setNamed] = useState<NamedTemplate[]>([]);
  const [note, setNote] = useState<string | undefined>();
  const editorRef = useRef<editor.IStandaloneCodeEditor | null>(null);
  const [mounted, setMounted] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const take = (text: string) => {
    const result = applyTemplateText(text);
    if (result.templates.length > 0) setNamed(result.templates);
    setNote(result.problem);
  };

  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (!model) return;
    const markers: editor.IMarkerData[] = problem?.line === undefined ? [] : [{ severity: monaco.MarkerSeverity.Error, message: problem.message, startLineNumber: problem.line, startColumn: problem.column ?? 1, endLineNumber: problem.line, endColumn: (problem.column ?? 1) + 1 }];
    monaco.editor.setModelMarkers(model, MARKER_OWNER, markers);
  }, [mounted, problem?.message, problem?.line, problem?.column]);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-2 py-1 dark:border-slate-700">
        <button type="button" className={toolbarButton} onClick={() => fileInput.current?.click()}>
          Open template…
        </button>
        <input
          ref={fileInput}
          type="file"
          accept=".jinja,.j2,.json,.txt"
          aria-label="Template file"
          className="hidden"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void file.text().then(take);
          }}
        />
        {named.length > 1 && (
          <label className="flex items-center gap-1.5 text-sm">
            Named template
            <select
              className={toolbarSelect}
              aria-label="Named template"
              value={named.find((t) => t.template === template)?.name ?? ''}
              onChange={(event) => {
                const chosen = named.find((t) => t.name === event.target.value);
                if (chosen) useAppStore.getState().setFormatOption('template', chosen.template);
              }}
            >
              {named.map((t) => (
                <option key={t.name} value={t.name}>
                  {t.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <span className="text-xs text-slate-600 dark:text-slate-300">Paste a chat_template or a whole tokenizer_config.json.</span>
      </div>
      <p role="status" aria-label="Template status" className={`px-2 py-1 text-sm ${problem ? 'text-red-800 dark:text-red-300' : 'text-slate-600 dark:text-slate-300'}`}>
        {problem ? (problem.line !== undefined ? `Line ${problem.line}, column ${problem.column ?? 1}: ${problem.message}` : problem.message) : (note ?? 'The template renders.')}
      </p>
      <div className="relative min-h-0 flex-1">
        <Editor
          path={TEMPLATE_URI}
          language="plaintext"
          theme={THEME_NAMES[theme]}
          value={template}
          options={OPTIONS}
          loading={null}
          height="100%"
          onMount={(instance) => {
            editorRef.current = instance;
            setMounted(true);
          }}
          onChange={(value) => {
            if (value !== undefined && value !== template) take(value);
          }}
        />
      </div>
      <label className="flex flex-col gap-1 border-t border-slate-200 px-2 py-1 text-sm dark:border-slate-700">
        Variables (JSON: bos_token, enable_thinking, …)
        <textarea
          aria-label="Template variables"
          spellCheck={false}
          rows={3}
          className="rounded-md border border-slate-300 bg-white p-1 font-mono text-xs dark:border-slate-600 dark:bg-slate-900"
          value={variables}
          onChange={(event) => useAppStore.getState().setFormatOption('variables', event.target.value)}
        />
      </label>
    </div>
  );
}

export default TemplateView;
