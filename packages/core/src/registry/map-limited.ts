/**
 * @module Bounded concurrency for file work: thousands of stats and parses without opening thousands of
 * files at once (EMFILE) or flooding libuv's thread pool.
 */

/** Maps `items` through `task` with at most `limit` tasks running; results keep the input order. */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
