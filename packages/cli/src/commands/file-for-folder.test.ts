import type { TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, isolatedEnv, runCliCaptured } from "../testing/index.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempProject("skillset-file-for-folder-");
  await temp.writeSkill("project/.agents/skills/pdf", { name: "pdf", description: "Use for PDFs." });
});
afterEach(() => temp.cleanup());

const cli = (...argv: string[]) =>
  runCliCaptured({ argv, cwd: temp.join("project"), env: isolatedEnv(temp), replaceTemp: temp.path });
const file = ".agents/skills/pdf/SKILL.md";

describe("a file given where a command takes a folder", () => {
  it("is named as a file, with the folder to give instead: never a crash, never a fetch", async () => {
    expect(await cli("registry", "build", file, "--out", temp.join("site"))).toMatchObject({
      code: 1,
      stderr: expect.stringContaining(
        `<tmp>/project/${file} is a file: registry build takes a folder of skills`,
      ),
    });
    expect(await cli("add", file, "--yes")).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("Run skillset add <tmp>/project/.agents/skills/pdf."),
    });
    expect(await cli("list", "--cwd", file)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(`--cwd ${file}: it is a file, not a folder`),
    });
    expect(await cli("new", "zzz", "--dir", file)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("is a file, not a folder; nothing was changed. Give --dir a folder."),
    });
  });
});
