/** The fields only a tool message has: which call it answers, and whether the tool failed. */
import { useShallow } from 'zustand/react/shallow';
import { callIdsInTurn } from '../../../core/index.ts';
import { useAppStore } from '../../store/index.ts';
import { CheckboxField } from '../fields/CheckboxField.tsx';
import { TextField } from '../fields/TextField.tsx';

interface Props {
  index: number;
  messageId: string;
  toolCallId: string | undefined;
  isError: boolean;
}

export function ToolMessageFields({ index, messageId, toolCallId, isError }: Props) {
  const listId = `parley-tool-call-ids-${messageId}`;
  const ids = useAppStore(useShallow((state) => (state.record.kind === 'chat' ? callIdsInTurn(state.record.messages, index) : [])));
  return (
    <div className="flex items-start gap-2">
      <TextField path={['messages', index, 'toolCallId']} value={toolCallId} placeholder="answers call id" optional mono list={listId} className="w-56" />
      <datalist id={listId}>
        {ids.map((id) => (
          <option key={id} value={id} />
        ))}
      </datalist>
      <div className="pt-1">
        <CheckboxField path={['messages', index, 'isError']} checked={isError} caption="error" title="The tool reported an error" />
      </div>
    </div>
  );
}
