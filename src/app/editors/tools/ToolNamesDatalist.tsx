/** One <datalist> of the defined tool names, shared by every tool-call name field. */
import { useAppStore } from '../../store/index.ts';

export const TOOL_NAMES_LIST_ID = 'parley-tool-names';

export function ToolNamesDatalist() {
  // A joined string is a primitive: the selector stays stable while the names do not change.
  const names = useAppStore((state) => (state.record.kind === 'chat' ? state.record.tools.map((tool) => tool.name).join('\n') : ''));
  return (
    <datalist id={TOOL_NAMES_LIST_ID}>
      {[...new Set(names.split('\n'))].filter((name) => name !== '').map((name) => (
        <option key={name} value={name} />
      ))}
    </datalist>
  );
}
