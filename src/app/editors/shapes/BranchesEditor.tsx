/**
 * A training record's branches under its shared prompt (docs/app.md, 'Training records'): each
 * branch (chosen, rejected, or the one completion) is a list of messages edited with the usual
 * message cards, at its own path (`branches.rejected[0]…`: messages-root.ts), so every field,
 * diagnostic and click in the preview names the branch. A KTO record's label is a checkbox.
 * Loaded lazily by ConversationEditor: only training records need it, and the message cards are
 * not part of the start-up JavaScript (MessageList.tsx).
 */
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { BRANCH_NAMES, type BranchName, type FieldPath } from '../../../core/index.ts';
import { useAppStore } from '../../store/index.ts';
import { addMessage } from '../actions/message-actions.ts';
import { setField } from '../actions/record-actions.ts';
import { AnchorDiagnostics } from '../fields/AnchorDiagnostics.tsx';
import { FieldDiagnostics } from '../fields/FieldDiagnostics.tsx';
import { buttonClass, smallLabelClass } from '../fields/styles.ts';
import { useFieldBinding } from '../fields/useFieldBinding.ts';
import { MessageCard } from '../messages/MessageCard.tsx';
import { messagesAt, MessagesRootContext } from '../messages/messages-root.ts';
import { nextRole } from '../ops/new-message.ts';

const TITLES: Record<BranchName, string> = { chosen: 'Chosen', rejected: 'Rejected', completion: 'Completion' };
const HINTS: Record<BranchName, string> = {
  chosen: 'The completion preferred: rendered after the shared prompt.',
  rejected: 'The completion not preferred: rendered after the shared prompt.',
  completion: 'Rendered after the shared prompt.',
};

const NO_IDS: readonly string[] = [];

export default function BranchesEditor() {
  const names = useAppStore(useShallow((state) => (state.record.kind === 'chat' && state.record.branches ? BRANCH_NAMES.filter((name) => state.record.kind === 'chat' && state.record.branches?.[name] !== undefined) : [])));
  const hasLabel = useAppStore((state) => state.record.kind === 'chat' && state.record.label !== undefined);
  return (
    <div className="space-y-4">
      {hasLabel && <KtoLabel />}
      {names.map((name) => (
        <Branch key={name} name={name} />
      ))}
    </div>
  );
}

function Branch({ name }: { name: BranchName }) {
  const root = useMemo<FieldPath>(() => ['branches', name], [name]);
  const ids = useAppStore(useShallow((state) => (state.record.kind === 'chat' ? messagesAt(state.record, root).map((m) => m.id) : NO_IDS)));
  const title = TITLES[name];
  return (
    <section aria-label={title} className="space-y-2 rounded-md border-2 border-dashed border-slate-300 p-2 dark:border-slate-600">
      <h2 className="text-sm font-semibold">
        {title} <span className="font-normal text-slate-600 dark:text-slate-400">{HINTS[name]}</span>
      </h2>
      <AnchorDiagnostics path={root} />
      <MessagesRootContext.Provider value={root}>
        {ids.length === 0 && <p className="text-xs italic text-slate-600 dark:text-slate-400">No messages in this branch.</p>}
        {ids.map((id, index) => (
          <MessageCard key={id} index={index} />
        ))}
      </MessagesRootContext.Provider>
      <button
        type="button"
        className={buttonClass}
        aria-label={`Add message to ${name}`}
        onClick={() => {
          const { record } = useAppStore.getState();
          const last = record.kind === 'chat' ? messagesAt(record, root).at(-1) : undefined;
          const path = addMessage(last ? nextRole(last.role) : 'assistant', undefined, root);
          if (path) useAppStore.getState().reveal(path);
        }}
      >
        + message
      </button>
    </section>
  );
}

/** KTO's label: whether the completion is desirable. Both values are written (false is a label, not its absence). */
function KtoLabel() {
  const label = useAppStore((state) => state.record.kind === 'chat' && state.record.label === true);
  const { controlProps, diagnostics, diagnosticsId } = useFieldBinding(['label']);
  return (
    <div className="flex items-center gap-2">
      <span className={smallLabelClass}>KTO</span>
      <label className="inline-flex cursor-pointer items-center gap-1 text-sm" title="trl's label, LLaMA-Factory's kto_tag: checked when the completion is desirable">
        <input {...controlProps} type="checkbox" checked={label} className="h-3.5 w-3.5 accent-sky-600" onChange={(event) => setField(['label'], event.target.checked, true)} />
        desirable completion
      </label>
      <FieldDiagnostics id={diagnosticsId} diagnostics={diagnostics} />
    </div>
  );
}
