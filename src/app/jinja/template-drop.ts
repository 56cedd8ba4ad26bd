/**
 * A template file dropped on the window (`.jinja`, `.j2`, or a file named
 * `tokenizer_config.json`) is a template, not a conversation: it chooses the Jinja format and
 * becomes its template (the Template view shows it). A tokenizer_config.json dropped with its
 * tokenizer.json (the two files, or the model's folder) brings its tokenizer too: the Token view
 * uses it as the template's own (template-origin.ts).
 */
import { useAppStore } from '../store/index.ts';
import { applyTemplateText } from './template-input.ts';

const CONFIG = 'tokenizer_config.json';
const TOKENIZER = 'tokenizer.json';

export function isTemplateFile(file: File): boolean {
  return /\.(jinja|j2)$/i.test(file.name) || file.name === CONFIG;
}

/** A config and its tokenizer among dropped files, when both are there. */
export function configWithTokenizer(files: readonly File[]): { config: File; tokenizer: File } | undefined {
  const config = files.find((file) => file.name === CONFIG);
  const tokenizer = files.find((file) => file.name === TOKENIZER);
  return config && tokenizer ? { config, tokenizer } : undefined;
}

/**
 * The files at the top of each dropped folder (a model's folder holds its tokenizer files
 * there). The entries must be taken during the drop event; reading them comes after.
 */
export function droppedFolderFiles(data: DataTransfer | null): Promise<File[]> | undefined {
  const folders = Array.from(data?.items ?? [])
    .map((item) => item.webkitGetAsEntry?.())
    .filter((entry): entry is FileSystemDirectoryEntry => entry?.isDirectory === true);
  if (folders.length === 0) return undefined;
  const fileOf = (entry: FileSystemFileEntry) => new Promise<File>((resolve, reject) => entry.file(resolve, reject));
  const filesOf = (folder: FileSystemDirectoryEntry) =>
    new Promise<File[]>((resolve, reject) => {
      // One batch is enough: the files wanted are named, and a model folder holds a few dozen.
      folder.createReader().readEntries((entries) => {
        const wanted = entries.filter((entry): entry is FileSystemFileEntry => entry.isFile && (entry.name === CONFIG || entry.name === TOKENIZER));
        Promise.all(wanted.map(fileOf)).then(resolve, reject);
      }, reject);
    });
  return Promise.all(folders.map(filesOf)).then((lists) => lists.flat());
}

/** Opens `file` as the Jinja format's template; `tokenizer`: the tokenizer.json that came with a config. */
export async function openTemplateFile(file: File, tokenizer?: File): Promise<void> {
  const text = await file.text();
  const store = useAppStore.getState();
  store.setFormat('jinja');
  const result = applyTemplateText(text, tokenizer ? [tokenizer, file] : undefined);
  const named = result.templates.length > 1 ? ` It holds ${result.templates.length} named templates; the Template view offers the choice.` : '';
  const own = tokenizer && !result.problem ? ` Its ${tokenizer.name} is the Token view's tokenizer for it.` : '';
  store.showNotice({ tone: result.problem ? 'error' : 'success', title: result.problem ?? `Template ${file.name} opened in the Jinja template format.${named}${own}` });
}
