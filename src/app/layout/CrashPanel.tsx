/**
 * What an error boundary shows instead of the part that failed: what failed, that nothing is
 * lost, and the ways out. Loaded only when an error happens (ErrorBoundary.tsx).
 */
import { useId } from 'react';
import { undo, useCanUndo } from '../store/index.ts';
import { exportForRecovery, startOver } from './recovery-actions.ts';
import { toolbarButton } from './ui.ts';

interface CrashPanelProps {
  area: string;
  error: Error;
  /** A chunk did not download: the data is not the problem, reloading is the fix. */
  chunkError: boolean;
}

export default function CrashPanel({ area, error, chunkError }: CrashPanelProps) {
  const titleId = useId();
  const canUndo = useCanUndo();
  return (
    <section
      role="alert"
      aria-labelledby={titleId}
      className="m-4 flex flex-col gap-3 rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50"
    >
      <h2 id={titleId} className="text-base font-semibold">
        Parley could not show {area}
      </h2>
      <p className="font-mono text-xs break-words">
        {error.name}: {error.message}
      </p>
      {chunkError ? (
        <p>Part of Parley could not be downloaded (are you offline?). Your conversation is safe; reload to try again.</p>
      ) : (
        <p>
          Nothing is lost: the conversation is still here, and autosave is paused so that the last version that could be shown stays saved. Undo
          the last change, export your data, or reload to go back to the last saved version.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {!chunkError && canUndo && (
          <button type="button" className={toolbarButton} onClick={undo}>
            Undo last change
          </button>
        )}
        {!chunkError && !canUndo && (
          <button type="button" className={toolbarButton} onClick={() => void startOver()}>
            Start over with an example
          </button>
        )}
        <button type="button" className={toolbarButton} onClick={() => void exportForRecovery()}>
          Export your data
        </button>
        <button type="button" className={toolbarButton} onClick={() => location.reload()}>
          Reload
        </button>
      </div>
    </section>
  );
}
