/** One side of Compare: its format and that format's options, held by Compare (not the store). */
import { FORMATS, findFormat } from '../../core/index.ts';
import { toolbarSelect } from '../layout/ui.ts';
import { OptionInput } from '../panels/OptionInput.tsx';
import { sideTemplate, type CompareSide } from './sides.ts';

const labelClass = 'flex items-center gap-1.5 text-sm';

/** `onTemplateText`: told of a template typed or pasted with the text itself (a tokenizer_config.json's model finds its tokenizer); else onChange is. */
export function SideControls({ name, side, onChange, onTemplateText }: { name: string; side: CompareSide; onChange: (side: CompareSide) => void; onTemplateText?: (options: CompareSide['options'], text: string) => void }) {
  const format = findFormat(side.formatId);
  const set = (key: string, value: boolean | string | null) => onChange({ ...side, options: { ...side.options, [key]: value } });
  return (
    <fieldset className="flex min-w-0 flex-1 flex-col gap-1">
      <legend className="sr-only">{name}</legend>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <label className={`${labelClass} font-medium`}>
          {name}
          <select aria-label={`${name} format`} className={toolbarSelect} value={side.formatId} onChange={(event) => onChange({ formatId: event.target.value, options: {} })}>
            {FORMATS.map((f) => (
              <option key={f.id} value={f.id}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        {format?.options
          .filter((o) => o.key !== 'template')
          .map((option) => (
            <OptionInput key={option.key} option={option} ariaLabel={`${name} ${option.label}`} value={side.options[option.key] ?? format.defaults[option.key] ?? option.default} set={(value) => set(option.key, value)} />
          ))}
      </div>
      {format?.options.some((o) => o.key === 'template') && (
        <textarea
          aria-label={`${name} template`}
          placeholder="Paste a chat_template or a tokenizer_config.json"
          spellCheck={false}
          rows={3}
          className="rounded-md border border-slate-300 bg-white p-1 font-mono text-xs dark:border-slate-600 dark:bg-slate-900"
          value={typeof side.options.template === 'string' ? side.options.template : String(format.defaults.template ?? '')}
          onChange={(event) => {
            const options = sideTemplate(event.target.value, side.options);
            if (onTemplateText) onTemplateText(options, event.target.value);
            else onChange({ ...side, options });
          }}
        />
      )}
    </fieldset>
  );
}
