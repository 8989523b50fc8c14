import { chmod } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempDir, type TempDir } from "../../test/temp-tree.js";
import { lintRuleHarness } from "../lint-rule-harness.js";
import { scriptNotExecutable } from "./script-not-executable.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir();
});
afterEach(() => temp.cleanup());

const { skill, run } = lintRuleHarness(scriptNotExecutable, () => temp);

describe("script-not-executable", () => {
  it("fires on a script with a shebang and no run bit", async () => {
    const target = await skill("pdf");
    await temp.write({ "pdf/scripts/run.sh": "#!/bin/sh\necho hi\n" });
    await chmod(temp.join("pdf/scripts/run.sh"), 0o644);
    const found = await run(target);
    expect(found).toHaveLength(1);
    expect(found[0]?.message).toContain("chmod +x scripts/run.sh");
  });

  it("does not fire on executable scripts or scripts without a shebang", async () => {
    const target = await skill("pdf");
    await temp.write({ "pdf/scripts/run.sh": "#!/bin/sh\n", "pdf/scripts/helper.py": "print(1)\n" });
    await chmod(temp.join("pdf/scripts/run.sh"), 0o755);
    await chmod(join(target.dir, "scripts/helper.py"), 0o644);
    expect(await run(target)).toEqual([]);
  });
});
