/**
 * The File menu's entries, as data (menu/menu-entry.ts): open, paste, save, export, share, and in
 * dataset mode the review file's entries (open, save, merge, export with statuses; their input and
 * dialogs are drawn by review/ReviewMenuHost.tsx) and "Go to line". To add an entry, add an object here (a dialog: a MenuDialog id in
 * menu/menu-dialogs.ts, drawn by FileMenu.tsx).
 */
import { GO_TO_LINE_KEYS } from '../dataset/go-to-line/go-to-line.ts';
import { canSaveInPlace } from '../dataset/save/file-access.ts';
import { openPicker } from '../files/picker.ts';
import { openReviewPicker } from '../review/review-picker.ts';
import { saveNow } from '../persistence/autosave.ts';
import { shareLink } from '../share/ShareHost.tsx';
import { useAppStore } from '../store/index.ts';
import type { MenuEntry } from './menu/menu-entry.ts';
import { openMenuDialog } from './menu/menu-dialogs.ts';

const datasetOpen = (): boolean => useAppStore.getState().dataset !== null;

/** Dataset saving and exports live in the dataset's own code: loaded when first used. */
async function saveDataset(): Promise<void> {
  const [{ saveOpenDataset }, { openDatasetFile }] = await Promise.all([import('../dataset/save/save-dataset.ts'), import('../dataset/open-dataset.ts')]);
  await saveOpenDataset({ reopen: (file, fileName) => openDatasetFile(file, fileName) });
}

export const FILE_MENU: readonly MenuEntry[] = [
  { id: 'open', section: 'open', label: 'Open file…', hint: 'a .json or .jsonl file; you can also drop one onto the window', keys: 'Ctrl+O', run: openPicker },
  {
    id: 'open-in-place',
    section: 'open',
    label: 'Open dataset to save in place…',
    hint: 'Save then writes your changes back into the same file',
    shown: () => canSaveInPlace(),
    run: () => void import('../dataset/save/open-in-place.ts').then(({ openInPlace }) => openInPlace()),
  },
  {
    id: 'open-hub',
    section: 'open',
    label: 'Open from the Hub…',
    hint: 'a Hugging Face dataset by id, read by parts (online)',
    run: () => openMenuDialog('hub'),
  },
  { id: 'paste', section: 'open', label: 'Paste JSON…', hint: 'or press Ctrl+V outside a text field', run: () => openMenuDialog('paste') },
  {
    id: 'save',
    section: 'save',
    label: 'Save in this browser',
    hint: 'saving is automatic; this writes now',
    keys: 'Ctrl+S',
    shown: () => !datasetOpen(),
    run: () => void saveNow(),
  },
  { id: 'save-dataset', section: 'save', label: 'Save dataset', hint: 'back into its file where allowed, else downloads it', shown: datasetOpen, run: () => void saveDataset() },
  { id: 'export', section: 'export', label: 'Export as…', hint: 'download the conversation as JSON in a dialect you choose', run: () => openMenuDialog('export') },
  {
    id: 'export-dataset',
    section: 'export',
    label: 'Export the whole dataset',
    hint: 'every record; untouched ones byte for byte (more choices under Export… in the dataset panel)',
    shown: datasetOpen,
    run: () => void import('../dataset/export-dataset.ts').then(({ exportWholeDataset }) => exportWholeDataset()),
  },
  { id: 'share', section: 'export', label: 'Share link…', hint: 'a link that opens this conversation, format and options', run: () => void shareLink() },
  {
    id: 'open-review',
    section: 'review',
    label: 'Open review file or guidelines…',
    hint: 'a .review.jsonl or guidelines (.md) beside this dataset; you can also drop them with it',
    shown: datasetOpen,
    run: () => void openReviewPicker(),
  },
  {
    id: 'save-review',
    section: 'review',
    label: 'Save review file',
    hint: 'the verdicts, labels and comments of this dataset as its .review.jsonl',
    shown: datasetOpen,
    run: () => void import('../review/review-file-commands.ts').then(({ saveReviewFile }) => saveReviewFile()),
  },
  {
    id: 'merge-reviews',
    section: 'review',
    label: 'Merge reviewers’ work…',
    hint: 'join reviewers’ edited copies and review files; see how far they agree',
    shown: datasetOpen,
    run: () => openMenuDialog('merge-reviews'),
  },
  {
    id: 'export-statuses',
    section: 'review',
    label: 'Export with statuses…',
    hint: 'the whole dataset with each reviewed record’s status in a field you name',
    shown: datasetOpen,
    run: () => openMenuDialog('export-statuses'),
  },
  { id: 'go-to-line', section: 'go', label: 'Go to line…', hint: 'open the record at a line of the file (a row of a Parquet file)', keys: GO_TO_LINE_KEYS, shown: datasetOpen, run: () => openMenuDialog('go-to-line') },
];
