/**
 * One part of structured content: text, image (a thumbnail for data: URLs; remote URLs are
 * shown, never fetched), a JSON value, or a fill-in-the-middle segment.
 */
import { memo } from 'react';
import type { FieldPath, Part } from '../../../core/index.ts';
import { AnchorDiagnostics } from '../fields/AnchorDiagnostics.tsx';
import { ListItemActions } from '../fields/ListItemActions.tsx';
import { JsonValueField } from '../fields/JsonValueField.tsx';
import { smallLabelClass } from '../fields/styles.ts';
import { TextField } from '../fields/TextField.tsx';
import { useContainerBinding } from '../fields/useContainerBinding.ts';
import { fieldLabel } from '../labels.ts';
import { clonePart } from '../ops/clone.ts';
import type { FimCursor } from '../ops/fim-cursor.ts';
import { FimPartFields } from './FimPartFields.tsx';
import { TextPartFields } from './TextPartFields.tsx';

const TITLES: Record<Part['type'], string> = { text: 'Text', image: 'Image', value: 'Value', fim: 'Fill-in-the-middle' };

interface Props {
  listPath: FieldPath;
  index: number;
  count: number;
  part: Part;
  /** For a FIM segment: where its middle goes in the joined parts. */
  cursor?: FimCursor;
  /** What the parts belong to, in words ("file 2", "message 3"). */
  owner: string;
}

export const PartCard = memo(function PartCard({ listPath, index, count, part, cursor, owner }: Props) {
  const path = [...listPath, index];
  const container = useContainerBinding(path);
  return (
    <div {...container} role="group" aria-label={fieldLabel(path)} data-part-type={part.type} className="rounded border border-slate-200 p-1.5 outline-none focus:ring-2 focus:ring-sky-500/40 dark:border-slate-700">
      <div className="mb-1 flex items-center gap-2">
        <span className={smallLabelClass}>
          {index + 1}. {TITLES[part.type]}
        </span>
        <span className="flex-1" />
        <ListItemActions listPath={listPath} index={index} count={count} clone={clonePart} />
      </div>
      <AnchorDiagnostics path={path} />
      {part.type === 'text' && <TextPartFields path={path} text={part.text} />}
      {part.type === 'image' && <ImagePartFields path={path} url={part.url} mediaType={part.mediaType} />}
      {part.type === 'value' && <JsonValueField path={[...path, 'value']} value={part.value} caption="JSON value" />}
      {part.type === 'fim' && <FimPartFields path={path} part={part} cursor={cursor} owner={owner} />}
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
