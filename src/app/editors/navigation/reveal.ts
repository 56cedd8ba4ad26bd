/**
 * Showing and focusing the form field for a path (a click in the preview, a diagnostic, a new
 * message). The field may not be mounted yet (the message list is virtualized; the tools
 * section may be collapsed): the part of the UI that owns the path's first segment prepares it
 * (scrolls the message into the rendered range, opens the section), then the field with the
 * longest matching prefix is focused as soon as it is mounted.
 */
import type { FieldPath } from '../../../core/index.ts';
import { findField, focusField } from './field-registry.ts';

type Preparer = (path: FieldPath) => void;
const preparers = new Map<string, Preparer>();

/** `messages` (the list scrolls to the message), `tools` (the section opens), … */
export function registerRevealPreparer(firstSegment: string, prepare: Preparer): () => void {
  preparers.set(firstSegment, prepare);
  return () => {
    if (preparers.get(firstSegment) === prepare) preparers.delete(firstSegment);
  };
}

/** Frames to wait for a field to mount after its owner prepared it (virtualizer measuring takes a few). */
const MAX_FRAMES = 60;

let current = 0;

/**
 * Reveals the field for `path`; resolves to the path of the field focused, or undefined when
 * none appeared. A newer call cancels an older one that is still waiting.
 */
export function revealField(path: FieldPath, selection?: { start: number; end?: number }): Promise<FieldPath | undefined> {
  const ticket = ++current;
  // Within a list item, only a field of that item will do (not a field of the list's owner).
  const minLength = typeof path[1] === 'number' ? 2 : 1;
  const attempt = () => {
    const found = findField(path, minLength);
    if (found) focusField(found.element, found.path.length === path.length ? selection : undefined);
    return found?.path;
  };
  const immediate = findField(path, minLength);
  // A deeper field than the one mounted may appear once the owner prepares (e.g. a collapsed section).
  if (immediate && immediate.path.length === path.length) return Promise.resolve(attempt());
  const head = path[0];
  if (typeof head === 'string') preparers.get(head)?.(path);
  return new Promise((resolve) => {
    let frames = 0;
    const tick = () => {
      if (ticket !== current) return resolve(undefined);
      const found = findField(path, minLength);
      if ((found && found.path.length === path.length) || frames >= MAX_FRAMES || (found && frames >= 2)) {
        resolve(attempt());
        return;
      }
      frames += 1;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}
