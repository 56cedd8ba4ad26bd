/**
 * The preview's JSON view: the record in a JSON dialect (every codec of the registry; by default
 * the opened file's), what that dialect cannot hold, and an editor whose typing is read back
 * with the dialect's decoder. Its own lazy chunk: it brings the codecs.
 */
import { useEffect, useMemo, useRef } from 'react';
import Editor from '@monaco-editor/react';
import { describeDiagnostic } from '../../files/decode.ts';
import { toolbarSelect } from '../../layout/ui.ts';
import { useAppStore } from '../../store/index.ts';
import { dialectText } from '../../views/json-text.ts';
import { editorOptions } from '../editor-options.ts';
import { THEME_NAMES } from '../language/themes.ts';
import { monaco } from '../monaco-env.ts';
import { ViewStatus } from '../ViewStatus.tsx';
import { chosenDialect, dialectChoices } from './dialect-choice.ts';
import type { JsonViewController } from './json-controller.ts';
import { ensureJsonModel, JSON_VIEW_URI } from './json-model.ts';
import { connectJsonView } from './mount-json.ts';

ensureJsonModel(monaco);

export default function JsonView() {
  const theme = useAppStore((state) => state.resolvedTheme);
  const codec = useAppStore(chosenDialect);
  const controller = useRef<JsonViewController | undefined>(undefined);
  const options = useMemo(() => editorOptions(false, 'json'), []);
  const choices = useMemo(dialectChoices, []);
  useEffect(() => controller.current?.setDialect(codec), [codec]);
  return (
    <>
      <div role="group" aria-label="JSON view options" className="flex shrink-0 flex-wrap items-center gap-2 border-b border-slate-200 bg-slate-50 px-3 py-1.5 dark:border-slate-800 dark:bg-slate-900">
        <label className="flex items-center gap-1.5 text-xs font-medium">
          Dialect
          <select aria-label="JSON dialect" className={`${toolbarSelect} h-7 text-xs`} value={codec} onChange={(event) => useAppStore.getState().setJsonDialect(event.target.value)}>
            {choices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
        <Losses codec={codec} label={choices.find((c) => c.id === codec)?.label ?? codec} />
      </div>
      <ViewStatus view="json" />
      <div className="relative min-h-0 flex-1">
        <Editor
          path={JSON_VIEW_URI}
          keepCurrentModel
          theme={THEME_NAMES[theme]}
          options={options}
          onMount={(editorInstance) => {
            controller.current = connectJsonView(editorInstance, chosenDialect(useAppStore.getState()));
          }}
          loading={null}
          height="100%"
        />
      </div>
    </>
  );
}

/** What the dialect cannot hold of this conversation (the encoder's diagnostics), folded. */
function Losses({ codec, label }: { codec: string; label: string }) {
  const losses = useAppStore((state) => dialectText(state.record, codec).losses);
  if (losses.length === 0) return <span className="text-xs text-slate-700 dark:text-slate-300">{label} holds everything in this conversation.</span>;
  return (
    <details className="min-w-0 text-xs text-amber-900 dark:text-amber-200">
      <summary className="cursor-pointer">
        {label} cannot hold {losses.length === 1 ? '1 thing' : `${losses.length} things`} in this conversation
      </summary>
      <ul className="mt-1 max-h-32 list-disc overflow-auto pl-5 font-mono">
        {losses.map((loss, i) => (
          <li key={i}>{describeDiagnostic(loss)}</li>
        ))}
      </ul>
    </details>
  );
}
