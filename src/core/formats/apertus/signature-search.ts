/**
 * The machinery of the tool-signature parser: a backtracking search over the rendered text.
 * The template writes names, descriptions, enum values and raw defaults without any escaping,
 * so where one ends is known only once what follows parses too; every reader is therefore a
 * generator of alternatives `[value, end]`, tried lazily in order of preference. Readers whose
 * alternatives depend only on the position are memoised (`memo`), so that backtracking over
 * nested types re-reads nothing (packrat style), and a step budget bounds the search on hostile
 * text (the result is then "not rebuilt", never a hang).
 */

/** The alternatives a reader finds at a position: each value with the offset just after it. */
export type Alternatives<T> = Generator<[T, number], void, undefined>;

/** A JSON Schema node as the parser builds it. */
export type Schema = Record<string, unknown>;

/** Thrown when the budget is spent; caught once, at the entry point. */
export class OutOfSteps {}

/** The alternatives of one reader at one position, read once and replayed to every caller. */
class Cached<T> {
  private readonly items: [T, number][] = [];
  private done = false;

  constructor(
    private readonly source: Alternatives<T>,
    private readonly search: Search,
  ) {}

  *replay(): Alternatives<T> {
    for (let i = 0; ; i++) {
      this.search.tick();
      if (i === this.items.length) {
        // This caller is the first to get this far: read one more alternative for everyone.
        if (this.done) return;
        const next = this.source.next();
        if (next.done === true) {
          this.done = true;
          return;
        }
        this.items.push(next.value);
      }
      yield this.items[i] as [T, number];
    }
  }
}

export class Search {
  private steps = 0;
  private readonly memos = new Map<string, Cached<unknown>>();

  /**
   * `multilineNames`: whether a tool or property name may hold a line break. Such names are
   * possible but rare, and allowing them lets a name swallow the end of one tool and the start
   * of the next (`}) => any;\n// …\ntype g = (_: {\nq`), which renders the same text but is not
   * what anyone wrote; so the reader first searches without them.
   */
  constructor(
    readonly text: string,
    private readonly maxSteps: number,
    private readonly multilineNames = false,
  ) {}

  allowsName(name: string): boolean {
    return this.multilineNames || !name.includes('\n');
  }

  /** Counts `cost` steps of the search; throws `OutOfSteps` past the budget. */
  tick(cost = 1): void {
    this.steps += cost;
    if (this.steps > this.maxSteps) throw new OutOfSteps();
  }

  /**
   * The alternatives of the reader `kind` at `pos`, computed once. Only for readers whose
   * alternatives depend on nothing but the position (callers must not change the values).
   */
  memo<T>(kind: string, pos: number, read: () => Alternatives<T>): Alternatives<T> {
    const key = `${kind}@${pos}`;
    let cached = this.memos.get(key) as Cached<T> | undefined;
    if (cached === undefined) {
      cached = new Cached(read(), this);
      this.memos.set(key, cached as Cached<unknown>);
    }
    return cached.replay();
  }

  at(pos: number, literal: string): boolean {
    return this.text.startsWith(literal, pos);
  }

  /** Every offset at or after `from` where `literal` starts, in order (lazily). */
  *indicesOf(literal: string, from: number): Generator<number, void, undefined> {
    for (let i = this.text.indexOf(literal, from); i !== -1; i = this.text.indexOf(literal, i + 1)) {
      this.tick();
      yield i;
    }
  }
}
