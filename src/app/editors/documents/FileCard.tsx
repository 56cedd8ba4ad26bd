/** One file of a multi-file document: its name and its parts (text and fill-in-the-middle segments). */
import { memo } from 'react';
import type { DocumentFile, FieldPath } from '../../../core/index.ts';
import { AnchorDiagnostics } from '../fields/AnchorDiagnostics.tsx';
import { ListItemActions } from '../fields/ListItemActions.tsx';
import { cardClass, smallLabelClass } from '../fields/styles.ts';
import { TextField } from '../fields/TextField.tsx';
import { useStablePath } from '../fields/useStablePath.ts';
import { useContainerBinding } from '../fields/useContainerBinding.ts';
import { fieldLabel } from '../labels.ts';
import { cloneFile } from '../ops/clone.ts';
import { PartsEditor, type NewPartType } from '../parts/PartsEditor.tsx';

const FILES_PATH: FieldPath = ['files'];
const FILE_PARTS: readonly NewPartType[] = ['text', 'fim'];

export const FileCard = memo(function FileCard({ index, count, file }: { index: number; count: number; file: DocumentFile }) {
  const path = useStablePath(['files', index]);
  const partsPath = useStablePath([...path, 'parts']);
  const container = useContainerBinding(path);
  return (
    <article {...container} aria-label={fieldLabel(path)} className={`${cardClass} border-l-4 border-l-teal-500 p-2 outline-none focus:ring-2 focus:ring-sky-500/40`}>
      <div className="mb-1.5 flex items-start gap-2">
        <span className={`${smallLabelClass} mt-1.5 w-7 text-right tabular-nums`} aria-hidden="true">
          {index + 1}
        </span>
        <TextField path={[...path, 'name']} value={file.name} placeholder="file name (optional)" optional mono className="w-64" />
        <span className="flex-1" />
        <ListItemActions listPath={FILES_PATH} index={index} count={count} clone={cloneFile} />
      </div>
      <AnchorDiagnostics path={path} />
      <PartsEditor ownerPath={path} listPath={partsPath} parts={file.parts} allow={FILE_PARTS} />
    </article>
  );
});
