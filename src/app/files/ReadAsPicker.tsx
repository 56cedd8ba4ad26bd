/**
 * "Read as": the dialect an opened file was read as, changeable. Detection can be wrong where
 * dialects share a shape (Anthropic's basic request `{model, max_tokens, messages}` is also a
 * valid OpenAI Chat Completions request); choosing another dialect decodes the same JSON again.
 * Loaded lazily (NoticeBar) with the open pipeline, which it calls directly.
 */
import { toolbarSelect } from '../layout/ui.ts';
import type { Notice } from '../store/index.ts';
import { reopenAs } from './open.ts';

export default function ReadAsPicker({ readAs }: { readAs: NonNullable<Notice['readAs']> }) {
  return (
    <label className="mt-1.5 flex items-center gap-1.5 text-sm">
      Read as
      <select
        className={`${toolbarSelect} h-7`}
        value={readAs.current ?? ''}
        onChange={(event) => {
          if (event.target.value !== '') reopenAs(event.target.value);
        }}
      >
        {readAs.current === undefined && <option value="">Choose a dialect…</option>}
        {readAs.dialects.map((dialect) => (
          <option key={dialect.id} value={dialect.id}>
            {dialect.label}
          </option>
        ))}
      </select>
    </label>
  );
}
