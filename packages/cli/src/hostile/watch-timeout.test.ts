import { describe, expect, it, vi } from "vitest";
import { MAX_TIMER_MS, parseTimeout } from "../commands/watch.run.js";

// Issue 7 item 6: `watch --timeout 99999999999999` stopped after 1 ms (setTimeout overflows past 2^31 − 1).
describe("watch --timeout", () => {
  it("clamps a huge value to the longest timer instead of firing at once", () => {
    expect(parseTimeout("99999999999999")).toBe(MAX_TIMER_MS);
    expect(parseTimeout("50")).toBe(50);
  });

  it("a clamped timer really waits: not after an hour, but at the longest timer", () => {
    vi.useFakeTimers();
    try {
      let fired = false;
      setTimeout(() => {
        fired = true;
      }, parseTimeout("99999999999999"));
      vi.advanceTimersByTime(3_600_000);
      expect(fired).toBe(false);
      vi.advanceTimersByTime(MAX_TIMER_MS);
      expect(fired).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
