/**
 * Two panes side by side with a splitter that a pointer drags and the keyboard moves (arrows,
 * Shift+arrows for big steps, Home/End). The split is kept across reloads. On narrow screens the
 * panes stack and the splitter is hidden.
 */
import { useCallback, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { readPreference, writePreference } from '../persistence/preferences.ts';

/** Neither pane may become narrower than this share of the width. */
const MIN_PERCENT = 20;
const MAX_PERCENT = 80;
const DEFAULT_PERCENT = 50;
const STEP = 2;
const BIG_STEP = 10;

function clamp(percent: number): number {
  return Math.min(MAX_PERCENT, Math.max(MIN_PERCENT, percent));
}

function initialPercent(): number {
  const stored = Number(readPreference('split'));
  return Number.isFinite(stored) && stored > 0 ? clamp(stored) : DEFAULT_PERCENT;
}

interface SplitPaneProps {
  left: ReactNode;
  right: ReactNode;
  leftLabel: string;
  rightLabel: string;
}

export function SplitPane({ left, right, leftLabel, rightLabel }: SplitPaneProps) {
  const [percent, setPercent] = useState(initialPercent);
  const container = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const commit = useCallback((next: number) => {
    const value = clamp(next);
    setPercent(value);
    writePreference('split', String(Math.round(value * 10) / 10));
  }, []);

  const percentAt = (clientX: number) => {
    const rect = container.current?.getBoundingClientRect();
    return rect && rect.width > 0 ? ((clientX - rect.left) / rect.width) * 100 : percent;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    dragging.current = true;
    event.currentTarget.setPointerCapture(event.pointerId);
    event.preventDefault();
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) setPercent(clamp(percentAt(event.clientX)));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current) return;
    dragging.current = false;
    commit(percentAt(event.clientX));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? BIG_STEP : STEP;
    const moves: Record<string, number> = { ArrowLeft: percent - step, ArrowRight: percent + step, Home: MIN_PERCENT, End: MAX_PERCENT };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    commit(next);
  };

  return (
    <div ref={container} className="flex min-h-0 flex-1 flex-col md:flex-row">
      <section aria-label={leftLabel} className="flex min-h-0 min-w-0 flex-col overflow-hidden max-md:flex-1 md:shrink-0" style={{ flexBasis: `${percent}%` }}>
        {left}
      </section>
      <div
        role="separator"
        tabIndex={0}
        aria-orientation="vertical"
        aria-label={`Resize ${leftLabel.toLowerCase()} and ${rightLabel.toLowerCase()}`}
        aria-valuenow={Math.round(percent)}
        aria-valuemin={MIN_PERCENT}
        aria-valuemax={MAX_PERCENT}
        aria-valuetext={`${leftLabel} ${Math.round(percent)}% of the width`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
        className="group relative hidden w-1.5 shrink-0 cursor-col-resize touch-none bg-slate-200 hover:bg-sky-400 focus-visible:bg-sky-500 focus-visible:outline-none md:block dark:bg-slate-800 dark:hover:bg-sky-600"
      />
      <section aria-label={rightLabel} className="flex min-h-0 min-w-0 flex-1 flex-col overflow-hidden max-md:border-t max-md:border-slate-200 dark:max-md:border-slate-800">
        {right}
      </section>
    </div>
  );
}
