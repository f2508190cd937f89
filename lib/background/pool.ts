/**
 * Runs `work` on every item, at most `limit` at a time: the store has no call for many catalog
 * records at once, and asking for all of them together would crowd out the person's own clicks.
 */
export async function forEachPooled<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const queue = [...items];
  async function next(): Promise<void> {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  }
  await Promise.all(Array.from({ length: Math.min(limit, queue.length) }, next));
}
