/**
 * The prefix renders of the template mask (prefix.ts), kept between calls: the mask renders the
 * conversation up to each assistant message, so a record's renders grow with the square of its
 * turns, and a keystroke changes one message. A render of messages 0..n-1 depends only on those
 * messages, the record's other keys and the options, so it is reused for as long as all of them
 * are unchanged: each call compares the record's messages with the last ones seen in the same
 * context (exactly, as JSON text) and forgets the renders that reach past the first that changed.
 */

/** A prefix render's text, or why there is none (the template failed on that prefix). */
export type PrefixRender = { text: string } | { failure: string };

interface Entry {
  /** The messages of the last record seen in this context, as exact text (exactText). */
  messages: readonly string[];
  renders: Map<string, PrefixRender>;
}

/**
 * Contexts kept: the preview's, each side of Compare, and a dataset pass; more would only hold
 * memory (each keeps up to two texts per assistant message of its record).
 */
const CONTEXTS_KEPT = 4;
const entries = new Map<string, Entry>();

const keyOf = (count: number, generationPrompt: boolean): string => `${count}${generationPrompt ? '+' : ''}`;

/** The renders of one record in one context (template, options, the record's keys other than its messages). */
export class PrefixRenders {
  private readonly entry: Entry;

  constructor(context: string, messages: readonly string[]) {
    const found = entries.get(context);
    if (found === undefined) {
      this.entry = { messages, renders: new Map() };
    } else {
      entries.delete(context);
      let same = 0;
      while (same < messages.length && same < found.messages.length && messages[same] === found.messages[same]) same++;
      for (const key of [...found.renders.keys()]) if (Number.parseInt(key, 10) > same) found.renders.delete(key);
      found.messages = messages;
      this.entry = found;
    }
    entries.set(context, this.entry);
    while (entries.size > CONTEXTS_KEPT) entries.delete(entries.keys().next().value as string);
  }

  /** The render of the first `count` messages, rendered by `render` when not kept. Undefined renders (cut short by a cap) are not kept. */
  get(count: number, generationPrompt: boolean, render: () => PrefixRender | undefined): PrefixRender | undefined {
    const key = keyOf(count, generationPrompt);
    const kept = this.entry.renders.get(key);
    if (kept !== undefined) return kept;
    const made = render();
    if (made !== undefined) this.entry.renders.set(key, made);
    return made;
  }

  /** Whether the render is kept (the page's first try counts the renders it would make). */
  has(count: number, generationPrompt: boolean): boolean {
    return this.entry.renders.has(keyOf(count, generationPrompt));
  }
}

/**
 * A value as text that tells apart what rendering tells apart: JSON, except that `undefined`,
 * Maps, Sets and non-finite numbers (which JSON.stringify drops or writes as `null` or `{}`) are
 * written as themselves. Two messages with the same text render the same.
 */
export function exactText(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item === undefined) return '\u0000undefined';
    if (item instanceof Map) return { '\u0000map': [...item.entries()] };
    if (item instanceof Set) return { '\u0000set': [...item.values()] };
    if (typeof item === 'number' && !Number.isFinite(item)) return `\u0000${String(item)}`;
    if (typeof item === 'bigint') return `\u0000${item.toString()}n`;
    return item;
  });
}

/** Forget everything (tests). */
export function clearPrefixRenders(): void {
  entries.clear();
}
