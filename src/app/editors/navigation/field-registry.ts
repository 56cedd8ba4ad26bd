/**
 * Where each form field is, by path: every field registers its element under its formatted
 * path (and carries it as `data-field-path`), so that a click in the preview or a diagnostic
 * can find "the field with the longest matching prefix" and focus it. Module-level on purpose:
 * registration happens on every mount/unmount and must not cause renders.
 */
import { formatPath, type FieldPath } from '../../../core/index.ts';
import { SHOW_TEXT_EVENT, type ShowTextDetail } from '../fields/text-pages.ts';

const fields = new Map<string, HTMLElement>();

/** Registers `element` for `path`; returns the unregister function. */
export function registerField(path: FieldPath, element: HTMLElement): () => void {
  const key = formatPath(path);
  fields.set(key, element);
  return () => {
    if (fields.get(key) === element) fields.delete(key);
  };
}

/** The registered field for the longest prefix of `path` (at least `minLength` segments), if mounted. */
export function findField(path: FieldPath, minLength = 1): { element: HTMLElement; path: FieldPath } | undefined {
  for (let length = path.length; length >= Math.max(1, minLength); length--) {
    const prefix = path.slice(0, length);
    const element = fields.get(formatPath(prefix));
    if (element && element.isConnected) return { element, path: prefix };
  }
  return undefined;
}

/** The selection of the text field registered exactly at `path` (a blurred textarea keeps its selection). */
export function selectionOf(path: FieldPath): { start: number; end: number } | undefined {
  const found = findField(path);
  if (!found || found.path.length !== path.length || !(found.element instanceof HTMLTextAreaElement)) return undefined;
  const offset = textOffset(found.element);
  return { start: offset + found.element.selectionStart, end: offset + found.element.selectionEnd };
}

/**
 * Where the text a field shows begins in its value: 0, or for a long field edited in parts
 * (fields/WindowedTextarea.tsx) the first offset of the part shown.
 */
function textOffset(element: HTMLElement): number {
  return Number(element.dataset.textOffset ?? 0) || 0;
}

/**
 * Scrolls `element` into view and focuses it. In a text field the caret goes to `selection`
 * when given (a place clicked in the preview), else to the end (where one goes on typing).
 */
export function focusField(element: HTMLElement, selection?: { start: number; end?: number }): void {
  element.scrollIntoView?.({ block: 'nearest' });
  element.focus({ preventScroll: true });
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLInputElement) {
    const length = element.value.length;
    const offset = textOffset(element);
    if (selection && element.dataset.textOffset !== undefined && (selection.start < offset || selection.start > offset + length)) {
      // A long field shows one part: it moves to the part that holds the place, then selects it.
      const detail: ShowTextDetail = { start: selection.start, end: selection.end ?? selection.start };
      element.dispatchEvent(new CustomEvent(SHOW_TEXT_EVENT, { detail }));
      return;
    }
    const start = Math.max(0, Math.min((selection?.start ?? length + offset) - offset, length));
    const end = Math.max(start, Math.min((selection?.end ?? start + offset) - offset, length));
    try {
      element.setSelectionRange(start, end);
    } catch {
      // Inputs of some types (checkbox, number) have no selection: focusing is enough.
    }
  }
}

