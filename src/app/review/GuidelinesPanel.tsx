/** The open guidelines, rendered safely (render-markdown.ts), with their labels, rules file and hash. */
import { useMemo } from 'react';
import { mutedText, toolbarButton } from '../layout/ui.ts';
import { closeGuidelines } from './guidelines.ts';
import { guidelinesStore } from './guidelines-store.ts';
import { renderGuidelines } from './render-markdown.ts';

export default function GuidelinesPanel() {
  const guidelines = guidelinesStore((state) => state.guidelines);
  const html = useMemo(() => (guidelines ? renderGuidelines(guidelines.markdown) : ''), [guidelines]);
  if (!guidelines) return null;
  return (
    <div className="flex flex-col gap-2 p-3">
      <div className="flex items-baseline gap-2">
        <h2 className="min-w-0 flex-1 truncate text-sm font-semibold" title={guidelines.name}>
          Guidelines: {guidelines.name}
        </h2>
        <button type="button" className={toolbarButton} onClick={closeGuidelines}>
          Close guidelines
        </button>
      </div>
      <p className={`text-xs ${mutedText}`}>
        {guidelines.labels.length > 0 ? `Labels: ${guidelines.labels.join(', ')}. ` : 'No labels declared. '}
        {guidelines.rules ? `Rules file: ${guidelines.rules}. ` : ''}
        <span title={guidelines.hash}>SHA-256 {guidelines.hash.slice(0, 12)}…</span>
      </p>
      {/* Sanitized by DOMPurify in renderGuidelines: no script, no event handler, no javascript: URL. */}
      <div data-testid="guidelines-body" className="max-w-none text-sm [&_a]:underline [&_h1]:text-base [&_h1]:font-semibold [&_h2]:font-semibold [&_li]:ml-4 [&_li]:list-disc [&_p]:my-1.5" dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}
