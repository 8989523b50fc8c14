/**
 * @module For tests of anything that trusts a file's stamp (the metadata cache, kept listings, the name
 * index): step past the window in which a stamp proves nothing (`isRacy`, 3 s) without sleeping. Not in
 * the `./test` entry (it needs vitest).
 */
import { vi } from "vitest";

/**
 * Fakes only `Date`, 3.1 s ahead of the real clock that stamps files, and leaves it there: whatever was
 * written before the call is past the racy window, and a file written after it is as young as it really is,
 * so it stays racy until the next step. Undo with `vi.useRealTimers()` (in `afterEach`).
 */
export function stepPastRacyWindow(): void {
  vi.useRealTimers();
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 3_100 });
}
