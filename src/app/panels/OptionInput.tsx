/**
 * One format option as a toolbar control, built from its descriptor (checkbox, menu, date or
 * text): the toolbar's options and each side of Compare use it, with their own value and setter.
 */
import type { FormatOption, OptionValues } from '../../core/index.ts';
import { toolbarInput, toolbarSelect } from '../layout/ui.ts';

const labelClass = 'flex items-center gap-1.5 text-sm';

interface OptionInputProps {
  option: FormatOption;
  /** The value in force (the caller resolves defaults); null: a date left empty (today). */
  value: OptionValues[string] | undefined;
  set: (value: boolean | string | null) => void;
  /** The control's accessible name when the visible label alone is ambiguous (two sides of Compare). */
  ariaLabel?: string;
}

export function OptionInput({ option, value, set, ariaLabel }: OptionInputProps) {
  switch (option.type) {
    case 'boolean':
      return (
        <label className={labelClass} title={option.description}>
          <input type="checkbox" aria-label={ariaLabel} className="h-4 w-4 accent-sky-700" checked={value === true} onChange={(event) => set(event.target.checked)} />
          {option.label}
        </label>
      );
    case 'enum':
      return (
        <label className={labelClass} title={option.description}>
          {option.label}
          <select aria-label={ariaLabel} className={toolbarSelect} value={typeof value === 'string' ? value : option.default} onChange={(event) => set(event.target.value)}>
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
          <input type="date" aria-label={ariaLabel} className={toolbarInput} value={typeof value === 'string' ? value : ''} onChange={(event) => set(event.target.value === '' ? null : event.target.value)} />
          {typeof value !== 'string' && <span className="text-xs text-slate-600 dark:text-slate-300">(today)</span>}
        </label>
      );
    case 'string':
      return (
        <label className={labelClass} title={option.description}>
          {option.label}
          <input type="text" aria-label={ariaLabel} spellCheck={false} className={`${toolbarInput} w-24 font-mono`} value={typeof value === 'string' ? value : ''} onChange={(event) => set(event.target.value)} />
        </label>
      );
  }
}
