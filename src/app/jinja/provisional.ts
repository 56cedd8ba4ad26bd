/**
 * The flag of a provisional render (template-renderer.ts, docs/jinja.md "A provisional mask
 * while typing"): its text and field spans are exact, its training mask is the last exact
 * render's carried over. The Text view and the form may show it; what counts, exports or trains
 * (the Token view's tokenization and so its Export labels) waits for the exact render. A field
 * on the render, so that it survives the copies made of a render (a training record's branch is
 * shown at the record's paths: store/branch-view.ts).
 */
import type { Rendered } from '../../core/index.ts';

interface Flagged extends Rendered {
  provisional: true;
}

export function asProvisional(rendered: Rendered): Rendered {
  return { ...rendered, provisional: true } as Flagged;
}

/** Whether `rendered` is a provisional render: its mask is not yet the exact one. */
export function isProvisional(rendered: Rendered): boolean {
  return (rendered as Partial<Flagged>).provisional === true;
}
