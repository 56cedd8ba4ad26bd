/**
 * Which tokenizer the Token view uses: a shipped one (the format's own by default), a
 * tokenizer.json file (with its tokenizer_config.json; picked, or dropped on this bar), or a Hugging Face model id — the only
 * thing in Parley that reaches another origin, and only when the person presses Load.
 * Says when the tokenizer is not the format's own, and when a model id cannot load offline.
 */
import { useState, type FormEvent } from 'react';
import { DEFAULT_TOKENIZERS } from '../../../core/tokens/defaults.ts';
import { claimDrop } from '../../files/useFileDrop.ts';
import { toolbarInput, toolbarSelect } from '../../layout/ui.ts';
import { useAppStore } from '../../store/index.ts';
import { fitFor } from '../../tokens/format-fit.ts';
import { loadFiles, loadModelId, loadShipped, loadShippedFor } from '../../tokens/token-client.ts';
import { tokenStore, type TokenizerState } from '../../tokens/token-store.ts';

function describe(tokenizer: TokenizerState, formatNote: string): { text: string; tone: 'info' | 'warn' | 'error' } {
  switch (tokenizer.state) {
    case 'none':
      return { text: tokenizer.message, tone: 'warn' };
    case 'loading':
      return { text: `Loading ${tokenizer.label}…`, tone: 'info' };
    case 'failed':
      return { text: tokenizer.offline ? `Offline: ${tokenizer.message}` : tokenizer.message, tone: 'error' };
    case 'ready':
      if (tokenizer.own === true) return { text: `${tokenizer.name}: the format's own tokenizer.`, tone: 'info' };
      if (tokenizer.own === false) return { text: `${tokenizer.name} is not this format's own tokenizer: counts are approximate. ${formatNote}`, tone: 'warn' };
      return { text: `${tokenizer.name} (from a file): Parley cannot tell whether it is this format's own tokenizer.`, tone: 'warn' };
  }
}

const TONES = {
  info: 'text-slate-700 dark:text-slate-300',
  warn: 'text-amber-800 dark:text-amber-200',
  error: 'text-red-700 dark:text-red-300',
};

export function TokenizerBar() {
  const formatId = useAppStore((state) => state.formatId);
  // The Jinja format's tokenizer follows its template.
  const template = useAppStore((state) => state.formatOptions.jinja?.template);
  const tokenizer = tokenStore((state) => state.tokenizer);
  const loadError = tokenStore((state) => state.loadError);
  const [modelId, setModelId] = useState('');
  const fit = fitFor({ formatId, formatOptions: template === undefined ? {} : { jinja: { template } } });
  const current = describe(tokenizer, fit.note);
  // A failed load said first; the tokenizer still in use after it.
  const failed = loadError && describe(loadError, fit.note);
  const said = failed ? { text: `${failed.text} Still using ${tokenizer.state === 'ready' ? tokenizer.name : 'none'}.`, tone: failed.tone } : current;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (modelId.trim() !== '') loadModelId(modelId.trim());
  };
  return (
    <div
      role="group"
      aria-label="Tokenizer"
      title="Drop tokenizer.json (and tokenizer_config.json) here to load it"
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        // Dropped here, the files are a tokenizer, not a conversation to open (useFileDrop).
        event.preventDefault();
        claimDrop(event.nativeEvent);
        const files = [...event.dataTransfer.files];
        if (files.length > 0) loadFiles(files);
      }}
      className="flex shrink-0 flex-wrap items-center gap-2 border-b border-slate-200 bg-slate-50 px-3 py-1.5 text-xs dark:border-slate-800 dark:bg-slate-900">
      <label className="flex items-center gap-1.5 font-medium">
        Tokenizer
        <select
          aria-label="Shipped tokenizer"
          className={`${toolbarSelect} h-7 text-xs`}
          value=""
          onChange={(event) => (event.target.value === 'format' ? loadShippedFor(formatId) : loadShipped(event.target.value))}
        >
          <option value="" disabled>
            Choose…
          </option>
          <option value="format">The format's ({fit.shipped?.label ?? 'none shipped'})</option>
          {DEFAULT_TOKENIZERS.map((t) => (
            <option key={t.id} value={t.id}>
              {t.label}
            </option>
          ))}
        </select>
      </label>
      <label className="inline-flex h-7 cursor-pointer items-center rounded-md border border-slate-300 bg-white px-2 font-medium hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:hover:bg-slate-700">
        tokenizer.json…
        <input
          type="file"
          accept=".json,application/json"
          multiple
          className="sr-only"
          aria-label="Load tokenizer.json (and tokenizer_config.json)"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            if (files.length > 0) loadFiles(files);
          }}
        />
      </label>
      <form onSubmit={submit} className="flex items-center gap-1">
        <input
          aria-label="Hugging Face model id"
          placeholder={fit.modelId ?? 'owner/model'}
          className={`${toolbarInput} h-7 w-56 text-xs`}
          value={modelId}
          onChange={(event) => setModelId(event.target.value)}
        />
        <button type="submit" className="h-7 rounded-md border border-slate-300 bg-white px-2 font-medium hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:hover:bg-slate-700" title="Fetches tokenizer.json from huggingface.co (needs a network)">
          Load
        </button>
      </form>
      <span role="status" aria-label="Tokenizer status" className={TONES[said.tone]}>
        {said.text}
      </span>
    </div>
  );
}
