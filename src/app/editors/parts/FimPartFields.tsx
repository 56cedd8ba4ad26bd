/**
 * A fill-in-the-middle segment: prefix, middle, suffix, with a marker between prefix and middle
 * that says where the middle goes in the joined file or message (line, column, character).
 */
import type { FieldPath, FimPart } from '../../../core/index.ts';
import { TextAreaField } from '../fields/TextAreaField.tsx';
import type { FimCursor } from '../ops/fim-cursor.ts';

interface Props {
  path: FieldPath;
  part: FimPart;
  cursor: FimCursor | undefined;
  /** What the parts join into, for the marker: "file 2", "message 3". */
  owner: string;
}

export function FimPartFields({ path, part, cursor, owner }: Props) {
  return (
    <div className="space-y-1">
      <TextAreaField path={[...path, 'prefix']} value={part.prefix} placeholder="prefix (before the cursor)" mono />
      {cursor && <CursorMarker cursor={cursor} owner={owner} />}
      <TextAreaField path={[...path, 'middle']} value={part.middle} placeholder="middle (what the model writes)" mono className="[&_textarea]:border-amber-400 [&_textarea]:bg-amber-50 dark:[&_textarea]:border-amber-600 dark:[&_textarea]:bg-amber-950/30" />
      <TextAreaField path={[...path, 'suffix']} value={part.suffix} placeholder="suffix (after the cursor)" mono />
    </div>
  );
}

function CursorMarker({ cursor, owner }: { cursor: FimCursor; owner: string }) {
  return (
    <p className="flex items-center gap-1.5 text-[11px] text-amber-800 dark:text-amber-300" data-fim-cursor={cursor.offset}>
      <span aria-hidden="true" className="font-mono font-bold">
        ▼
      </span>
      <span>
        Cursor: the middle goes at line {cursor.line}, column {cursor.column} of {owner} (after {cursor.offset} {cursor.offset === 1 ? 'character' : 'characters'})
      </span>
      <span aria-hidden="true" className="h-px flex-1 border-t border-dashed border-amber-400 dark:border-amber-600" />
    </p>
  );
}
