/**
 * OpenChatML thought flags of a system message: three checkboxes (reflect, introspect, reason)
 * that write `<|reflect|><|introspect|><|reason|>` after the system content, telling the model
 * which thought blocks to write (spec 003 §4). Shown where `showsThoughtFlags` says.
 */
import { useCallback } from 'react';
import type { Role, ThoughtKind } from '../../../core/index.ts';
import { useAppStore } from '../../store/index.ts';
import { setField } from '../actions/record-actions.ts';
import { AnchorDiagnostics } from '../fields/AnchorDiagnostics.tsx';
import { FieldDiagnostics } from '../fields/FieldDiagnostics.tsx';
import { smallLabelClass } from '../fields/styles.ts';
import { useContainerBinding } from '../fields/useContainerBinding.ts';
import { useFieldBinding } from '../fields/useFieldBinding.ts';
import { fieldLabel } from '../labels.ts';
import { useStablePath } from '../fields/useStablePath.ts';
import { registerField } from '../navigation/field-registry.ts';
import { useMessagesRoot } from './messages-root.ts';
import { showsThoughtFlags, THOUGHT_FLAG_KINDS, THOUGHT_FLAGS_FORMAT_ID, withThoughtFlag } from '../ops/thought-flags.ts';

interface Props {
  index: number;
  role: Role;
  flags: readonly ThoughtKind[] | undefined;
}

const TITLES: Record<ThoughtKind, string> = {
  reflect: 'Ask for a reflect block: analysis of the user’s emotions and intentions (<|reflect|>)',
  introspect: 'Ask for an introspect block: the model’s analysis of its own position and intentions (<|introspect|>)',
  reason: 'Ask for a reason block: the chain of thought that solves the problem (<|reason|>)',
};

export function ThoughtFlagsField({ index, role, flags }: Props) {
  const formatWritesFlags = useAppStore((state) => state.formatId === THOUGHT_FLAGS_FORMAT_ID);
  if (!showsThoughtFlags(role, flags, formatWritesFlags)) return null;
  return <ThoughtFlagsGroup index={index} flags={flags} />;
}

function ThoughtFlagsGroup({ index, flags }: { index: number; flags: readonly ThoughtKind[] | undefined }) {
  const path = [...useMessagesRoot(), index, 'thoughtFlags'];
  const container = useContainerBinding(path);
  return (
    <div {...container} role="group" aria-label={fieldLabel(path)} className="mt-1 rounded outline-none focus:ring-2 focus:ring-sky-500/40">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className={smallLabelClass} aria-hidden="true">
          Thought flags
        </span>
        {THOUGHT_FLAG_KINDS.map((kind) => (
          <FlagCheckbox key={kind} index={index} kind={kind} flags={flags} />
        ))}
      </div>
      <AnchorDiagnostics path={path} />
    </div>
  );
}

function FlagCheckbox({ index, kind, flags }: { index: number; kind: ThoughtKind; flags: readonly ThoughtKind[] | undefined }) {
  const path = useStablePath([...useMessagesRoot(), index, 'thoughtFlags']);
  const { controlProps, diagnostics, diagnosticsId } = useFieldBinding([...path, kind]);
  const checked = flags?.includes(kind) === true;
  // The render marks a flag token with its place in the list (`thoughtFlags[2]`): register the
  // checkbox under that path too, so that a click on `<|reason|>` in the preview focuses it.
  const at = flags?.indexOf(kind) ?? -1;
  const bindingRef = controlProps.ref;
  const ref = useCallback(
    (element: HTMLElement | null) => {
      const unregister = bindingRef(element);
      const unregisterAlias = element && at >= 0 ? registerField([...path, at], element) : undefined;
      return () => {
        unregister?.();
        unregisterAlias?.();
      };
    },
    [bindingRef, path, at],
  );
  return (
    <div>
      <label className="inline-flex cursor-pointer items-center gap-1 font-mono text-xs text-slate-700 dark:text-slate-200" title={TITLES[kind]}>
        <input
          {...controlProps}
          ref={ref}
          type="checkbox"
          checked={checked}
          className="h-3.5 w-3.5 accent-sky-600"
          onChange={(event) => setField(path, withThoughtFlag(flags, kind, event.target.checked), true)}
        />
        {kind}
      </label>
      <FieldDiagnostics id={diagnosticsId} diagnostics={diagnostics} />
    </div>
  );
}
