/**
 * The toolbar's File menu (entries in file-menu.ts) and the dialogs its entries open: the file
 * picker's hidden input, Open from the Hub, Paste JSON, Export as…, Share and, in dataset mode, Go to line and the
 * review file's input and dialogs (review/ReviewMenuHost.tsx).
 */
import { lazy, Suspense } from 'react';
import { ExportControls, OpenFileInput } from '../files/OpenControls.tsx';
import { PasteDialog } from '../files/PasteDialog.tsx';
import { ShareHost } from '../share/ShareHost.tsx';
import { useAppStore } from '../store/index.ts';
import { FILE_MENU } from './file-menu.ts';
import { MenuButton } from './menu/MenuButton.tsx';
import { closeMenuDialog, useMenuDialog } from './menu/menu-dialogs.ts';

/** Dataset mode only: not start-up code. */
const GoToLineDialog = lazy(() => import('../dataset/go-to-line/GoToLineDialog.tsx'));
const ReviewMenuHost = lazy(() => import('../review/ReviewMenuHost.tsx'));
/** Open from the Hub: loaded when chosen (it brings the Hub client). */
const HubDialog = lazy(() => import('../dataset/hub/HubDialog.tsx'));

export function FileMenu() {
  const dialog = useMenuDialog();
  const datasetOpen = useAppStore((state) => state.dataset !== null);
  return (
    <>
      <MenuButton label="File" title="Open, paste, save, export and share" entries={FILE_MENU} />
      <OpenFileInput />
      <PasteDialog open={dialog === 'paste'} onClose={closeMenuDialog} />
      <ExportControls open={dialog === 'export'} onClose={closeMenuDialog} />
      {dialog === 'go-to-line' && (
        <Suspense fallback={null}>
          <GoToLineDialog open onClose={closeMenuDialog} />
        </Suspense>
      )}
      {dialog === 'hub' && (
        <Suspense fallback={null}>
          <HubDialog open onClose={closeMenuDialog} />
        </Suspense>
      )}
      {datasetOpen && (
        <Suspense fallback={null}>
          <ReviewMenuHost />
        </Suspense>
      )}
      <ShareHost />
    </>
  );
}
