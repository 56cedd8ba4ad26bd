/** Toolbar: the format menu and the chosen format's options, built from its `options` descriptors. */
import { FORMATS, findFormat, type FormatOption, type OptionValues } from '../../core/index.ts';
import { toolbarSelect } from '../layout/ui.ts';
import { useAppStore } from '../store/index.ts';
import { shownInToolbar } from '../jinja/panel-options.ts';
import { OptionInput } from './OptionInput.tsx';
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

/** An option of the current format, read from and written to the store. */
function OptionControl({ option, fallback }: { option: FormatOption; fallback: OptionValues[string] | undefined }) {
  const value = useAppStore((state) => state.formatOptions[state.formatId]?.[option.key]);
  const current = value === undefined ? (fallback ?? option.default) : value;
  return <OptionInput option={option} value={current} set={(next) => useAppStore.getState().setFormatOption(option.key, next)} />;
}
