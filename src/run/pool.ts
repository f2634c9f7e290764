/**
 * Runs `work` over `items`, `jobs` at a time; `job` is the index of the worker (0 … jobs-1). When
 * one item throws, no further item starts, and the error is passed on only once every item already
 * started has ended: a benchmark still running in the other job must not outlive its run, whose
 * output directory is released (and a retry may start) when this returns.
 */
export async function pool<T, R>(items: readonly T[], jobs: number, work: (item: T, job: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async (_: unknown, job: number) => {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        results[i] = await work(items[i]!, job);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const ended = await Promise.allSettled(Array.from({ length: Math.max(1, Math.min(jobs, items.length)) }, worker));
  const rejected = ended.find((e): e is PromiseRejectedResult => e.status === 'rejected');
  if (rejected) throw rejected.reason;
  return results;
}
