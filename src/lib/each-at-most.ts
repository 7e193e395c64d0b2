/**
 * Runs `run` on every item, at most `concurrency` at a time, in order of starting: each open watch already holds
 * one of the browser's six HTTP/1.1 connections to the API, so a batch of requests keeps to a few. Rejects with
 * the first failure (the workers still running finish their current item).
 */
export async function eachAtMost<T>(
  concurrency: number,
  items: readonly T[],
  run: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
