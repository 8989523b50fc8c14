import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filterTools } from "../policy/tool-policy.js";
import { createTempProject, openTempSkillset, type TempDir } from "../test/index.js";
import type { SkillTool } from "../tools/define-skill-tool.js";
import type { ForkRequest } from "../tools/tools-context.js";
import type { Skillset } from "./create-skillset.js";

// A fork request carries the narrowing the skill's tool lists make for the subagent's tools (SPEC §11),
// by the session's own rule and mode, whichever way the fork started.
let temp: TempDir;
let skills: Skillset;
beforeAll(async () => {
  temp = await createTempProject();
  await temp.writeSkill(
    "project/.agents/skills/reader",
    {
      name: "reader",
      description: "Use for reading a change as a separate task.",
      context: "fork",
      "allowed-tools": "Read",
      "disallowed-tools": "Write",
    },
    "Read $ARGUMENTS.\n",
  );
  skills = await openTempSkillset(temp);
});
afterAll(async () => {
  await skills.close();
  await temp.cleanup();
});

const hostTools = { Read: 1, Write: 2, Bash: 3, skill_read: 4 };

async function forkRequests(narrowing: "restrict" | "approve"): Promise<ForkRequest[]> {
  const requests: ForkRequest[] = [];
  const session = skills.session({
    host: {
      narrowing,
      fork: (request) => {
        requests.push(request);
        return { taskId: `t${requests.length}` };
      },
    },
  });
  await session.prepareTurn("$reader PR 7", { source: "user" });
  const useSkill = session.tools().find((each) => each.name === "use_skill") as SkillTool;
  expect(await useSkill.handler({ skill: "reader", args: "PR 8" })).toMatchObject({ isError: false });
  return requests;
}

describe("a fork request", () => {
  it("narrows the subagent's tools by the skill's allowed-tools and disallowed-tools, in the session's mode", async () => {
    const restricted = await forkRequests("restrict");
    expect(restricted).toHaveLength(2);
    for (const request of restricted) {
      expect(filterTools(hostTools, request.toolPolicy as NonNullable<ForkRequest["toolPolicy"]>)).toEqual({
        tools: { Read: 1, skill_read: 4 },
        approved: [],
        removed: ["Write", "Bash"],
      });
    }
    const approving = await forkRequests("approve");
    for (const request of approving) {
      const filtered = filterTools(hostTools, request.toolPolicy as NonNullable<ForkRequest["toolPolicy"]>);
      expect(Object.keys(filtered.tools)).toEqual(["Read", "Bash", "skill_read"]);
    }
  });
});
