/**
 * The in-page timer of "choose a file → first record shown → every record checked", shared by
 * the benches that open a file through the Open button's file input (dataset.bench.ts,
 * open-file.ts). Run the script with page.evaluate before setInputFiles, then await
 * `window.__benchOpen`: it resolves { first, checked, records } in ms from the input's change
 * event, or { error } after `timeoutMs`. In-page code as text: tsx would wrap a function passed to
 * page.evaluate in a `__name` helper the page lacks.
 */
export interface OpenTimes {
  first: number;
  checked: number;
  records: number;
  error?: string;
}

/** `shown`: a JavaScript expression, true once the first record is in the preview (`api` is window.__parley). */
export function armOpenScript(shown: string, timeoutMs: number): string {
  return `
window.__benchOpen = new Promise(function (resolve) {
  var input = document.querySelector('input[type=file]');
  var start;
  input.addEventListener('change', function () { start = performance.now(); }, { capture: true, once: true });
  function shown() {
    var api = window.__parley;
    try { return start !== undefined && api.dataset && api.dataset.count() > 0 && (${shown}); } catch (e) { return false; }
  }
  var armed = performance.now();
  function poll() {
    if (performance.now() - armed > ${timeoutMs}) {
      var api = window.__parley;
      resolve({ error: 'no first record after ${timeoutMs / 1000} s: change seen ' + (start !== undefined) + ', count ' + (api.dataset ? api.dataset.count() : 'no dataset api') + ', preview starts ' + JSON.stringify(api.renderedText().slice(0, 80)) });
      return;
    }
    if (shown()) {
      var first = performance.now() - start;
      (function checked() {
        if (document.querySelector('[role=progressbar]') === null) resolve({ first: first, checked: performance.now() - start, records: window.__parley.dataset.count() });
        else setTimeout(checked, 20);
      })();
    } else requestAnimationFrame(poll);
  }
  requestAnimationFrame(poll);
});
// The statement's value would be the promise, which page.evaluate would wait for: none.
undefined;
`;
}
