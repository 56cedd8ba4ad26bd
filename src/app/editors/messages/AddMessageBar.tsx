/** Buttons that add a message of each role at the end of the conversation (and focus it). */
import { KNOWN_ROLES } from '../../../core/index.ts';
import { useAppStore } from '../../store/index.ts';
import { addMessage } from '../actions/message-actions.ts';
import { buttonClass } from '../fields/styles.ts';

export function AddMessageBar() {
  return (
    <div className="flex flex-wrap items-center gap-1">
      <span className="mr-1 text-xs text-slate-500 dark:text-slate-400">Add message:</span>
      {KNOWN_ROLES.map((role) => (
        <button
          key={role}
          type="button"
          className={buttonClass}
          aria-label={`Add ${role} message`}
          onClick={() => {
            const path = addMessage(role);
            if (path) useAppStore.getState().reveal(path);
          }}
        >
          + {role}
        </button>
      ))}
    </div>
  );
}
