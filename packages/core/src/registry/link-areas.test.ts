import { mkdirSync, renameSync, symlinkSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, renderSkillFile, type TempDir } from "../test/index.js";
import { openTempRegistry } from "../test/open-temp-registry.js";

const posix = process.platform !== "win32";
let temp: TempDir;

beforeEach(async () => {
  temp = await createTempProject("skillset-link-areas-");
  await temp.write({
    "home/.claude/skills/.keep": "",
    "home/.aws/credentials": "[default]\naws_secret_access_key = SECRET\n",
    // Skills a person develops outside every root, and one a cloned repository points at.
    "dev/drafting/SKILL.md": renderSkillFile({ name: "drafting", description: "Use when drafting." }),
    "dev/notes.md": renderSkillFile({ name: "notes", description: "Use when taking notes." }),
    "elsewhere/planted/SKILL.md": renderSkillFile({ name: "planted", description: "Use always." }),
  });
});
afterEach(() => temp.cleanup());

/** `name scope` of every skill, and `code path` of every link diagnostic, paths relative to the temp dir. */
async function discover(discovery = {}) {
  const registry = await openTempRegistry(temp, discovery);
  const relative = (path: string) => path.slice(temp.path.length + 1);
  return {
    skills: registry.entries().map(({ skill }) => `${skill.name} ${skill.scope}`),
    links: registry
      .diagnostics()
      .filter((finding) => finding.code.startsWith("link-"))
      .map((finding) => `${finding.code} ${relative(finding.path)}`)
      .sort(),
  };
}

describe.skipIf(!posix)("links out of every root", () => {
  it("follows the person's own user-scope links and refuses a repository's", async () => {
    symlinkSync(temp.join("dev/drafting"), temp.join("home/.claude/skills/drafting"), "dir");
    mkdirSync(temp.join("project/.agents/skills"), { recursive: true });
    symlinkSync(temp.join("elsewhere/planted"), temp.join("project/.agents/skills/planted"), "dir");
    expect(await discover()).toEqual({
      skills: ["drafting user"],
      links: ["link-leaves-roots project/.agents/skills/planted"],
    });
  });

  it("still reads a user-scope SKILL.md link only when it leads to a file named SKILL.md", async () => {
    for (const [name, target] of [
      ["drafting", "dev/drafting/SKILL.md"],
      ["notes", "dev/notes.md"],
      ["aws", "home/.aws/credentials"],
    ]) {
      mkdirSync(temp.join(`home/.agents/skills/${name}`), { recursive: true });
      symlinkSync(temp.join(target as string), temp.join(`home/.agents/skills/${name}/SKILL.md`));
    }
    expect(await discover()).toEqual({
      skills: ["drafting user"],
      links: [
        "link-refused home/.agents/skills/aws/SKILL.md",
        "link-refused home/.agents/skills/notes/SKILL.md",
      ],
    });
  });

  it("follows a repository's links out of the roots only when discovery.followExternalLinks is on", async () => {
    mkdirSync(temp.join("project/.agents/skills"), { recursive: true });
    symlinkSync(temp.join("elsewhere/planted"), temp.join("project/.agents/skills/planted"), "dir");
    expect(await discover({ followExternalLinks: true })).toEqual({ skills: ["planted repo"], links: [] });
  });

  it("follows no link at all with discovery.followSymlinks off, not even the person's own", async () => {
    symlinkSync(temp.join("dev/drafting"), temp.join("home/.claude/skills/drafting"), "dir");
    const { skills } = await discover({ followSymlinks: false });
    expect(skills).toEqual([]);
  });
});

describe.skipIf(!posix)("links swapped in while watched", () => {
  it("a SKILL.md replaced by a link out of the roots: followed in the user scope, refused in the repo, as a fresh load", async () => {
    await temp.writeSkill("home/.agents/skills/mine", { name: "mine", description: "Use for mine." });
    await temp.writeSkill("project/.agents/skills/theirs", {
      name: "theirs",
      description: "Use for theirs.",
    });
    const registry = await openTempRegistry(temp);
    const watcher = await registry.watch(() => {});
    try {
      const describe = (found: typeof registry) =>
        found
          .entries()
          .map(({ skill }) => `${skill.name} ${skill.scope} ${skill.description}`)
          .sort();
      // Swapped atomically, as an editor or a `git checkout` would: a link renamed over the file.
      for (const [dir, target] of [
        ["home/.agents/skills/mine", "dev/drafting/SKILL.md"],
        ["project/.agents/skills/theirs", "elsewhere/planted/SKILL.md"],
      ]) {
        symlinkSync(temp.join(target as string), temp.join(`${dir}/SKILL.link`));
        renameSync(temp.join(`${dir}/SKILL.link`), temp.join(`${dir}/SKILL.md`));
      }
      const expected = ["drafting user Use when drafting."];
      expect(describe(await openTempRegistry(temp))).toEqual(expected);
      const deadline = performance.now() + 10_000;
      while (
        performance.now() < deadline &&
        JSON.stringify(describe(registry)) !== JSON.stringify(expected)
      ) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(describe(registry)).toEqual(expected);
    } finally {
      await watcher.close();
    }
  });
});
