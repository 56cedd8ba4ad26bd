/** Toolbar: the format menu and the chosen format's options, built from its `options` descriptors. */
import { FORMATS, findFormat, type FormatOption } from '../../core/index.ts';
import { toolbarInput, toolbarSelect } from '../layout/ui.ts';
import { useAppStore } from '../store/index.ts';
import { shownInToolbar } from '../jinja/panel-options.ts';
import { useFormatPrepare } from './useFormatPrepare.ts';

export function FormatControls() {
  const formatId = useAppStore((state) => state.formatId);
  const format = findFormat(formatId);
  useFormatPrepare();
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <label className="flex items-center gap-1.5 text-sm font-medium">
        Format
        <select aria-label="Format" className={toolbarSelect} value={formatId} onChange={(event) => useAppStore.getState().setFormat(event.target.value)}>
          {!format && <option value={formatId}>{formatId} (unknown)</option>}
          {FORMATS.map((f) => (
            <option key={f.id} value={f.id}>
              {f.label}
            </option>
          ))}
        </select>
      </label>
      {format?.options.filter((option) => shownInToolbar(format.id, option.key)).map((option) => <OptionControl key={`${format.id}.${option.key}`} option={option} fallback={format.defaults[option.key]} />)}
    </div>
  );
}

function OptionControl({ option, fallback }: { option: FormatOption; fallback: boolean | string | null | undefined }) {
  const value = useAppStore((state) => state.formatOptions[state.formatId]?.[option.key]);
  const current = value === undefined ? (fallback ?? option.default) : value;
  const set = (next: boolean | string | null) => useAppStore.getState().setFormatOption(option.key, next);
  const labelClass = 'flex items-center gap-1.5 text-sm';

  switch (option.type) {
    case 'boolean':
      return (
        <label className={labelClass} title={option.description}>
          <input type="checkbox" className="h-4 w-4 accent-sky-700" checked={current === true} onChange={(event) => set(event.target.checked)} />
          {option.label}
        </label>
      );
    case 'enum':
      return (
        <label className={labelClass} title={option.description}>
          {option.label}
          <select className={toolbarSelect} value={typeof current === 'string' ? current : option.default} onChange={(event) => set(event.target.value)}>
            {option.choices.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
        </label>
      );
    case 'date':
      return (
        <label className={labelClass} title={`${option.description} Empty means today.`}>
          {option.label}
          <input type="date" className={toolbarInput} value={typeof current === 'string' ? current : ''} onChange={(event) => set(event.target.value === '' ? null : event.target.value)} />
          {typeof current !== 'string' && <span className="text-xs text-slate-600 dark:text-slate-300">(today)</span>}
        </label>
      );
    case 'string':
      return (
        <label className={labelClass} title={option.description}>
          {option.label}
          <input type="text" spellCheck={false} className={`${toolbarInput} w-24 font-mono`} value={typeof current === 'string' ? current : ''} onChange={(event) => set(event.target.value)} />
        </label>
      );
  }
}
