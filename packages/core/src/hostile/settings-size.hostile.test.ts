import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readConfigFile } from "../config/read-config-file.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { openStateStore } from "../state/open-state-store.js";
import { createTempDir, type TempDir } from "../test/index.js";

// Issue 7 item 6: a 35 MB state.json cost `list` 7.5 s / 861 MB and `disable` 34 s / 2.2 GB.
let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir("skillset-hostile-size-");
  const huge = `{"version":1,"skills":{${Array.from({ length: 60_000 }, (_, i) => `"k${i}":{"enabled":false}`).join(",")}}}`;
  await temp.write({
    "state.json": huge,
    "config.json": `{"catalog":{"format":"xml"},"x":"${"y".repeat(2_000_000)}"}`,
  });
});
afterEach(() => temp.cleanup());

describe("skillset's own files are capped at 1 MiB", () => {
  it("a huge state.json is an error naming the file, the limit and the fix, read or changed", async () => {
    const store = openStateStore(temp.join("state.json"));
    const started = performance.now();
    const { diagnostics } = await store.read();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(diagnostics).toMatchObject([{ code: "state-unreadable", severity: "error" }]);
    expect(diagnostics[0]?.message).toContain(temp.join("state.json"));
    expect(diagnostics[0]?.message).toContain("over the 1 MiB limit");
    await expect(store.change((draft) => draft)).rejects.toMatchObject({ code: "state-unreadable" });
  });

  it("a huge config.json is refused before parsing", async () => {
    await expect(readConfigFile(temp.join("config.json"), nodeFileSystem)).rejects.toMatchObject({
      code: "config-unreadable",
      message: expect.stringContaining("over the 1 MiB limit"),
    });
  });
});
