/**
 * One part of structured content: text, image (a thumbnail for data: URLs; remote URLs are
 * shown, never fetched), a JSON value, or a fill-in-the-middle segment.
 */
import { memo } from 'react';
import type { FieldPath, Part } from '../../../core/index.ts';
import { duplicateAt, moveAt, removeAt } from '../actions/record-actions.ts';
import { AnchorDiagnostics } from '../fields/AnchorDiagnostics.tsx';
import { ItemActions } from '../fields/ItemActions.tsx';
import { JsonValueField } from '../fields/JsonValueField.tsx';
import { smallLabelClass } from '../fields/styles.ts';
import { TextAreaField } from '../fields/TextAreaField.tsx';
import { TextField } from '../fields/TextField.tsx';
import { useContainerBinding } from '../fields/useContainerBinding.ts';
import { fieldLabel } from '../labels.ts';
import { clonePart } from '../ops/clone.ts';

const TITLES: Record<Part['type'], string> = { text: 'Text', image: 'Image', value: 'Value', fim: 'Fill-in-the-middle' };

interface Props {
  listPath: FieldPath;
  index: number;
  count: number;
  part: Part;
}

export const PartCard = memo(function PartCard({ listPath, index, count, part }: Props) {
  const path = [...listPath, index];
  const container = useContainerBinding(path);
  return (
    <div {...container} role="group" aria-label={fieldLabel(path)} data-part-type={part.type} className="rounded border border-slate-200 p-1.5 outline-none focus:ring-2 focus:ring-sky-500/40 dark:border-slate-700">
      <div className="mb-1 flex items-center gap-2">
        <span className={smallLabelClass}>
          {index + 1}. {TITLES[part.type]}
        </span>
        <span className="flex-1" />
        <ItemActions
          path={path}
          index={index}
          count={count}
          onMove={(to) => moveAt(listPath, index, to)}
          onDuplicate={() => duplicateAt(listPath, index, clonePart)}
          onRemove={() => removeAt(listPath, index)}
        />
      </div>
      <AnchorDiagnostics path={path} />
      {part.type === 'text' && <TextAreaField path={[...path, 'text']} value={part.text} placeholder="text…" />}
      {part.type === 'image' && <ImagePartFields path={path} url={part.url} mediaType={part.mediaType} />}
      {part.type === 'value' && <JsonValueField path={[...path, 'value']} value={part.value} caption="JSON value" />}
      {part.type === 'fim' && (
        <div className="space-y-1">
          <TextAreaField path={[...path, 'prefix']} value={part.prefix} placeholder="prefix (before the cursor)" mono />
          <TextAreaField path={[...path, 'middle']} value={part.middle} placeholder="middle (what the model writes)" mono className="[&_textarea]:bg-amber-50 dark:[&_textarea]:bg-amber-950/30" />
          <TextAreaField path={[...path, 'suffix']} value={part.suffix} placeholder="suffix (after the cursor)" mono />
        </div>
      )}
    </div>
  );
});

function ImagePartFields({ path, url, mediaType }: { path: FieldPath; url: string; mediaType: string | undefined }) {
  const isData = /^data:image\//i.test(url);
  return (
    <div className="flex items-start gap-2">
      {isData ? (
        <img src={url} alt={`${fieldLabel(path)} thumbnail`} className="h-16 w-16 shrink-0 rounded border border-slate-200 object-contain dark:border-slate-700" />
      ) : (
        <div className="flex h-16 w-16 shrink-0 items-center justify-center rounded border border-dashed border-slate-300 text-center text-[10px] text-slate-400 dark:border-slate-600" title="Remote images are not loaded: Parley makes no network requests.">
          {url === '' ? 'no image' : 'remote image'}
        </div>
      )}
      <div className="min-w-0 flex-1 space-y-1">
        <TextField path={[...path, 'url']} value={url} placeholder="https://… or data:image/png;base64,…" mono />
        <TextField path={[...path, 'mediaType']} value={mediaType} placeholder="media type (optional), e.g. image/png" optional mono />
      </div>
    </div>
  );
}
