import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { missingRequiredCorpus } from "./corpus.js";

describe("missingRequiredCorpus", () => {
  const empty = mkdtempSync(join(tmpdir(), "skillset-corpus-"));
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("is quiet unless the run requires the corpus", () => {
    vi.stubEnv("SKILLSET_CORPUS", join(empty, "nowhere"));
    expect(missingRequiredCorpus({})).toBeUndefined();
    expect(missingRequiredCorpus({ SKILLSET_REQUIRE_CORPUS: "0" })).toBeUndefined();
  });

  it("names the missing folder and both fixes when the run requires it", () => {
    vi.stubEnv("SKILLSET_CORPUS", join(empty, "nowhere"));
    const problem = missingRequiredCorpus({ SKILLSET_REQUIRE_CORPUS: "1" });
    expect(problem).toContain(join(empty, "nowhere"));
    expect(problem).toMatch(/put \.\.\/shared beside the repository or set SKILLSET_CORPUS/);
  });

  it("is quiet when the required corpus is there", () => {
    vi.stubEnv("SKILLSET_CORPUS", empty);
    expect(missingRequiredCorpus({ SKILLSET_REQUIRE_CORPUS: "1" })).toBeUndefined();
    rmSync(empty, { recursive: true, force: true });
  });
});
