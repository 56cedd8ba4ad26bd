/**
 * The decoded rows a Parquet dataset keeps for reading records on demand (the record shown, the
 * list around it, a search's hits), by block of a row group (parquet-shards.ts): least recently
 * used first out, bounded by the text they hold, so a file of any size holds a few blocks'
 * records, never the whole file. Loads of the same block under way are shared, so two records
 * of one block asked at once read it once.
 */

/**
 * Characters of record text kept at most: 64 Mi characters, about 128 MB of JavaScript strings
 * (blocks of 1,000 chat records of 2 kB are 2 M characters each, so ~30 of them; one block of
 * very long records may pass it alone). More keeps more of a long scroll without reading
 * again; less bounds memory on a small machine. The block last read is always kept, however
 * long. Raise it with the `maxChars` argument (ParquetShards' `cacheChars`).
 */
export const ROW_GROUP_CACHE_CHARS = 64 * 1024 * 1024;
/** Blocks kept at most, whatever their size: 16 blocks of 1,000 rows cover a long scroll and a page of search hits. */
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
