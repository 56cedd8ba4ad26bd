/**
 * "Which call does this tool result answer?": a picker of the calls of the turn (tool name, call
 * id, arguments), beside the id itself as a text field, so that an id can still be typed (a call
 * further back, a call not written yet). The field shows the call-id checks' diagnostics (an id
 * no call has, a missing or duplicate id) like every field, by its path.
 */
import { useId, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { FieldPath, Message } from '../../../core/index.ts';
import { useAppStore } from '../../store/index.ts';
import { setField } from '../actions/record-actions.ts';
import { selectClass } from '../fields/styles.ts';
import { TextField } from '../fields/TextField.tsx';
import { actionLabel } from '../labels.ts';
import { turnMessages } from '../../../core/index.ts';
import { messagesAt, useMessagesRoot } from '../messages/messages-root.ts';
import { describeCall, turnCalls } from './turn-calls.ts';

interface Props {
  /** The call id field (`messages[3].toolCallId`, `….outputs[0].callId`). */
  path: FieldPath;
  messageIndex: number;
  value: string | undefined;
  /** Width of the id text field. */
  idClassName?: string;
}

const NO_MESSAGES: readonly Message[] = [];
const NONE = '\u0000none';
const TYPED = '\u0000typed';
const TYPE_ANOTHER = '\u0000type';

export function CallIdPicker({ path, messageIndex, value, idClassName = 'w-32' }: Props) {
  const root = useMessagesRoot();
  // The turn's message objects (kept by immer while unchanged): a shallow compare keeps this stable.
  const turn = useAppStore(useShallow((state) => (state.record.kind === 'chat' ? turnMessages(messagesAt(state.record, root), messageIndex) : NO_MESSAGES)));
  const calls = useMemo(() => turnCalls(turn), [turn]);
  const listId = useId();
  const matched = value !== undefined && calls.some((call) => call.callId === value);
  const selected = value === undefined ? NONE : matched ? value : TYPED;
  return (
    <div className="flex min-w-0 items-start gap-1">
      <select
        aria-label={actionLabel('Call answered by', path.slice(0, -1))}
        className={`${selectClass} max-w-64 min-w-0 truncate text-xs`}
        value={selected}
        onChange={(event) => {
          const next = event.target.value;
          if (next === TYPE_ANOTHER) useAppStore.getState().reveal(path);
          else if (next === NONE) setField(path, undefined, true);
          else if (next !== TYPED) setField(path, next, true);
        }}
      >
        <option value={NONE}>{calls.length > 0 ? 'Choose the call…' : 'No call in this turn'}</option>
        {calls.map((call, i) => (
          <option key={i} value={call.callId ?? `\u0000no-id-${i}`} disabled={call.callId === undefined}>
            {describeCall(call)}
          </option>
        ))}
        {selected === TYPED && <option value={TYPED}>{`${value} (no call of this turn)`}</option>}
        <option value={TYPE_ANOTHER}>Type an id…</option>
      </select>
      <TextField path={path} value={value} placeholder="call id" optional mono list={listId} className={idClassName} />
      <datalist id={listId}>
        {calls.map((call, i) => (call.callId === undefined ? null : <option key={i} value={call.callId} label={describeCall(call)} />))}
      </datalist>
    </div>
  );
}
