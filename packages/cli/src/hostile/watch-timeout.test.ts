import { describe, expect, it } from "vitest";
import { MAX_TIMER_MS, parseTimeout } from "../commands/watch.run.js";

// Issue 7 item 6: `watch --timeout 99999999999999` stopped after 1 ms (setTimeout overflows past 2^31 − 1).
describe("watch --timeout", () => {
  it("clamps a huge value to the longest timer instead of firing at once", () => {
    expect(parseTimeout("99999999999999")).toBe(MAX_TIMER_MS);
    expect(parseTimeout("50")).toBe(50);
  });

  it("a clamped timer really waits", async () => {
    let fired = false;
    const timer = setTimeout(() => {
      fired = true;
    }, parseTimeout("99999999999999"));
    await new Promise((resolve) => setTimeout(resolve, 30));
    clearTimeout(timer);
    expect(fired).toBe(false);
  });
});
