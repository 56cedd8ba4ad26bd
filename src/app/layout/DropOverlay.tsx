/** Shown while a file is dragged over the window (loaded on the first drag, not at start-up). */
export default function DropOverlay() {
  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-0 z-50 flex items-center justify-center bg-sky-900/20 p-8 backdrop-blur-[1px]">
      <div className="rounded-xl border-2 border-dashed border-sky-600 bg-white/95 px-8 py-6 text-lg font-medium text-slate-900 shadow-lg dark:bg-slate-900/95 dark:text-slate-100">
        Drop a .json or .jsonl file to open it
      </div>
    </div>
  );
}
