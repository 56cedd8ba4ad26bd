/** Structured content as a list of parts, with buttons to add each kind the owner allows. */
import { fimPart, newId, textPart, type FieldPath, type Part } from '../../../core/index.ts';
import { useAppStore } from '../../store/index.ts';
import { insertAt } from '../actions/record-actions.ts';
import { buttonClass } from '../fields/styles.ts';
import { actionLabel, fieldLabel } from '../labels.ts';
import { fimCursor } from '../ops/fim-cursor.ts';
import { PartCard } from './PartCard.tsx';

export type NewPartType = Part['type'];

const NEW_PARTS: Record<NewPartType, { caption: string; noun: string; make: () => Part; first: string }> = {
  text: { caption: 'Text part', noun: 'text part', make: () => textPart(''), first: 'text' },
  image: { caption: 'Image', noun: 'image part', make: () => ({ id: newId('p'), type: 'image', url: '' }), first: 'url' },
  value: { caption: 'Value', noun: 'value part', make: () => ({ id: newId('p'), type: 'value', value: null }), first: 'value' },
  fim: { caption: 'FIM segment', noun: 'FIM segment', make: () => fimPart('', '', ''), first: 'prefix' },
};

interface Props {
  /** The owner of the list: `['messages', 2]` (parts at `content.parts`) or `['files', 0]` (parts at `parts`). */
  ownerPath: FieldPath;
  listPath: FieldPath;
  parts: readonly Part[];
  allow: readonly NewPartType[];
}

export function PartsEditor({ ownerPath, listPath, parts, allow }: Props) {
  const add = (type: NewPartType) => {
    insertAt(listPath, parts.length, NEW_PARTS[type].make());
    useAppStore.getState().reveal([...listPath, parts.length, NEW_PARTS[type].first]);
  };
  const owner = fieldLabel(ownerPath).toLowerCase();
  return (
    <div className="space-y-1.5">
      {parts.map((part, index) => (
        <PartCard key={part.id} listPath={listPath} index={index} count={parts.length} part={part} cursor={fimCursor(parts, index)} owner={owner} />
      ))}
      <div className="flex flex-wrap gap-1">
        {allow.map((type) => (
          <button key={type} type="button" className={buttonClass} aria-label={actionLabel(`Add ${NEW_PARTS[type].noun} to`, ownerPath)} onClick={() => add(type)}>
            + {NEW_PARTS[type].caption}
          </button>
        ))}
      </div>
    </div>
  );
}
