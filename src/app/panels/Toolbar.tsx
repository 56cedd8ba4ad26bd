/**
 * The toolbar, two rows: the app's actions by weight (New and the File menu first; undo/redo;
 * the examples; then, on the right, the notices, the save state and the theme), then the format
 * and that format's options. Open, paste, save, export and share are all in the File menu.
 */
import type { ReactNode } from 'react';
import { ExamplesButton } from '../examples/ExamplesDialog.tsx';
import { InstallButton } from '../pwa/InstallButton.tsx';
import { FileMenu } from './FileMenu.tsx';
import { FormatControls } from './FormatControls.tsx';
import { HistoryButtons } from './HistoryButtons.tsx';
import { NewMenu } from './NewMenu.tsx';
import { NoticesButton } from './notices/NoticesButton.tsx';
import { SaveStatus } from './SaveStatus.tsx';
import { ThemeSelect } from './ThemeSelect.tsx';

function Group({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap items-center gap-1">
      {children}
    </div>
  );
}

export function Toolbar() {
  return (
    <div className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div role="toolbar" aria-label="Actions" className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
        <h1 className="text-base font-semibold tracking-tight">Parley</h1>
        <Group label="File">
          <NewMenu />
          <FileMenu />
        </Group>
        <Group label="History">
          <HistoryButtons />
        </Group>
        <Group label="Examples">
          <ExamplesButton />
        </Group>
        <div className="ml-auto flex items-center gap-3">
          <InstallButton />
          <NoticesButton />
          <SaveStatus />
          <ThemeSelect />
        </div>
      </div>
      <div role="group" aria-label="Format and options" className="border-t border-slate-100 bg-slate-50 px-4 py-1.5 dark:border-slate-800 dark:bg-slate-900/60">
        <FormatControls />
      </div>
    </div>
  );
}
