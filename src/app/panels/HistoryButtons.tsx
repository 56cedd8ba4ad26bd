/** Undo and redo of the conversation (also Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z, Ctrl+Y). */
import { toolbarButton } from '../layout/ui.ts';
import { redo, undo, useCanRedo, useCanUndo } from '../store/index.ts';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const mod = isMac ? '⌘' : 'Ctrl+';

export function HistoryButtons() {
  const canUndo = useCanUndo();
  const canRedo = useCanRedo();
  return (
    <div className="flex items-center gap-1">
      <button type="button" className={toolbarButton} onClick={undo} disabled={!canUndo} aria-keyshortcuts="Control+Z Meta+Z" title={`Undo (${mod}Z)`}>
        Undo
      </button>
      <button type="button" className={toolbarButton} onClick={redo} disabled={!canRedo} aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y" title={`Redo (${mod}Shift+Z)`}>
        Redo
      </button>
    </div>
  );
}
