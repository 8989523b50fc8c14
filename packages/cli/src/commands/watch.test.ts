import { createTempDir, renderSkillFile, type TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../run-cli.js";

let temp: TempDir;

beforeEach(async () => {
  temp = await createTempDir("skillset-watch-cli-");
  await temp.write({
    "project/.git/HEAD": "ref: refs/heads/main\n",
    "project/.skillset/config.json": JSON.stringify({ discovery: { providers: { system: false } } }),
  });
  await temp.writeSkill("project/.agents/skills/pdf", { name: "pdf", description: "Use for PDFs." });
});
afterEach(() => temp.cleanup());

/** Runs the CLI; `onReady` runs once the command reports that it is watching. */
async function cli(argv: string[], onReady: () => Promise<void> = async () => {}) {
  let stdout = "";
  let stderr = "";
  let ready: Promise<void> = Promise.resolve();
  const code = await runCli({
    argv,
    cwd: temp.join("project"),
    env: {
      HOME: temp.join("home"),
      XDG_CONFIG_HOME: temp.join("home/.config"),
      XDG_CACHE_HOME: temp.join("home/.cache"),
      SKILLSET_ADMIN_DIR: temp.join("etc"),
      NO_COLOR: "1",
    },
    stdout: {
      write(text) {
        stdout += text;
      },
    },
    stderr: {
      write(text) {
        stderr += text;
        if (text.startsWith("Watching")) ready = onReady();
      },
    },
  });
  await ready;
  return {
    code,
    stdout: stdout.replaceAll(temp.path, "<tmp>"),
    stderr: stderr.replaceAll(temp.path, "<tmp>"),
  };
}

describe("skillset watch", () => {
  it("prints changes as they happen and stops after the first batch with --once", async () => {
    const { code, stdout, stderr } = await cli(["watch", "--once"], () =>
      temp.write({
        "project/.agents/skills/notes/SKILL.md": renderSkillFile({ name: "notes", description: "Notes." }),
      }),
    );
    expect(code).toBe(0);
    expect(stderr).toBe("Watching 1 skill root (1 skill) for changes; press Ctrl-C to stop.\n");
    expect(stdout).toBe("added    notes (repo, effective)  <tmp>/project/.agents/skills/notes/SKILL.md\n");
  });

  it("prints JSON lines", async () => {
    const { stdout } = await cli(["watch", "--once", "--json"], () =>
      temp.write({
        "project/.agents/skills/pdf/SKILL.md": renderSkillFile({ name: "pdf", description: "Edited." }),
      }),
    );
    expect(JSON.parse(stdout)).toEqual({
      type: "changed",
      name: "pdf",
      path: "<tmp>/project/.agents/skills/pdf/SKILL.md",
      scope: "repo",
      status: "effective",
      enabled: true,
    });
  });

  it("stops after --timeout milliseconds, and refuses a bad timeout", async () => {
    const started = performance.now();
    const { code, stdout } = await cli(["watch", "--timeout", "50"]);
    expect({ code, stdout }).toEqual({ code: 0, stdout: "" });
    expect(performance.now() - started).toBeLessThan(5_000);
    const bad = await cli(["watch", "--timeout", "soon"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--timeout takes a whole number of milliseconds, not 'soon'");
  });
});
