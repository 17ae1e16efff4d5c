/**
 * CPU time for tests that guard an algorithm's cost (linear, not quadratic; a budget that stops
 * work early): the user + system time this process spends while `fn` runs. On a machine shared
 * with other work the wall time of the same computation grows many times over; its CPU time does
 * not, so a bound on it fails only when the code does more work. Speed budgets belong in bench/.
 *
 *   const { ms } = await cpuTime(() => layoutHtml(html));
 *   expect(ms).toBeLessThan(1_500);
 *
 * A worker process runs one test file at a time (vitest.config.ts: pool 'forks'), so no other
 * file's work is counted; `fn` should be the only work of its test while it runs.
 */
export interface CpuTimed<T> {
  readonly result: T;
  /** User + system CPU time of this process, in milliseconds. */
  readonly ms: number;
}

export async function cpuTime<T>(fn: () => T | Promise<T>): Promise<CpuTimed<T>> {
  const start = process.cpuUsage();
  const result = await fn();
  const used = process.cpuUsage(start);
  return { result, ms: (used.user + used.system) / 1000 };
}
