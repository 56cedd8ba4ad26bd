/**
 * "Open from the Hub…" (File menu): a Hugging Face dataset by id. Once the id is typed its
 * configs and splits are listed from the Hub's Parquet API; choosing a split asks for its files'
 * sizes (HEAD) and reads their footers (a range at each file's end): its rows, its conversation
 * columns, and what reading them downloads. Opening reads on demand (parquet/on-demand.ts): the
 * first record's block, then the rows shown; reading every row (to search or check them all) is
 * a later choice in the dataset view, its size shown. Nothing more is fetched until the person
 * presses Open, and never the other columns. A refused
 * request (gated, private) asks for an access token, kept for this session only (hub-session.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { isDatasetId, type ParquetListing } from '../../../core/index.ts';
import { formatBytes } from '../../files/limits.ts';
import { Dialog } from '../../layout/Dialog.tsx';
import { mutedText, primaryButton, toolbarButton, toolbarInput, toolbarSelect } from '../../layout/ui.ts';
import { appHubClient, hubProblem, hubSplit, type HubSplit } from './hub-app-client.ts';
import { hubBase, setHubBase } from './hub-base.ts';
import { sessionToken, setSessionToken } from './hub-session.ts';
import { openHubSplit } from './open-hub.ts';

/** Wait this long after the last key before listing an id's configs (one request per pause, not per key). */
const LIST_DELAY_MS = 400;

type Problem = { message: string; needsToken: boolean } | null;

export default function HubDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [id, setId] = useState('');
  const [token, setToken] = useState(() => sessionToken() ?? '');
  /** The configs and splits of `listing.id` (the id they were listed for, not the one being typed). */
  const [listing, setListing] = useState<{ id: string; splits: ParquetListing } | null>(null);
  const [config, setConfig] = useState('');
  const [split, setSplit] = useState('');
  const [files, setFiles] = useState<HubSplit | null>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [base, setBase] = useState(hubBase);
  const tokenField = useRef<HTMLInputElement>(null);
  /** Answers to an older id, token or address (listAsk), or an older split (splitAsk), are dropped. */
  const listAsk = useRef(0);
  const splitAsk = useRef(0);

  // The id (or the token, or the address) changed: list its configs and splits after a pause.
  useEffect(() => {
    setListing(null);
    setFiles(null);
    setProblem(null);
    setBusy(null);
    // Counted before anything else: an answer still on its way for the id before is dropped.
    const ask = ++listAsk.current;
    const trimmed = id.trim();
    if (!open || !isDatasetId(trimmed)) return;
    const timer = setTimeout(() => {
      setSessionToken(token);
      setBusy('Listing its configs and splits…');
      appHubClient()
        .listParquet(trimmed)
        .then((answer) => {
          if (ask !== listAsk.current) return;
          setListing({ id: trimmed, splits: answer });
          const first = Object.keys(answer)[0] ?? '';
          setConfig(first);
          setSplit(Object.keys(answer[first] ?? {})[0] ?? '');
        })
        .catch((error: unknown) => {
          if (ask === listAsk.current) setProblem(hubProblem(error));
        })
        .finally(() => {
          if (ask === listAsk.current) setBusy(null);
        });
    }, LIST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [id, token, base, open]);

  // A split chosen: its files and their sizes (HEAD requests, no data).
  useEffect(() => {
    setFiles(null);
    const ask = ++splitAsk.current;
    if (!listing || !listing.splits[config]?.[split]) return;
    setBusy('Asking for its files’ sizes…');
    hubSplit(listing.id, config, split)
      .then((answer) => {
        if (ask === splitAsk.current) setFiles(answer);
      })
      .catch((error: unknown) => {
        if (ask === splitAsk.current) setProblem(hubProblem(error));
      })
      .finally(() => {
        if (ask === splitAsk.current) setBusy(null);
      });
  }, [listing, config, split]);

  useEffect(() => {
    if (problem?.needsToken) tokenField.current?.focus();
  }, [problem]);

  const configs = listing ? Object.keys(listing.splits) : [];
  const splits = listing && config ? Object.keys(listing.splits[config] ?? {}) : [];

  async function openSplit(): Promise<void> {
    if (!files) return;
    setBusy('Opening…');
    const result = await openHubSplit(files);
    setBusy(null);
    if (result.ok) onClose();
    else setProblem({ message: result.message, needsToken: /access refused|token/.test(result.message) });
  }

  return (
    <Dialog open={open} onClose={onClose} title="Open from the Hub" description="A Hugging Face dataset, read from its Parquet files by parts: only the records shown are downloaded." width="max-w-xl">
      <form
        className="flex flex-col gap-3 text-sm"
        onSubmit={(event) => {
          event.preventDefault();
          void openSplit();
        }}
      >
        <label className="flex flex-col gap-1">
          Dataset id
          <input className={toolbarInput} value={id} placeholder="owner/name" spellCheck={false} autoComplete="off" onChange={(event) => setId(event.currentTarget.value)} autoFocus />
        </label>
        <label className="flex flex-col gap-1">
          Access token (gated or private datasets)
          <input
            ref={tokenField}
            type="password"
            className={toolbarInput}
            value={token}
            placeholder="hf_…"
            autoComplete="off"
            aria-describedby="parley-hub-token-hint"
            onChange={(event) => setToken(event.currentTarget.value)}
          />
          <span id="parley-hub-token-hint" className={`text-xs ${mutedText}`}>
            Kept for this session only (never saved); sent to the Hub only.
          </span>
        </label>
        {listing && (
          <div className="flex flex-wrap gap-3">
            <label className="flex items-center gap-2">
              Config
              <select aria-label="Config" className={toolbarSelect} value={config} onChange={(event) => {
                const next = event.currentTarget.value;
                setConfig(next);
                setSplit(Object.keys(listing.splits[next] ?? {})[0] ?? '');
              }}>
                {configs.map((name) => (
                  <option key={name}>{name}</option>
                ))}
              </select>
            </label>
            <label className="flex items-center gap-2">
              Split
              <select aria-label="Split" className={toolbarSelect} value={split} onChange={(event) => setSplit(event.currentTarget.value)}>
                {splits.map((name) => (
                  <option key={name}>{name}</option>
                ))}
              </select>
            </label>
          </div>
        )}
        {files && (
          <p aria-label="Split size">
            {files.rows.toLocaleString('en')} rows in {files.shards.length === 1 ? '1 Parquet file' : `${files.shards.length} Parquet files`} ({formatBytes(files.bytes)} in all). Opening reads its{' '}
            {files.columns.join(', ')} {files.columns.length === 1 ? 'column' : 'columns'} on demand: only the rows shown are downloaded; reading every row (to search or check them all) downloads{' '}
            {formatBytes(files.readBytes)}, when you choose to.
          </p>
        )}
        {busy && (
          <p role="status" className={mutedText}>
            {busy}
          </p>
        )}
        {problem && (
          <p role="alert" aria-label="Hub problem" className="text-red-800 dark:text-red-300">
            {problem.message}
          </p>
        )}
        <details>
          <summary className="cursor-pointer">Hub address</summary>
          <label className="mt-2 flex flex-col gap-1">
            Address of the Hub (default https://huggingface.co)
            <input
              className={toolbarInput}
              defaultValue={base}
              spellCheck={false}
              onBlur={(event) => {
                const reason = setHubBase(event.currentTarget.value);
                if (reason) setProblem({ message: reason, needsToken: false });
                else setBase(hubBase());
              }}
            />
          </label>
        </details>
        <div className="flex justify-end gap-2">
          <button type="button" className={toolbarButton} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={primaryButton} disabled={!files || busy !== null}>
            Open
          </button>
        </div>
      </form>
    </Dialog>
  );
}
