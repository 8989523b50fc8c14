import { readFile, writeFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempDir, type TempDir } from "../test/temp-tree.js";
import { openStateStore } from "./open-state-store.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir();
});
afterEach(() => temp.cleanup());

describe("remembered permission answers in state.json", () => {
  it("are kept one per skill and tool (the last wins), sorted, beside enable/disable", async () => {
    const store = openStateStore(temp.join("state.json"));
    await store.update((state) => {
      state.disabled.push("pdf");
      state.answers = [
        { skill: "/s/b/SKILL.md", tool: "*", action: "deny" },
        { skill: "/s/a/SKILL.md", tool: "skill_load", action: "deny" },
        { skill: "/s/a/SKILL.md", tool: "skill_load", action: "allow" },
      ];
    });
    expect(JSON.parse(await readFile(temp.join("state.json"), "utf8"))).toEqual({
      version: 1,
      disabled: ["pdf"],
      enabled: [],
      answers: [
        { skill: "/s/a/SKILL.md", tool: "skill_load", action: "allow" },
        { skill: "/s/b/SKILL.md", tool: "*", action: "deny" },
      ],
    });
  });

  it("a file without answers is written as before, and a damaged one keeps its legible answers", async () => {
    const store = openStateStore(temp.join("state.json"));
    await store.update((state) => void state.disabled.push("x"));
    expect(await readFile(temp.join("state.json"), "utf8")).not.toContain("answers");
    await writeFile(
      temp.join("state.json"),
      '{"version":1,"disabled":[],"enabled":[],"answers":[{"skill":"/a","tool":"*","action":"allow"},{"skill":"/b","tool":"*","action":"perhaps"}]}',
    );
    const read = await store.read();
    expect(read.diagnostics[0]?.code).toBe("state-corrupt");
    expect(read.state.answers).toEqual([{ skill: "/a", tool: "*", action: "allow" }]);
  });
});
