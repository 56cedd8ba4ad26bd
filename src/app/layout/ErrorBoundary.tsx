/**
 * Catches a render error in one part of the page (the editor, the preview, the diagnostics, or
 * the whole app) and shows what failed with ways out (CrashPanel), instead of React unmounting
 * everything and leaving a blank page.
 *
 * While it shows an error caused by the data, autosave is paused: the last saved version (which
 * could be shown) stays saved, so a reload does not bring the crash back, and the state that
 * crashed is still in the tab to undo or export. Any change of the record or format clears the
 * error and renders again: undo, opening a file, or an edit in the other pane can all recover.
 */
import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { holdAutosave, releaseAutosave } from '../persistence/autosave.ts';
import { useAppStore } from '../store/index.ts';
import { isChunkLoadError } from './chunk-error.ts';

/** What shows while CrashPanel loads, and instead of it if it cannot be downloaded (offline). */
function PlainCrashPanel({ area, error }: { area: string; error: Error }) {
  return (
    <p role="alert" className="p-4 text-sm">
      Parley could not show {area}: {error.message}{' '}
      <button type="button" className="underline" onClick={() => location.reload()}>
        Reload
      </button>
    </p>
  );
}

/** The fallback is loaded only when needed (not at start-up). */
const CrashPanel = lazy(() => import('./CrashPanel.tsx').catch(() => ({ default: PlainCrashPanel })));

interface Props {
  /** What this boundary guards, in a sentence: "the preview", "the conversation editor". */
  area: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

let nextId = 0;

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };
  private readonly holdKey = `error-boundary-${++nextId}`;
  private unsubscribe: (() => void) | undefined;

  static getDerivedStateFromError(thrown: unknown): State {
    return { error: thrown instanceof Error ? thrown : new Error(String(thrown)) };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    // A chunk that did not download says nothing about the data: saving goes on.
    if (!isChunkLoadError(error)) holdAutosave(this.holdKey, `${this.props.area} could not show this conversation; the last version that could is kept.`);
    this.unsubscribe ??= useAppStore.subscribe((state, previous) => {
      if (state.record !== previous.record || state.formatId !== previous.formatId || state.formatOptions !== previous.formatOptions) this.reset();
    });
  }

  override componentWillUnmount(): void {
    this.stopWatching();
  }

  private reset(): void {
    this.stopWatching();
    this.setState({ error: null });
  }

  private stopWatching(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    releaseAutosave(this.holdKey);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Suspense fallback={<PlainCrashPanel area={this.props.area} error={error} />}>
        <CrashPanel area={this.props.area} error={error} chunkError={isChunkLoadError(error)} />
      </Suspense>
    );
  }
}
