/** The gallery's content (loaded when the gallery first opens: the catalog is not start-up code). */
import { EXAMPLE_GROUPS } from './catalog.ts';
import { openExample } from './open-example.ts';
import { toolbarButton } from '../layout/ui.ts';

export default function ExamplesList({ onOpened }: { onOpened: () => void }) {
  return (
        <div className="flex flex-col gap-6">
          {EXAMPLE_GROUPS.map((group) => (
            <section key={group.title} aria-label={group.title}>
              <h3 className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-200">{group.title}</h3>
              <ul className="flex flex-col gap-2">
                {group.examples.map((example) => (
                  <li key={example.id} className="flex items-start justify-between gap-4 rounded-md border border-slate-200 p-3 dark:border-slate-700">
                    <div className="min-w-0">
                      <p className="text-sm font-medium">{example.title}</p>
                      <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-300">{example.description}</p>
                      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{example.source}</p>
                    </div>
                    <button
                      type="button"
                      className={toolbarButton}
                      aria-label={`Open example: ${example.title}`}
                      onClick={() => {
                        void openExample(example).then((opened) => {
                          if (opened) onOpened();
                        });
                      }}
                    >
                      Open
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
  );
}
