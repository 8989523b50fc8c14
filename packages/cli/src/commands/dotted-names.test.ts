import { existsSync, readdirSync } from "node:fs";
import type { TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stepPastRacyWindow } from "../../../core/src/test/racy-window.js";
import { createTempProject, isolatedEnv, runCliCaptured } from "../testing/index.js";
import { mentionedNames } from "./resolve.run.js";

// Plugins `a.b` and `c.d` both hold `fmt`, and skills are named `gh.fix` (lenient) and `gh`: what `resolve`
// says to type for them is what activates them, as `$…` and as `/…` (SPEC §8), after a full load and
// through the name index.
let temp: TempDir;
beforeEach(async () => {
  temp = await createTempProject("skillset-dotted-names-");
  for (const plugin of ["a.b", "c.d"]) {
    await temp.write({ [`plugins/${plugin}/.claude-plugin/plugin.json`]: JSON.stringify({ name: plugin }) });
    await temp.writeSkill(`plugins/${plugin}/skills/fmt`, { name: "fmt", description: "Format code." });
  }
  await temp.writeSkill("project/.agents/skills/gh.fix", { name: "gh.fix", description: "Fix CI." });
  await temp.writeSkill("project/.agents/skills/gh", { name: "gh", description: "Use gh." });
  await temp.writeSkill("project/.agents/skills/pdf", { name: "pdf", description: "Fill forms." });
  await temp.write({
    "home/.config/skillset/config.json": JSON.stringify({
      discovery: { pluginDirs: [temp.join("plugins")] },
    }),
  });
});
afterEach(async () => {
  vi.useRealTimers();
  await temp.cleanup();
});

const cli = (...argv: string[]) =>
  runCliCaptured({ argv, cwd: temp.join("project"), env: isolatedEnv(temp), replaceTemp: temp.path });

/** What `resolve` prints for `message`: once loading in full (and writing the name index), then from the index. */
async function resolveTwice(message: string): Promise<string[]> {
  stepPastRacyWindow();
  const first = await cli("resolve", message);
  const cache = temp.join("home/.cache/skillset");
  expect(existsSync(cache) && readdirSync(cache).some((file) => file.endsWith(".names.json"))).toBe(true);
  const second = await cli("resolve", message);
  return [first.stdout, second.stdout];
}

describe("dotted names in mentions and commands", () => {
  it("$a.b:fmt and /a.b:fmt activate the plugin's skill the ambiguity message names", async () => {
    expect((await cli("resolve", "$fmt go")).stdout).toContain("use $a.b:fmt");
    for (const out of await resolveTwice("$a.b:fmt go"))
      expect(out).toContain("Using skill: a.b:fmt\nTask: go");
    for (const out of await resolveTwice("/a.b:fmt go"))
      expect(out).toContain("Using skill: a.b:fmt\nArguments for a.b:fmt: go");
  });

  it("$gh.fix and /gh.fix are the skill gh.fix, not gh; $pdf. and $pdf.then are still $pdf", async () => {
    for (const out of await resolveTwice("$gh.fix now")) expect(out).toContain("Using skill: gh.fix\n");
    for (const out of await resolveTwice("/gh.fix now")) expect(out).toContain("Using skill: gh.fix\n");
    for (const out of await resolveTwice("use $pdf.")) expect(out).toContain("Using skill: pdf\nTask: use.");
    for (const out of await resolveTwice("$pdf.then x"))
      expect(out).toContain("Using skill: pdf\nTask: .then x");
  });

  it("loads the dotted name a mention may mean, so the name index finds its skill", () => {
    expect(mentionedNames("$a.b:fmt go")).toEqual(["a.b:fmt"]);
    expect(mentionedNames("/gh.fix now, then $pdf.")).toEqual(["gh.fix", "pdf"]);
  });
});
