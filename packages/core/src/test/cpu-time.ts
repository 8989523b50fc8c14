/**
 * @module For tests that bound how long pure computation takes (a pattern that must stay linear on hostile
 * input): CPU time, not wall time. On a loaded two-core CI machine a test can wait for a core many times
 * longer than it computes; the CPU time of this process is not stretched by that wait, so a bound on it
 * fails only when the work itself grew. Tests run in forked processes (vitest `pool: "forks"`), so the
 * process's CPU time is this test's.
 */

/** The CPU milliseconds (user + system) this process spends running `work`. */
export function cpuMillis(work: () => void): number {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}
