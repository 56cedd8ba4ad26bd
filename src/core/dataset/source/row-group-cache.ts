/**
 * The decoded row groups a Parquet dataset keeps for reading records on demand (the record
 * shown, the list around it, a search's hits): least recently used first out, bounded by the
 * text they hold, so a file of any size holds a few row groups' records, never the whole file.
 * Loads of the same row group under way are shared, so two records of one row group asked at
 * once read it once.
 */

/**
 * Characters of record text kept at most: 64 Mi characters, about 128 MB of JavaScript strings,
 * two or three of the Hub's row groups (the Hub writes row groups of ≤ 128 MB compressed,
 * typically 20–60 MB of conversation text). More keeps more of a long scroll without reading
 * again; less bounds memory on a small machine. The row group last read is always kept, however
 * long. Raise it with the `chars` argument.
 */
export const ROW_GROUP_CACHE_CHARS = 64 * 1024 * 1024;
/** Row groups kept at most, whatever their size: a file of tiny row groups (a test's, a 1-row shard's) needs no more to scroll. */
export const ROW_GROUP_CACHE_GROUPS = 16;

export class RowGroupCache {
  /** Insertion order is recency order: a hit moves its entry to the end. */
  private readonly entries = new Map<number, { texts: string[]; chars: number }>();
  private readonly loading = new Map<number, Promise<string[]>>();
  private chars = 0;

  constructor(
    private readonly load: (group: number) => Promise<string[]>,
    private readonly maxChars = ROW_GROUP_CACHE_CHARS,
    private readonly maxGroups = ROW_GROUP_CACHE_GROUPS,
  ) {}

  /** The records' texts of row group `group`, read when not kept. */
  async get(group: number): Promise<string[]> {
    const kept = this.entries.get(group);
    if (kept) {
      this.entries.delete(group);
      this.entries.set(group, kept);
      return kept.texts;
    }
    const pending = this.loading.get(group);
    if (pending) return pending;
    const load = this.load(group).then(
      (texts) => {
        this.loading.delete(group);
        this.keep(group, texts);
        return texts;
      },
      (error: unknown) => {
        this.loading.delete(group);
        throw error;
      },
    );
    this.loading.set(group, load);
    return load;
  }

  /** The row groups kept now, least recently used first (for tests and the docs' numbers). */
  keptGroups(): number[] {
    return [...this.entries.keys()];
  }

  private keep(group: number, texts: string[]): void {
    let chars = 0;
    for (const text of texts) chars += text.length;
    this.entries.delete(group);
    this.entries.set(group, { texts, chars });
    this.chars += chars;
    for (const [oldest, entry] of this.entries) {
      if (oldest === group || (this.chars <= this.maxChars && this.entries.size <= this.maxGroups)) break;
      this.entries.delete(oldest);
      this.chars -= entry.chars;
    }
  }
}
