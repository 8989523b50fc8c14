import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, isolatedEnv, type TempDir } from "../test/index.js";
import type { SkillTool } from "../tools/define-skill-tool.js";
import { createSkillset } from "./create-skillset.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempProject();
  await temp.writeSkill(
    "project/.agents/skills/alpha",
    { name: "alpha", description: "Use when doing alpha work.", "allowed-tools": "Read" },
    "ALPHA BODY\n",
  );
  await temp.writeSkill(
    "project/.agents/skills/beta",
    { name: "beta", description: "Use when doing beta work." },
    "BETA BODY\n",
  );
});
afterEach(() => temp.cleanup());

const options = () => ({
  cwd: temp.join("project"),
  env: isolatedEnv(temp),
  cacheFile: false as const,
});

// The child imports the built package (`npm test` builds first), like a second process of the host.
const childScript = `
  import { createSkillset } from "@skillset/core/session";
  const input = JSON.parse(process.argv[1]);
  const skills = await createSkillset(input.options);
  const session = skills.session();
  session.restore(input.snapshot);
  const restored = session.snapshot();
  const { catalog, ...inspection } = session.inspect();
  const load = session.tools().find((tool) => tool.name === "skill_load");
  const again = await load.handler({ name: "beta" });
  console.log(JSON.stringify({ snapshot: restored, inspection, again: again.text, filtered: Object.keys(session.filterTools({ read: 1, write: 2 }).tools) }));
  await skills.close();
`;

describe("snapshot and restore", () => {
  it("a session saved in one process is the same session in another", async () => {
    const skills = await createSkillset(options());
    const session = skills.session();
    await session.prepareTurn("$alpha go", { source: "user" });
    const load = session.tools().find((tool) => tool.name === "skill_load") as SkillTool;
    expect((await load.handler({ name: "beta" })).text).toContain("BETA BODY");
    const snapshot = session.snapshot();
    const { catalog: _catalog, ...inspection } = session.inspect();
    await skills.close();

    const output = execFileSync(
      process.execPath,
      ["--input-type=module", "-e", childScript, JSON.stringify({ options: options(), snapshot })],
      {
        cwd: fileURLToPath(new URL("../../", import.meta.url)),
        encoding: "utf8",
      },
    );
    const child = JSON.parse(output);
    expect(child.snapshot).toEqual(snapshot);
    expect(child.inspection).toEqual(JSON.parse(JSON.stringify(inspection)));
    expect(child.again).toContain("already loaded"); // reload suppression carried over
    expect(child.filtered).toEqual(["read"]); // alpha still active: tools still narrowed
  });
});
