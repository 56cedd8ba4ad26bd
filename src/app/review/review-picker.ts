/**
 * The hidden file input that opens a review file or guidelines beside the dataset (drawn by
 * ReviewMenuHost.tsx while a dataset is open), reachable from the File menu's entry.
 */
let input: HTMLInputElement | null = null;

export function registerReviewPicker(element: HTMLInputElement | null): void {
  input = element;
}

/** False when no dataset is open (the input is not drawn): the entry is only shown in dataset mode. */
export function openReviewPicker(): boolean {
  input?.click();
  return input !== null;
}
