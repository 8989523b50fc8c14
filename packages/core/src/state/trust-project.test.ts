import { readFile, writeFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config/load-config.js";
import { projectTrust } from "../config/project-trust.js";
import { createTempDir, type TempDir } from "../test/temp-tree.js";
import { setSkillEnabled } from "./set-skill-enabled.js";
import { listTrustedProjects, revokeProjectTrust, trustProject } from "./trust-project.js";

let temp: TempDir;
let location: { projectRoot: string; env: Record<string, string | undefined>; home: string };
const hostile = JSON.stringify({ policy: { shellPreprocessing: true, trustedScopes: ["repo", "user"] } });

beforeEach(async () => {
  temp = await createTempDir();
  location = {
    projectRoot: temp.join("project"),
    env: { XDG_CONFIG_HOME: temp.join("xdg") },
    home: temp.join("home"),
  };
  await temp.write({ "project/.skillset/config.json": hostile });
});
afterEach(() => temp.cleanup());

describe("trustProject", () => {
  it("lets a trusted project's widening settings apply until one byte of its files changes", async () => {
    const before = await loadConfig(location);
    expect(before.config.policy).toMatchObject({ shellPreprocessing: false, trustedScopes: ["user"] });
    expect(before.trust?.state).toBe("untrusted");
    expect(before.diagnostics.map((d) => [d.code, d.field, d.path])).toEqual([
      ["project-setting-ignored", "policy.trustedScopes", temp.join("project/.skillset/config.json")],
      ["project-setting-ignored", "policy.shellPreprocessing", temp.join("project/.skillset/config.json")],
    ]);
    expect(before.diagnostics[0]?.message).toContain("run `skillset trust` in this project to allow it");

    const trusted = await trustProject(location, new Date("2026-01-02T03:04:05Z"));
    expect(trusted.state).toBe("trusted");
    const record = JSON.parse(await readFile(temp.join("xdg/skillset/trusted-projects.json"), "utf8"));
    expect(record).toEqual({
      version: 1,
      projects: [
        { path: temp.join("project"), digest: trusted.digest, trustedAt: "2026-01-02T03:04:05.000Z" },
      ],
    });
    const after = await loadConfig(location);
    expect(after.config.policy).toMatchObject({ shellPreprocessing: true, trustedScopes: ["repo", "user"] });
    expect(after.diagnostics).toEqual([]);

    // One byte more, a space (a `git pull`, say): the trust lapses and says so.
    await writeFile(temp.join("project/.skillset/config.json"), `${hostile} `);
    const changed = await loadConfig(location);
    expect(changed.trust?.state).toBe("changed");
    expect(changed.config.policy.shellPreprocessing).toBe(false);
    expect(changed.diagnostics[0]?.message).toContain(
      "the project's settings changed since you trusted it (2026-01-02T03:04:05.000Z); review them and run `skillset trust` in this project again",
    );
  });

  it("covers the project's state and agent settings files too", async () => {
    await trustProject(location);
    expect((await projectTrust(location)).state).toBe("trusted");
    await temp.write({ "project/.claude/settings.json": '{"permissions":{"allow":["Skill(x)"]}}' });
    expect((await projectTrust(location)).state).toBe("changed");
    await trustProject(location);
    await temp.write({ "project/.skillset/state.json": '{"enabled":["x"]}' });
    expect((await projectTrust(location)).state).toBe("changed");
  });

  it("keeps the trust across the person's own change to the project's state file, not across anyone else's", async () => {
    const trusted = await trustProject(location, new Date("2026-01-02T03:04:05Z"));
    await setSkillEnabled({ ...location, key: "pdf", enabled: false, layer: "project" });
    const after = await projectTrust(location);
    expect(after.state).toBe("trusted");
    expect(after.digest).not.toBe(trusted.digest);
    expect(after.record?.trustedAt).toBe("2026-01-02T03:04:05.000Z");
    // Another writer (a pull, an editor) changes the file: the next change by skillset does not re-trust it.
    await temp.write({ "project/.skillset/state.json": '{"enabled":["x"]}' });
    await setSkillEnabled({ ...location, key: "docx", enabled: false, layer: "project" });
    expect((await projectTrust(location)).state).toBe("changed");
  });

  it("revokes and lists, keeping other projects' records", async () => {
    const other = { ...location, projectRoot: temp.join("other") };
    await temp.write({ "other/.skillset/config.json": "{}" });
    await trustProject(location);
    await trustProject(other);
    expect((await listTrustedProjects(location)).map((project) => project.path)).toEqual([
      temp.join("other"),
      temp.join("project"),
    ]);
    expect((await revokeProjectTrust(location))?.path).toBe(temp.join("project"));
    expect(await revokeProjectTrust(location)).toBeUndefined();
    expect((await listTrustedProjects(location)).map((project) => project.path)).toEqual([
      temp.join("other"),
    ]);
    expect((await projectTrust(location)).state).toBe("untrusted");
  });

  it("records concurrent trusts without losing one (atomic writes under the lock)", async () => {
    const roots = Array.from({ length: 8 }, (_, index) => temp.join(`p${index}`));
    await Promise.all(roots.map((projectRoot) => trustProject({ ...location, projectRoot })));
    expect((await listTrustedProjects(location)).map((project) => project.path).sort()).toEqual(
      [...roots].sort(),
    );
  });

  it("reads a damaged trust file as trusting nothing, and never writes over it: writers and --list name it", async () => {
    for (const damaged of ["{ not json", '{"projects":"all"}', '{"projects":[{"path":"/x"}]}']) {
      await temp.write({ "xdg/skillset/trusted-projects.json": damaged });
      expect((await projectTrust(location)).state).toBe("untrusted");
      const refused = {
        code: "state-invalid",
        message: expect.stringContaining("trusted-projects.json is not a trust file skillset can read"),
      };
      await expect(trustProject(location)).rejects.toMatchObject(refused);
      await expect(revokeProjectTrust(location)).rejects.toMatchObject(refused);
      await expect(listTrustedProjects(location)).rejects.toMatchObject(refused);
      await expect(
        setSkillEnabled({ ...location, key: "pdf", enabled: false, layer: "project" }),
      ).resolves.toBeDefined(); // an untrusted project's own state is written; the trust file is left alone
      expect(await readFile(temp.join("xdg/skillset/trusted-projects.json"), "utf8")).toBe(damaged);
    }
  });

  it("keeps the trust across concurrent changes to the project's state file", async () => {
    await trustProject(location);
    const keys = Array.from({ length: 10 }, (_, index) => `s${index}`);
    await Promise.all(
      keys.map((key) => setSkillEnabled({ ...location, key, enabled: false, layer: "project" })),
    );
    expect((await projectTrust(location)).state).toBe("trusted");
    const state = JSON.parse(await readFile(temp.join("project/.skillset/state.json"), "utf8"));
    expect([...state.disabled].sort()).toEqual([...keys].sort());
  });
});
