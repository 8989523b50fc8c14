import type { TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, isolatedEnv, runCliCaptured } from "../testing/index.js";

// A skill a person denied in an agent's settings (SPEC §11) is shown as denied, and every refusal names the
// file and line of the rule.
let temp: TempDir;

beforeEach(async () => {
  temp = await createTempProject("skillset-denied-cli-");
  await temp.writeSkill("project/.agents/skills/deploy", {
    name: "deploy",
    description: "Use when deploying to production.",
  });
  await temp.write({
    "home/.claude/settings.json": '{\n  "permissions": {\n    "deny": ["Skill(deploy)"]\n  }\n}\n',
  });
});
afterEach(() => temp.cleanup());

const cli = (...argv: string[]) =>
  runCliCaptured({ argv, cwd: temp.join("project"), env: isolatedEnv(temp), replaceTemp: temp.path });

describe("denied skills at the command line", () => {
  it("list --all --json and show mark it denied, with the rule's file and line", async () => {
    const json = JSON.parse((await cli("list", "--all", "--json")).stdout) as {
      skills: { name: string; state: { enabled: boolean; denied?: boolean; deniedBy?: string } }[];
    };
    const deploy = json.skills.find((skill) => skill.name === "deploy")!;
    expect(deploy.state.denied).toBe(true);
    expect(deploy.state.deniedBy).toContain("<tmp>/home/.claude/settings.json");
    expect(deploy.state.deniedBy).toContain("(line 3)");

    const listed = await cli("list", "--all");
    expect(listed.stdout).toMatch(/deploy \(denied\)/);
    const show = await cli("show", "deploy");
    expect(show.stdout).toContain("(denied)");
    expect(show.stdout).toContain("denied by the rule deny");
    const shown = JSON.parse((await cli("show", "deploy", "--json")).stdout) as {
      state: { denied?: boolean };
    };
    expect(shown.state.denied).toBe(true);
  });

  it("resolve names the settings file and line instead of 'a permission rule'", async () => {
    const resolve = await cli("resolve", "$deploy now");
    const output = resolve.stdout + resolve.stderr;
    expect(output).toContain("<tmp>/home/.claude/settings.json");
    expect(output).toContain("(line 3)");
    expect(output).not.toContain("by a permission rule");
  });
});
