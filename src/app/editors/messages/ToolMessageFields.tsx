/** The fields only a tool message has: which call it answers (picked from its turn, or typed), and whether the tool failed. */
import { CallIdPicker } from '../blocks/CallIdPicker.tsx';
import { CheckboxField } from '../fields/CheckboxField.tsx';
import { useMessagesRoot } from './messages-root.ts';

interface Props {
  index: number;
  toolCallId: string | undefined;
  isError: boolean;
}

export function ToolMessageFields({ index, toolCallId, isError }: Props) {
  const root = useMessagesRoot();
  return (
    <div className="flex flex-wrap items-start gap-2">
      <CallIdPicker path={[...root, index, 'toolCallId']} messageIndex={index} value={toolCallId} idClassName="w-40" />
      <div className="pt-1">
        <CheckboxField path={[...root, index, 'isError']} checked={isError} caption="error" title="The tool reported an error" />
      </div>
    </div>
  );
}
