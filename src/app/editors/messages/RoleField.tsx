/**
 * The role of a message: the known roles in a select, and any other role the source used shown
 * and editable as text (formats report roles they do not know).
 */
import { useState } from 'react';
import { KNOWN_ROLES, type Role } from '../../../core/index.ts';
import { setRole } from '../actions/message-actions.ts';
import { FieldDiagnostics } from '../fields/FieldDiagnostics.tsx';
import { inputClass, selectClass } from '../fields/styles.ts';
import { useFieldBinding } from '../fields/useFieldBinding.ts';
import { useMessagesRoot } from './messages-root.ts';

const OTHER = '__other__';

function isKnown(role: Role): boolean {
  return (KNOWN_ROLES as readonly string[]).includes(role);
}

export function RoleField({ index, role }: { index: number; role: Role }) {
  const root = useMessagesRoot();
  const { controlProps, diagnostics, diagnosticsId, label } = useFieldBinding([...root, index, 'role']);
  // "other…" chosen but not typed yet: show the text field with the current role to edit.
  const [editingOther, setEditingOther] = useState(false);
  const custom = !isKnown(role) || editingOther;
  return (
    <div className="flex flex-col">
      <div className="flex items-center gap-1">
        <select
          {...controlProps}
          value={custom ? OTHER : role}
          className={`${selectClass} font-medium`}
          onChange={(event) => {
            const value = event.target.value;
            if (value === OTHER) {
              setEditingOther(true);
              return;
            }
            setEditingOther(false);
            setRole(index, value, root);
          }}
        >
          {KNOWN_ROLES.map((known) => (
            <option key={known} value={known}>
              {known}
            </option>
          ))}
          <option value={OTHER}>other…</option>
        </select>
        {custom && (
          <input
            type="text"
            dir="auto"
            aria-label={`${label.replace(/ role$/, '')} custom role`}
            value={role}
            placeholder="role"
            spellCheck={false}
            className={`${inputClass} w-28 font-mono`}
            onChange={(event) => setRole(index, event.target.value, root)}
          />
        )}
      </div>
      <FieldDiagnostics id={diagnosticsId} diagnostics={diagnostics} />
    </div>
  );
}
