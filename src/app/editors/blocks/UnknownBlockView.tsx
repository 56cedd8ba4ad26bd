/** A block of a type no format knows: shown read-only as the JSON it was read from (kept on export). */
import type { UnknownBlock } from '../../../core/index.ts';

export function UnknownBlockView({ block }: { block: UnknownBlock }) {
  return (
    <div>
      <p className="mb-1 text-xs text-slate-500 dark:text-slate-400">Kept as read and written back on export; formats report it. Remove it to drop it.</p>
      <pre className="max-h-64 overflow-auto rounded bg-slate-100 p-2 font-mono text-xs text-slate-800 dark:bg-slate-950 dark:text-slate-200">
        {JSON.stringify({ type: block.sourceType, ...block.raw }, null, 2)}
      </pre>
    </div>
  );
}
