/**
 * Branches: a preference record's two renders in the chosen format, each the shared prompt
 * followed by that completion (store/branch-view.ts), and the diff between them (the preview's
 * diff view, with its changes listed in words). Shown as a tab while the record has a chosen and
 * a rejected branch; it follows every edit, like the Text view.
 */
import { lazy, Suspense } from 'react';
import type { BranchName } from '../../../core/index.ts';
import { mutedText } from '../../layout/ui.ts';
import { branchRenderState, useAppStore } from '../../store/index.ts';

const TextDiff = lazy(() => import('../diff/TextDiff.tsx'));

function BranchPreview({ name, title, text }: { name: BranchName; title: string; text: string }) {
  return (
    <section aria-label={`${title} preview`} className="flex min-w-0 flex-1 flex-col gap-1">
      <h3 className="text-xs font-semibold">{title}</h3>
      <pre data-branch={name} className="max-h-64 overflow-auto whitespace-pre-wrap break-words rounded border border-slate-200 bg-white p-2 font-mono text-xs dark:border-slate-700 dark:bg-slate-900">
        {text}
      </pre>
    </section>
  );
}

export default function BranchesView() {
  const chosen = useAppStore((state) => branchRenderState(state, 'chosen').text);
  const rejected = useAppStore((state) => branchRenderState(state, 'rejected').text);
  const formatId = useAppStore((state) => state.formatId);
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-2 overflow-auto p-2">
      <p className={`text-sm ${mutedText}`}>Each branch renders as the shared prompt followed by its completion. The diff has chosen on the left, rejected on the right.</p>
      <div className="flex flex-wrap gap-2">
        <BranchPreview name="chosen" title="Chosen" text={chosen} />
        <BranchPreview name="rejected" title="Rejected" text={rejected} />
      </div>
      <Suspense fallback={<p className="text-sm">Loading the diff editor…</p>}>
        <TextDiff original={chosen} modified={rejected} language={formatId} ariaLabel="Branch diff" />
      </Suspense>
    </div>
  );
}
