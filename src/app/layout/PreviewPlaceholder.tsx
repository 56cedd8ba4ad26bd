/** What the preview pane shows while Monaco (its own chunk) loads: light, same size, no layout jump. */
export function PreviewPlaceholder() {
  return (
    <div className="flex flex-1 items-center justify-center bg-white text-sm text-slate-600 dark:bg-slate-950 dark:text-slate-300" aria-busy="true">
      Loading the preview…
    </div>
  );
}
