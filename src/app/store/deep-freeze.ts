/**
 * Freezes a value and everything in it, without recursion. Immer freezes the record after each
 * edit by walking it recursively, but stops at an object that is already frozen: a dataset
 * record nested 5,000 deep (allowed there, unlike a single file: docs/datasets.md) would
 * overflow the stack on the first keystroke. Frozen up front, it never is walked.
 */
export function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item !== 'object' || item === null || Object.isFrozen(item)) continue;
    Object.freeze(item);
    for (const key of Object.keys(item)) stack.push((item as Record<string, unknown>)[key]);
  }
  return value;
}
