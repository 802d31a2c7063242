/**
 * Public data every shopper sees alike (a catalogue page's batteries and filter options, the
 * home page's counts and best sellers), kept in the process for a short while so that
 * signed-in shoppers, whose pages are rendered live, do not query it again on every page
 * (issue 10, ADR 017). It is emptied with the visitors' page cache: when an admin or a review
 * changes what shoppers see, in every process on one PostgreSQL (server/public-changes.ts,
 * ADR 040).
 */
export interface PublicData {
  /** The value kept under `key`, or what `load` gives (then kept). */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

/** No keeping at all: development, and tests that change data behind the store's back. */
export const uncachedPublicData: PublicData = {
  get: (_key, load) => load(),
  clear() {},
};

type Entry = { value: Promise<unknown>; expires: number };

export class PublicDataCache implements PublicData {
  private entries = new Map<string, Entry>();
  /** Counts the clears: a value loaded before the latest one may show what changed since. */
  private generation = 0;

  constructor(
    private readonly options: { ttlMs: number; maxEntries: number } = {
      ttlMs: 30_000,
      maxEntries: 1_000,
    },
    private readonly now: () => number = Date.now,
  ) {}

  get size() {
    return this.entries.size;
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const kept = this.entries.get(key);
    if (kept && kept.expires > this.now()) return kept.value as Promise<T>;
    this.entries.delete(key);
    const loadedAt = this.generation;
    const value = load();
    // Shared while it loads (fifty shoppers asking at once cost one query), and kept unless
    // it failed or the cache was emptied meanwhile.
    this.entries.set(key, { value, expires: this.now() + this.options.ttlMs });
    value.then(
      () => {
        if (loadedAt !== this.generation) this.forget(key, value);
      },
      () => this.forget(key, value),
    );
    // The oldest values go first when the cache is full.
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.options.maxEntries) break;
      this.entries.delete(oldest);
    }
    return value;
  }

  clear() {
    this.entries.clear();
    this.generation += 1;
  }

  private forget(key: string, value: Promise<unknown>) {
    if (this.entries.get(key)?.value === value) this.entries.delete(key);
  }
}
