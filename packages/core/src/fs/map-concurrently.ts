/**
 * @module Bounded concurrency for file work: thousands of stats, reads and parses without opening thousands
 * of files at once (EMFILE) or flooding libuv's thread pool.
 */

/** Maps `items` through `fn` with at most `limit` calls pending; results keep the input order. */
export async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  return results;
}
