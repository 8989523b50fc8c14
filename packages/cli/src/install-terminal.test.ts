import type { Candidate, LockEntry } from "@skillset/install";
import { describe, expect, it } from "vitest";
import { describeCandidate } from "./install-terminal.js";

const entry = (fields: Partial<LockEntry>): LockEntry => ({
  source: "https://example.org/r.git",
  sourceType: "git",
  computedHash: "c1",
  ...fields,
});
const candidate = (previous: LockEntry | undefined, next: LockEntry) =>
  ({
    name: "pdf",
    skill: { path: "skills/pdf" },
    entry: next,
    ...(previous ? { previous } : {}),
    examination: {
      warnings: [],
      audit: { findings: [] },
      risks: { scripts: [], broadTools: [], shellLines: [], hooks: [], urls: [] },
    },
  }) as unknown as Candidate;

describe("the review block compares like with like (SPEC §14)", () => {
  it("an entry of vercel's CLI (no integrity) with the same computedHash is not changed", () => {
    const text = describeCandidate(candidate(entry({}), entry({ integrity: "sha256:i1" })), false);
    expect(text).not.toContain("changed");
    expect(text).toContain("integrity sha256:i1");
  });

  it("a changed one shows the two computedHashes, not vercel's against skillset's digest", () => {
    const text = describeCandidate(
      candidate(entry({}), entry({ computedHash: "c2", integrity: "sha256:i2" })),
      false,
    );
    expect(text).toContain("changed  computedHash c1 → c2");
  });

  it("two entries of skillset's compare integrity", () => {
    const text = describeCandidate(
      candidate(entry({ integrity: "sha256:i1" }), entry({ integrity: "sha256:i2" })),
      false,
    );
    expect(text).toContain("changed  sha256:i1 → sha256:i2");
  });
});
