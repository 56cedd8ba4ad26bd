/**
 * The Token view's toolbar: the token count in total and trained, per message (a list that
 * opens), the format's special tokens the tokenizer splits (diagnostics: a special token should
 * be one token), tokens straddling the mask's boundary, and Export of input_ids, attention_mask
 * and labels as JSON.
 */
import { downloadFile } from '../../layout/download-file.ts';
import { useState } from 'react';
import { useAppStore } from '../../store/index.ts';
import { exampleFileName, exportedExample } from '../../tokens/export-example.ts';
import { tokenStore } from '../../tokens/token-store.ts';

const NUMBER = new Intl.NumberFormat('en-US');

const button =
  'inline-flex h-7 items-center rounded-md border border-slate-300 bg-white px-2 text-xs font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-50 ' +
  'dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700';

/**
 * The count of each message, listed only while the list is open: at 2,000 messages, a list kept
 * up to date on every answer while closed was 2,000 items for React to compare per keystroke.
 */
function PerMessage({ roles, perMessage }: { roles: readonly string[]; perMessage: Int32Array }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="relative" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer">Per message</summary>
      {open && (
        <ol data-testid="per-message" className="absolute z-20 mt-1 max-h-72 overflow-auto rounded border border-slate-300 bg-white p-2 shadow dark:border-slate-600 dark:bg-slate-800">
          {roles.map((role, i) => (
            <li key={i}>
              #{i} {role}: {NUMBER.format(perMessage[i] ?? 0)}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}

export function TokenCounts() {
  const tokenized = tokenStore((state) => state.tokenized);
  const busy = tokenStore((state) => state.busy);
  const error = tokenStore((state) => state.error);
  const loading = tokenStore((state) => state.tokenizer.state === 'loading');
  const roles = useAppStore((state) => (state.record.kind === 'chat' ? state.record.messages.map((m) => m.role).join(',') : ''));
  const result = tokenized?.result;
  const splits = result?.splitSpecials ?? [];
  const roleList = roles === '' ? [] : roles.split(',');
  return (
    <div role="toolbar" aria-label="Token tools" className="flex shrink-0 flex-wrap items-center gap-3 border-b border-slate-200 bg-slate-50 px-3 py-1.5 text-xs tabular-nums dark:border-slate-800 dark:bg-slate-900">
      <span data-testid="token-count" aria-busy={busy || loading}>
        {result ? `${NUMBER.format(result.ids.length)} tokens` : loading || busy ? 'Counting…' : 'No tokens yet'}
      </span>
      {result && <span data-testid="trained-count">{NUMBER.format(result.trainedCount)} trained</span>}
      {result && roleList.length > 0 && <PerMessage roles={roleList} perMessage={result.perMessage} />}
      {result && result.straddling.length > 0 && (
        <span className="text-amber-800 dark:text-amber-200" title="These tokens cover trained and untrained characters: they are not trained.">
          {NUMBER.format(result.straddling.length)} straddle the mask
        </span>
      )}
      {result && !result.exact && <span className="text-amber-800 dark:text-amber-200">The tokenizer changed the text (normaliser): positions are approximate.</span>}
      {splits.length > 0 && (
        <span role="note" data-testid="split-specials" className="text-red-700 dark:text-red-300" title="A format's special token should be one token: split, the model reads it as ordinary text.">
          {splits.length === 1 ? '1 special token is' : `${splits.length} special tokens are`} split by this tokenizer: {splits.map((s) => `${s.token} (${s.tokens} tokens, ${s.occurrences}×)`).join(', ')}
        </span>
      )}
      {error && <span className="text-red-700 dark:text-red-300">{error}</span>}
      <button
        type="button"
        className={`${button} ml-auto`}
        // Only labels of the text and tokenizer shown: none while a tokenizer loads (the counts are
        // cleared) or while a newer text is being tokenized.
        disabled={!result || busy || loading}
        title={result && (busy || loading) ? 'Wait for the new counts' : undefined}
        onClick={() => {
          if (!tokenized || tokenStore.getState().busy) return;
          downloadFile(`${JSON.stringify(exportedExample(tokenized.result))}\n`, exampleFileName(tokenized.formatId), 'application/json');
        }}
      >
        Export labels
      </button>
    </div>
  );
}
