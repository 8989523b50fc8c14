import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { ownCopy } from "./own-copy.js";

describe("ownCopy", () => {
  it("keeps the characters, short or long", () => {
    expect(ownCopy("")).toBe("");
    expect(ownCopy("pdf")).toBe("pdf");
    const text = `---\nname: ${"x".repeat(40)}\n---\n${"body ".repeat(10_000)}`;
    expect(ownCopy(text.slice(10, 50))).toBe("x".repeat(40));
    expect(ownCopy("ünïcödé ✓ 𝄞 text that is long")).toBe("ünïcödé ✓ 𝄞 text that is long");
  });

  it("does not keep the text it was cut from alive, as a slice does", () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    // Bytes still in use after keeping a 100-character piece of each of 32 texts of 1 MiB. The heap's own
    // coming and going moves the measure by a megabyte or two, far less than the gap between the two.
    const heldBy = (cut: (text: string) => string): number => {
      gc();
      const before = process.memoryUsage().heapUsed;
      const kept: string[] = [];
      for (let at = 0; at < 32; at++)
        kept.push(cut(`${"ab"[at % 2]!.repeat(1 << 20)}${Math.random()}`.slice(50, 150)));
      gc();
      const held = process.memoryUsage().heapUsed - before;
      expect(kept).toHaveLength(32);
      return held;
    };
    // Slices hold the 32 MiB; copies the 32 × 100 characters (and whatever else the heap grew by).
    expect(heldBy((piece) => piece)).toBeGreaterThan(24 * (1 << 20));
    expect(heldBy(ownCopy)).toBeLessThan(8 * (1 << 20));
  });
});
