/**
 * A document record (OpenChatML multi-file sequence / FIM, no chat wrapper): its files in
 * order, with the file separator shown between them; add, name, reorder, remove files.
 */
import { documentFile, textPart } from '../../../core/index.ts';
import { useAppStore } from '../../store/index.ts';
import { insertAt } from '../actions/record-actions.ts';
import { AnchorDiagnostics } from '../fields/AnchorDiagnostics.tsx';
import { buttonClass } from '../fields/styles.ts';
import { FileCard } from './FileCard.tsx';

const NO_FILES: readonly never[] = [];

export function DocumentEditor() {
  const files = useAppStore((state) => (state.record.kind === 'document' ? state.record.files : NO_FILES));
  const add = () => {
    insertAt(['files'], files.length, documentFile([textPart('')]));
    useAppStore.getState().reveal(['files', files.length, 'parts', 0, 'text']);
  };
  return (
    <section aria-label="Files" className="space-y-2">
      <h2 className="text-sm font-semibold text-slate-700 dark:text-slate-200">Files ({files.length})</h2>
      <AnchorDiagnostics path={['files']} />
      {files.length === 0 && <p className="rounded border border-dashed border-slate-300 p-4 text-center text-sm text-slate-500 dark:border-slate-600 dark:text-slate-400">No files yet.</p>}
      {files.map((file, index) => (
        <div key={file.id}>
          {index > 0 && (
            <div className="my-1 flex items-center gap-2 text-[11px] text-slate-600 dark:text-slate-400" aria-hidden="true">
              <span className="h-px flex-1 bg-slate-300 dark:bg-slate-600" />
              <span className="font-mono">{'<|file_separator|>'}</span>
              <span className="h-px flex-1 bg-slate-300 dark:bg-slate-600" />
            </div>
          )}
          <FileCard index={index} count={files.length} file={file} />
        </div>
      ))}
      <button type="button" className={buttonClass} aria-label="Add file" onClick={add}>
        + File
      </button>
    </section>
  );
}
