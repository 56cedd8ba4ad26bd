/**
 * One message: a header (drag handle, number, role, speaker name, content kind, move /
 * duplicate / delete) and its content editor, plus the fields of tool messages and the
 * OpenAI-style tool calls of assistant messages. Subscribes to its own message only, so
 * typing here re-renders this card and no other.
 */
import { memo, type HTMLAttributes } from 'react';
import { useAppStore } from '../../store/index.ts';
import { ToolCallsList } from '../blocks/ToolCallsList.tsx';
import { AnchorDiagnostics } from '../fields/AnchorDiagnostics.tsx';
import { GripIcon } from '../fields/icons.tsx';
import { ListItemActions } from '../fields/ListItemActions.tsx';
import { buttonClass, cardClass, iconButtonClass, smallLabelClass } from '../fields/styles.ts';
import { TextField } from '../fields/TextField.tsx';
import { useContainerBinding } from '../fields/useContainerBinding.ts';
import { useStablePath } from '../fields/useStablePath.ts';
import { actionLabel, fieldLabel } from '../labels.ts';
import { cloneMessage } from '../ops/clone.ts';
import { toolCall } from '../../../core/index.ts';
import { setField } from '../actions/record-actions.ts';
import { ContentEditor } from './ContentEditor.tsx';
import { ContentKindSwitch } from './ContentKindSwitch.tsx';
import { HarmonyHeaderFields } from './HarmonyHeaderFields.tsx';
import { handleMessageKeyDown } from './keyboard.ts';
import { messagesAt, useMessagesRoot } from './messages-root.ts';
import { RoleField } from './RoleField.tsx';
import { ThoughtFlagsField } from './ThoughtFlagsField.tsx';
import { ToolMessageFields } from './ToolMessageFields.tsx';

const ROLE_ACCENTS: Record<string, string> = {
  system: 'border-l-slate-500',
  developer: 'border-l-stone-500',
  user: 'border-l-sky-500',
  assistant: 'border-l-emerald-500',
  tool: 'border-l-violet-500',
};

/** What the drag-and-drop wrapper gives the card's handle (dnd-kit's activator). */
export interface DragHandle {
  ref: (element: HTMLElement | null) => void;
  props: HTMLAttributes<HTMLElement>;
}

export const MessageCard = memo(function MessageCard({ index, dragHandle }: { index: number; dragHandle?: DragHandle }) {
  const root = useMessagesRoot();
  const message = useAppStore((state) => (state.record.kind === 'chat' ? messagesAt(state.record, root)[index] : undefined));
  const count = useAppStore((state) => (state.record.kind === 'chat' ? messagesAt(state.record, root).length : 0));
  const path = useStablePath([...root, index]);
  const toolCallsPath = useStablePath([...path, 'toolCalls']);
  const container = useContainerBinding(path);
  if (!message) return null;
  const label = fieldLabel(path);
  const isAssistant = message.role === 'assistant';
  const isTool = message.role === 'tool';

  return (
    <article
      {...container}
      aria-label={label}
      data-message-id={message.id}
      data-role={message.role}
      onKeyDown={(event) => handleMessageKeyDown(event, index, root)}
      className={`${cardClass} border-l-4 p-2 outline-none focus:ring-2 focus:ring-sky-500/40 ${ROLE_ACCENTS[message.role] ?? 'border-l-rose-500'}`}
    >
      <header className="mb-1.5 flex flex-wrap items-start gap-1.5">
        <button
          type="button"
          ref={dragHandle?.ref}
          {...dragHandle?.props}
          aria-label={actionLabel('Drag', path)}
          title="Drag to reorder (or focus and use Space, then arrow keys)"
          className={`${iconButtonClass} mt-0.5 cursor-grab touch-none active:cursor-grabbing`}
        >
          <GripIcon />
        </button>
        <span className={`${smallLabelClass} mt-1.5 w-7 text-right tabular-nums`} aria-hidden="true">
          {index + 1}
        </span>
        <RoleField index={index} role={message.role} />
        <TextField path={[...path, 'name']} value={message.name} placeholder="name (optional)" optional className="w-36" />
        <span className="flex-1" />
        <ContentKindSwitch index={index} message={message} />
        <ListItemActions listPath={root} index={index} count={count} clone={cloneMessage} removeVerb="Delete" onMoved={(to) => useAppStore.getState().reveal([...root, to])} />
      </header>
      <AnchorDiagnostics path={path} />
      <ContentEditor index={index} message={message} />
      <ThoughtFlagsField index={index} role={message.role} flags={message.thoughtFlags} />
      <HarmonyHeaderFields index={index} message={message} />
      {(isTool || message.toolCallId !== undefined || message.isError === true) && (
        <div className="mt-1.5">
          <ToolMessageFields index={index} toolCallId={message.toolCallId} isError={message.isError === true} />
        </div>
      )}
      {message.toolCalls !== undefined && message.toolCalls.length > 0 ? (
        <div className="mt-2 border-t border-dashed border-slate-200 pt-1.5 dark:border-slate-700">
          <div className={`${smallLabelClass} mb-1`}>OpenAI-style tool calls</div>
          <ToolCallsList listPath={toolCallsPath} calls={message.toolCalls} />
        </div>
      ) : (
        isAssistant && (
          <div className="mt-1.5">
            <button
              type="button"
              className={`${buttonClass} border-dashed`}
              aria-label={actionLabel('Add OpenAI-style tool call to', path)}
              title="A tool_calls entry on the message itself (the legacy OpenAI form), rendered after the content"
              onClick={() => {
                setField([...path, 'toolCalls'], [toolCall('', '')], true);
                useAppStore.getState().reveal([...path, 'toolCalls', 0, 'name']);
              }}
            >
              + OpenAI-style tool call
            </button>
          </div>
        )
      )}
    </article>
  );
});
