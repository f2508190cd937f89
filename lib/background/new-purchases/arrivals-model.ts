/**
 * Which library entries are new purchases, and when to look: pure functions of the stored state
 * (lib/storage/items.ts, KnownPurchases) and the library's pages, newest first.
 */
import type { LibraryEntry } from '../../contract/wire.ts';
import type { KnownPurchases } from '../../storage/items.ts';

/** The schedule's period, and the least time between two looks that nobody asked for. */
export const checkEveryMinutes = 15;
const checkEveryMs = checkEveryMinutes * 60_000;

/**
 * Why the worker looks: its alarm or its start (both at most every 15 minutes), the popup opening
 * or a checkout finishing in a tab (each a person's doing: at once).
 */
export type CheckReason = 'schedule' | 'workerStart' | 'popup' | 'checkout';

/** Whether to read the library now. A state of another store or user is none at all. */
export function checkDue(state: KnownPurchases | null, reason: CheckReason, now: number): boolean {
  if (!state || reason === 'popup' || reason === 'checkout') return true;
  // An alarm fires a little late or early: a 5% slack keeps it from skipping a period.
  return now - state.checkedAt >= checkEveryMs * 0.95 || now < state.checkedAt;
}

/** The stored state if it belongs to this store and user, else null (a first look). */
export function stateOf(
  stored: KnownPurchases | null,
  storeUrl: string,
  username: string,
): KnownPurchases | null {
  return stored?.storeUrl === storeUrl && stored.username === username ? stored : null;
}

/**
 * Reads pages newest first until one holds a known entry: the entries not known yet, newest first.
 * The library lists newest purchases first, so past a known entry every one is older, and known.
 */
export async function unknownEntries(
  pages: AsyncIterable<LibraryEntry[]>,
  known: ReadonlySet<number>,
): Promise<LibraryEntry[]> {
  const fresh: LibraryEntry[] = [];
  for await (const page of pages) {
    const unknown = page.filter((entry) => !known.has(entry.id));
    fresh.push(...unknown);
    if (unknown.length < page.length) break;
  }
  return fresh;
}
