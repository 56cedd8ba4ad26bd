/** Drag a file anywhere onto the window to open it. Returns whether a file is being dragged over. */
import { useEffect, useState } from 'react';
import { useAppStore } from '../store/index.ts';
import { openFileLater } from './lazy.ts';
import { splitCompanions } from '../review/companions.ts';
import { openCompanions } from '../review/open-companions.ts';
import { configWithTokenizer, droppedFolderFiles, isTemplateFile, openTemplateFile } from '../jinja/template-drop.ts';

/** Drops a drop zone inside the page has taken (the Token view's tokenizer bar): not opened as a conversation. */
const claimed = new WeakSet<Event>();

/** Called by a drop zone's own handler: the window's handler then only hides the overlay. */
export function claimDrop(event: Event): void {
  claimed.add(event);
}

function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}

export function useFileDrop(): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    // dragenter/dragleave fire for every child element: count them to know when the window is left.
    let depth = 0;
    const onEnter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth += 1;
      setOver(true);
    };
    const onLeave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const onOver = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault(); // Without this the browser opens the file itself.
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const onDrop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setOver(false);
      if (claimed.has(event)) return;
      const dropped = Array.from(event.dataTransfer?.files ?? []);
      // A review file or guidelines beside the dataset (review/companions.ts): read onto it once it is open.
      const { companions, rest: files } = splitCompanions(dropped);
      const [first] = files;
      if (!first) {
        if (companions.length > 0) void openCompanions(companions);
        return;
      }
      // A model's folder: its template and tokenizer, when it holds them.
      const inFolders = droppedFolderFiles(event.dataTransfer);
      if (inFolders) {
        void inFolders.then((found) => {
          const pair = configWithTokenizer(found);
          const config = pair?.config ?? found.find(isTemplateFile);
          if (config) void openTemplateFile(config, pair?.tokenizer);
          else useAppStore.getState().showNotice({ tone: 'error', title: 'The dropped folder holds no tokenizer_config.json: drop a conversation file, or a chat template.' });
        });
        return;
      }
      const pair = configWithTokenizer(files);
      if (pair) {
        void openTemplateFile(pair.config, pair.tokenizer);
        return;
      }
      if (isTemplateFile(first)) {
        void openTemplateFile(first);
        return;
      }
      void openFileLater(first).then((result) => {
        if (result.ok && companions.length > 0) void openCompanions(companions);
        if (result.ok && files.length > 1) {
          useAppStore.getState().showNotice({ tone: 'info', title: `${result.message} ${files.length - 1} other dropped file(s) were not opened: Parley edits one record at a time.`, details: result.details });
        }
      });
    };
    window.addEventListener('dragenter', onEnter);
    window.addEventListener('dragleave', onLeave);
    window.addEventListener('dragover', onOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragenter', onEnter);
      window.removeEventListener('dragleave', onLeave);
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('drop', onDrop);
    };
  }, []);
  return over;
}
