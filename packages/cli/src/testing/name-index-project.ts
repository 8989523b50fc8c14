/**
 * @module A temp project with two skills (pdf, docx) and an empty folder, for tests that compare what a
 * one-skill command answers through the name index with what a full load answers.
 */
import type { TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, vi } from "vitest";
import { createTempProject, isolatedEnv, runCliCaptured } from "./index.js";

export interface NameIndexProject {
  /** The current test's temp folder (the project is its `project/`). */
  temp(): TempDir;
  /** `skillset <argv>` with the shared cache (where the name index lives), or with a cache of its own. */
  cli(argv: string[], cache?: "shared" | "fresh"): ReturnType<typeof runCliCaptured>;
}

/** Registers the project's set-up and clean-up around every test of the calling file. */
export function nameIndexProject(prefix: string): NameIndexProject {
  let temp: TempDir | undefined;
  let fresh = 0;
  beforeEach(async () => {
    temp = await createTempProject(prefix);
    await temp.writeSkill("project/.agents/skills/pdf", { name: "pdf", description: "Fill PDF forms." });
    await temp.writeSkill("project/.agents/skills/docx", { name: "docx", description: "Edit Word files." });
    await temp.write({ "project/.agents/skills/later/.keep": "" });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await temp?.cleanup();
  });
  const current = () => {
    if (temp === undefined) throw new Error("nameIndexProject: used outside a test");
    return temp;
  };
  return {
    temp: current,
    cli: (argv, cache = "shared") =>
      runCliCaptured({
        argv,
        cwd: current().join("project"),
        env: {
          ...isolatedEnv(current()),
          ...(cache === "fresh" ? { XDG_CACHE_HOME: current().join(`cache-${fresh++}`) } : {}),
        },
        replaceTemp: current().path,
      }),
  };
}
