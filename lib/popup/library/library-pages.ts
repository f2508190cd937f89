/**
 * The download library, one page at a time: a page is fetched when the list scrolls near it, kept
 * in memory, and saved in the popup cache so the next popup shows it at once. Pages from the cache
 * are shown until the store's answer replaces them (stale-while-revalidate, per page).
 *
 * Newest purchases come first, so a new purchase shifts every page: when the store's count differs
 * from the cached one, cached pages past the first are dropped rather than shown shifted.
 */

import type { LibraryEntry } from '../../contract/wire.ts';
import type { LibraryPage } from '../../protocol/messages.ts';
import { type StoreErrorData, toStoreErrorData } from '../../protocol/store-error.ts';
import { type CacheScope, popupCache } from '../../storage/popup-cache.ts';

export const libraryPageSize = 100;
export type LibraryStatus = 'available' | 'downloaded';
export type FetchLibraryPage = (page: number) => Promise<LibraryPage>;

const parallelFetches = 3;

interface PageState {
  entries: LibraryEntry[];
  /** Came from the store during this popup (not only from the cache). */
  fresh: boolean;
}

export class LibraryPages {
  /** Entries in the library (with the status filter); null until the first page is known. */
  count: number | null = null;
  error: StoreErrorData | null = null;
  savedAt: number | undefined;
  private readonly pages = new Map<number, PageState>();
  private readonly inFlight = new Set<number>();
  /** Pages asked for and not started yet; the most recent request goes first (it is on screen). */
  private queue: number[] = [];
  private closed = false;

  constructor(
    private readonly scope: CacheScope,
    private readonly status: LibraryStatus | undefined,
    private readonly fetchPage: FetchLibraryPage,
    private readonly onChange: () => void,
  ) {}

  private cacheKey(page: number) {
    return `library:${this.status ?? 'all'}:${libraryPageSize}:${page}`;
  }

  get refreshing(): boolean {
    return this.inFlight.size > 0 || this.queue.length > 0;
  }

  get pageCount(): number {
    return this.count === null ? 1 : Math.ceil(this.count / libraryPageSize);
  }

  /** Entries loaded so far, in library order (for the text filter). */
  get loaded(): LibraryEntry[] {
    return [...this.pages.keys()]
      .sort((a, b) => a - b)
      .flatMap((page) => this.pages.get(page)?.entries ?? []);
  }

  get loadedCount(): number {
    let n = 0;
    for (const page of this.pages.values()) n += page.entries.length;
    return n;
  }

  entry(index: number): LibraryEntry | undefined {
    const page = this.pages.get(Math.floor(index / libraryPageSize) + 1);
    return page?.entries[index % libraryPageSize];
  }

  /** Shows the cached first page at once, then asks the store for it. */
  async start(): Promise<void> {
    const cached = await popupCache.get<LibraryPage>(this.scope, this.cacheKey(1));
    if (cached && !this.pages.has(1) && !this.closed) {
      this.accept(cached.value, false);
      this.savedAt = cached.savedAt;
      this.onChange();
    }
    this.request(1);
  }

  /** Makes sure the pages holding entries [first, last] are loaded or on their way. */
  ensure(first: number, last: number): void {
    const from = Math.floor(Math.max(0, first) / libraryPageSize) + 1;
    const to = Math.min(this.pageCount, Math.floor(Math.max(0, last) / libraryPageSize) + 1);
    for (let page = from; page <= to; page++) {
      if (!this.pages.get(page)?.fresh) this.request(page);
    }
  }

  /** Loads every page (for a text filter over the whole library). */
  loadAll(): void {
    for (let page = this.pageCount; page >= 1; page--) {
      if (!this.pages.get(page)?.fresh) this.request(page);
    }
  }

  /** The store marked an entry downloaded: show it without reloading its page. */
  markDownloaded(id: number, at: string): void {
    for (const [number, page] of this.pages) {
      const index = page.entries.findIndex((entry) => entry.id === id);
      if (index < 0) continue;
      const entries = page.entries.with(index, {
        ...(page.entries[index] as LibraryEntry),
        status: 'downloaded',
        lastInitiatedAt: at,
      });
      this.pages.set(number, { ...page, entries });
      void popupCache.put(this.scope, this.cacheKey(number), this.snapshot(number, entries));
    }
    this.onChange();
  }

  close(): void {
    this.closed = true;
    this.queue = [];
  }

  private snapshot(page: number, entries: LibraryEntry[]): LibraryPage {
    const count = this.count ?? entries.length;
    return {
      results: entries,
      paging: { page, perPage: libraryPageSize, count, totalPages: Math.ceil(count / libraryPageSize) },
    };
  }

  private request(page: number): void {
    if (this.inFlight.has(page)) return;
    this.queue = [page, ...this.queue.filter((queued) => queued !== page)];
    this.pump();
  }

  private pump(): void {
    while (!this.closed && this.inFlight.size < parallelFetches && this.queue.length > 0) {
      const page = this.queue.shift() as number;
      this.inFlight.add(page);
      void this.load(page);
    }
  }

  private async load(page: number): Promise<void> {
    if (!this.pages.has(page)) {
      const cached = await popupCache.get<LibraryPage>(this.scope, this.cacheKey(page));
      // A cached page is only trusted while its count matches the store's.
      if (cached && !this.pages.has(page) && cached.value.paging.count === this.count) {
        this.accept(cached.value, false);
        this.onChange();
      }
    }
    try {
      const fresh = await this.fetchPage(page);
      if (this.closed) return;
      this.accept(fresh, true);
      this.error = null;
      if (page === 1) this.savedAt = Date.now();
      await popupCache.put(this.scope, this.cacheKey(page), fresh);
    } catch (caught) {
      if (!this.closed) this.error = toStoreErrorData(caught);
    } finally {
      this.inFlight.delete(page);
      if (!this.closed) {
        this.onChange();
        this.pump();
      }
    }
  }

  private accept(body: LibraryPage, fresh: boolean): void {
    const { page, count } = body.paging;
    if (fresh && this.count !== null && count !== this.count) {
      // The library changed since the cached pages were saved: they would show shifted entries.
      for (const [number, state] of this.pages)
        if (!state.fresh && number !== page) this.pages.delete(number);
    }
    if (fresh || this.count === null) this.count = count;
    this.pages.set(page, { entries: body.results, fresh });
  }
}
