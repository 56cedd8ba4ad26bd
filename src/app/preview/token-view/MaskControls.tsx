/**
 * The training-mask controls, kept with the record (store → autosave, share links): all assistant
 * turns or only the last, whether thoughts and tool calls count, and per message on / off / as
 * the rules say. The Token and Text views colour what is trained after them.
 */
import { useAppStore } from '../../store/index.ts';
import { withMessageOverride } from '../../tokens/mask-settings.ts';
import { toolbarSelect } from '../../layout/ui.ts';

export function MaskControls() {
  const mask = useAppStore((state) => state.trainingMask);
  const messages = useAppStore((state) => (state.record.kind === 'chat' ? state.record.messages : undefined));
  const set = useAppStore((state) => state.setTrainingMask);
  const overrides = Object.entries(mask.messages);
  return (
    <div role="group" aria-label="Training mask" className="flex shrink-0 flex-wrap items-center gap-3 border-b border-slate-200 bg-slate-50 px-3 py-1.5 text-xs dark:border-slate-800 dark:bg-slate-900">
      <span className="font-medium">Trained</span>
      <label className="flex items-center gap-1.5">
        <select aria-label="Trained turns" className={`${toolbarSelect} h-7 text-xs`} value={mask.turns} onChange={(event) => set({ ...mask, turns: event.target.value === 'last' ? 'last' : 'all' })}>
          <option value="all">All assistant turns</option>
          <option value="last">Only the last assistant turn</option>
        </select>
      </label>
      <label className="flex items-center gap-1.5">
        <input type="checkbox" checked={mask.thoughtsAndTools} onChange={(event) => set({ ...mask, thoughtsAndTools: event.target.checked })} />
        Thoughts and tool calls count
      </label>
      {messages && messages.length > 0 && (
        <label className="flex items-center gap-1.5">
          Message
          <select
            aria-label="Message to switch"
            className={`${toolbarSelect} h-7 max-w-48 text-xs`}
            value=""
            onChange={(event) => {
              const [index, choice] = event.target.value.split(':');
              set(withMessageOverride(mask, Number(index), choice === 'on' ? true : choice === 'off' ? false : undefined));
            }}
          >
            <option value="" disabled>
              Train / not…
            </option>
            {messages.map((message, i) => {
              const current = mask.messages[String(i)];
              const label = `#${i} ${message.role}`;
              return (
                <optgroup key={i} label={`${label}${current === undefined ? '' : current ? ' (on)' : ' (off)'}`}>
                  <option value={`${i}:on`}>{label}: train</option>
                  <option value={`${i}:off`}>{label}: do not train</option>
                  <option value={`${i}:rules`}>{label}: as the rules say</option>
                </optgroup>
              );
            })}
          </select>
        </label>
      )}
      {overrides.length > 0 && (
        <span className="text-slate-600 dark:text-slate-300">
          {overrides.map(([index, on]) => `#${index} ${on ? 'on' : 'off'}`).join(', ')}{' '}
          <button type="button" className="underline" onClick={() => set({ ...mask, messages: {} })}>
            clear
          </button>
        </span>
      )}
    </div>
  );
}
