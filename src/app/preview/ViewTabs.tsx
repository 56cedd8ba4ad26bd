/**
 * The preview's views as tabs (WAI-ARIA tabs: arrow keys move between them, the selected
 * one is the only tab stop): the token text of the chosen format, the record as JSON, the
 * tokens a tokenizer makes of the text with the training mask, the Jinja format's template
 * (when that format is chosen) and Compare.
 */
import { useRef, type KeyboardEvent } from 'react';

export type PreviewView = 'text' | 'json' | 'tokens' | 'template' | 'compare' | 'branches';

const ALL_VIEWS: { id: PreviewView; name: string; title: string }[] = [
  { id: 'text', name: 'Text', title: 'The exact token text of the chosen format (editable)' },
  { id: 'json', name: 'JSON', title: 'The conversation as JSON in a dialect you choose (editable)' },
  { id: 'tokens', name: 'Tokens', title: 'The tokens a tokenizer makes of the text, and which of them are trained' },
  { id: 'template', name: 'Template', title: 'The Jinja template the Jinja format renders with (editable)' },
  { id: 'compare', name: 'Compare', title: 'The conversation in two formats or templates side by side, differences marked' },
  { id: 'branches', name: 'Branches', title: 'A preference record: the chosen and the rejected branch rendered, and their diff' },
];

export function tabId(view: PreviewView): string {
  return `parley-view-tab-${view}`;
}

export function panelId(view: PreviewView): string {
  return `parley-view-panel-${view}`;
}

/** `withTemplate`: the Template tab is there (the Jinja format is chosen); `withBranches`: the Branches tab (a preference record is open). */
export function ViewTabs({ view, onChange, withTemplate, withBranches = false }: { view: PreviewView; onChange: (view: PreviewView) => void; withTemplate: boolean; withBranches?: boolean }) {
  const VIEWS = ALL_VIEWS.filter((v) => (v.id !== 'template' || withTemplate) && (v.id !== 'branches' || withBranches));
  const tabs = useRef<Partial<Record<PreviewView, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent) => {
    const index = VIEWS.findIndex((v) => v.id === view);
    const next = event.key === 'ArrowRight' ? index + 1 : event.key === 'ArrowLeft' ? index - 1 : event.key === 'Home' ? 0 : event.key === 'End' ? VIEWS.length - 1 : undefined;
    if (next === undefined) return;
    event.preventDefault();
    const target = VIEWS[(next + VIEWS.length) % VIEWS.length];
    if (!target) return;
    onChange(target.id);
    tabs.current[target.id]?.focus();
  };
  return (
    <div role="tablist" aria-label="Preview view" className="flex shrink-0 items-end gap-1 border-b border-slate-200 bg-slate-100 px-2 pt-1 dark:border-slate-700 dark:bg-slate-950" onKeyDown={onKeyDown}>
      {VIEWS.map((v) => {
        const selected = v.id === view;
        return (
          <button
            key={v.id}
            ref={(element) => {
              tabs.current[v.id] = element;
            }}
            type="button"
            role="tab"
            id={tabId(v.id)}
            aria-selected={selected}
            aria-controls={panelId(v.id)}
            tabIndex={selected ? 0 : -1}
            title={v.title}
            onClick={() => onChange(v.id)}
            className={`-mb-px rounded-t-md border px-3 py-1 text-xs font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500 ${
              selected
                ? 'border-slate-200 border-b-slate-50 bg-slate-50 text-slate-900 dark:border-slate-700 dark:border-b-slate-900 dark:bg-slate-900 dark:text-slate-50'
                : 'border-transparent text-slate-700 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-800'
            }`}
          >
            {v.name}
          </button>
        );
      })}
    </div>
  );
}
