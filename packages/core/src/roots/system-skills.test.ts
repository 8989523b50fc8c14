import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultConfig } from "../config/config-schema.js";
import { validateSkillDir } from "../validate/index.js";
import { lintPaths } from "../validate/lint-paths.js";
import { walkRoot } from "../walker/index.js";
import { systemSkillsDir } from "./index.js";

// The bundled skills are what a fresh machine lists: they must pass the strictest checks we have.
const names = readdirSync(systemSkillsDir()).sort();

describe("bundled system skills", () => {
  it("ship skill-creator and skill-installer, and the walker finds exactly those", async () => {
    expect(names).toEqual(["skill-creator", "skill-installer"]);
    const walked = await walkRoot(
      { path: systemSkillsDir(), scope: "system", provider: "system", followLinks: false },
      { limits: defaultConfig.discovery.limits },
    );
    expect(walked.files.map((file) => file.path)).toEqual(
      names.map((name) => join(systemSkillsDir(), name, "SKILL.md")),
    );
    expect(walked.diagnostics).toEqual([]);
  });

  it.each(names)("%s passes strict validation and lint with no findings", async (name) => {
    const dir = join(systemSkillsDir(), name);
    const strict = await validateSkillDir(dir, { mode: "strict" });
    expect(strict.diagnostics).toEqual([]);
    const [lint] = await lintPaths([dir]);
    expect(lint?.diagnostics).toEqual([]);
  });
});
