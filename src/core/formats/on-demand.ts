/**
 * A format whose renderer and parser are loaded on demand (a dynamic import: their own chunk,
 * kept out of the app's start-up bundle). Its index.ts holds only what menus and editors read
 * at once (id, label, options, special tokens…); `prepare` loads the code once. Until it has
 * arrived, `render` says it is loading (an info diagnostic, empty text) and `parse` refuses with
 * an error, never an empty record that a caller could take for the text's content. Callers that
 * render or parse at once (the command line, the library, a test) await `prepare` first.
 */
import { conversation } from '../model/builders.ts';
import { error, info, type Diagnostic } from '../model/diagnostic.ts';
import type { OptionValues } from '../shared/options.ts';
import type { Format } from './types.ts';

/** Diagnostic codes of a format whose code has not arrived yet (stable: the app keys on them). */
export const ON_DEMAND_CODES = {
  /** The render waits for the format's code: its text is empty, and is not the record's render. */
  loading: 'format/loading',
  /** The parse waits for the format's code: nothing was read. */
  notLoaded: 'format/not-loaded',
} as const;

/** The code a format loads on demand. */
export interface FormatCode<O extends OptionValues> {
  render: Format<O>['render'];
  parse: Format<O>['parse'];
}

export type FormatMetadata<O extends OptionValues> = Omit<Format<O>, 'prepare' | 'render' | 'parse'>;

/**
 * `meta` with a `render` and `parse` that `load` brings (called once, by the first `prepare`).
 * `what` names what is loading in the diagnostics ("the Jinja template engine"); default: the format.
 */
export function onDemandFormat<O extends OptionValues>(meta: FormatMetadata<O>, load: () => Promise<FormatCode<O>>, what = `the ${meta.label} format`): Format<O> {
  let code: FormatCode<O> | undefined;
  let loading: Promise<void> | undefined;
  return {
    ...meta,
    prepare() {
      loading ??= load().then(
        (loaded) => {
          code = loaded;
        },
        (thrown: unknown) => {
          // A failed fetch (offline after a deploy) may succeed when asked again.
          loading = undefined;
          throw thrown;
        },
      );
      return loading;
    },
    render(record, options, how) {
      if (!code) return { text: '', spans: [], diagnostics: [info(ON_DEMAND_CODES.loading, `Loading ${what}…`)] };
      return code.render(record, options, how);
    },
    parse(text, options) {
      if (!code) return { record: conversation([]), diagnostics: [error(ON_DEMAND_CODES.notLoaded, `${capitalised(what)} is still loading: the text was not read. Try again in a moment.`)] };
      return code.parse(text, options);
    },
  };
}

/** Whether a render or parse is a placeholder for a format whose code has not arrived yet. */
export function waitsForFormat(result: { diagnostics: readonly Diagnostic[] }): boolean {
  return result.diagnostics.some((d) => d.code === ON_DEMAND_CODES.loading || d.code === ON_DEMAND_CODES.notLoaded);
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
