import { readFile, utimes, writeFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { folderIntegrity, sha256Hex } from "../model/folder-integrity.js";
import { createSkillSearch } from "../search/create-skill-search.js";
import { createSkillset } from "../session/create-skillset.js";
import { createTempDir, isolatedEnv, renderSkillFile, type TempDir } from "../test/index.js";
import type { SkillTool } from "../tools/index.js";
import { createRegistry } from "./create-registry.js";
import { digestFolder } from "./folder-digests.js";
import type { SkillRegistry } from "./registry-types.js";

let temp: TempDir;
let env: Record<string, string>;

beforeEach(async () => {
  temp = await createTempDir("skillset-copies-");
  env = isolatedEnv(temp);
  await temp.write({ "project/.git/HEAD": "ref: refs/heads/main\n", "home/.keep": "" });
});
afterEach(() => temp.cleanup());

const PDF = renderSkillFile(
  { name: "pdf", description: "Use when the task reads or fills PDF forms." },
  "PDF BODY: run scripts/fill.py.\n",
);

/** `pdf` with a script, copied byte for byte into each of `roots` (below `base`). */
async function copies(base: string, roots: readonly string[]): Promise<string[]> {
  for (const root of roots) {
    await temp.write({
      [`${base}/${root}/pdf/SKILL.md`]: PDF,
      [`${base}/${root}/pdf/scripts/fill.py`]: "print('fill')\n",
    });
  }
  return roots.map((root) => temp.join(base, root, "pdf", "SKILL.md"));
}

const PROJECT_ROOTS = [".codex/skills", ".claude/skills", ".agents/skills"];

async function open(cacheFile: string | false = false): Promise<SkillRegistry> {
  const registry = createRegistry({ cwd: temp.join("project"), env, cacheFile });
  await registry.load();
  await registry.settled();
  return registry;
}

function pdfEntries(registry: SkillRegistry) {
  return registry.entries().filter((entry) => entry.skill.name === "pdf");
}

describe("copies are one skill (SPEC §5)", () => {
  it("three identical copies in .agents, .claude and .codex are one skill: the agents copy, the rest duplicates", async () => {
    const [codex, claude, agents] = await copies("project", PROJECT_ROOTS);
    const registry = await open();
    const entries = pdfEntries(registry);
    expect(entries.map((entry) => [entry.skill.path, entry.status])).toEqual(
      expect.arrayContaining([
        [agents, "effective"],
        [claude, "duplicate"],
        [codex, "duplicate"],
      ]),
    );
    const effective = entries.find((entry) => entry.status === "effective")!;
    // Provider order: agents, then the others in table order (claude before codex).
    expect(effective.alsoIn).toEqual([claude, codex]);
    for (const duplicate of entries.filter((entry) => entry.status === "duplicate")) {
      expect(duplicate.duplicateOf).toBe(effective.skill.id);
    }
    const found = registry.lookup("pdf");
    expect(found.kind === "found" && found.entry.skill.path).toBe(agents);
    // A path still reaches a duplicate itself.
    const byPath = registry.lookup(claude!);
    expect(byPath.kind === "found" && byPath.entry.status).toBe("duplicate");
    expect(registry.diagnostics().filter((found) => found.code === "ambiguous")).toEqual([]);
    expect(registry.diagnostics().filter((found) => found.code === "duplicate")).toHaveLength(2);
  });

  it("one skill everywhere: catalog, search, mentions, skill_load", async () => {
    const [, , agents] = await copies("project", PROJECT_ROOTS);
    const skills = await createSkillset({ cwd: temp.join("project"), env, cacheFile: false });
    try {
      const session = skills.session();
      const catalog = session.systemPrompt();
      expect(catalog.split("/pdf/SKILL.md")).toHaveLength(2);
      expect(catalog).toContain(agents);

      const search = createSkillSearch(skills.registry.entries());
      const results = search.search("pdf forms");
      expect(results.filter((result) => result.name === "pdf")).toHaveLength(1);

      const turn = await session.prepareTurn("$pdf fill the form", { source: "user" });
      expect(turn.activations.map((activation) => activation.skill.path)).toEqual([agents]);

      const load = skills
        .session()
        .tools()
        .find((tool) => tool.name === "skill_load") as SkillTool;
      const loaded = await load.handler({ name: "pdf" });
      expect(loaded.isError ?? false).toBe(false);
      expect(loaded.text).toContain("PDF BODY");
    } finally {
      await skills.close();
    }
  });

  it("the same in user scope", async () => {
    const paths = await copies("home", [".codex/skills", ".claude/skills", ".agents/skills"]);
    const registry = await open();
    const entries = pdfEntries(registry);
    expect(entries.map((entry) => entry.status).sort()).toEqual(["duplicate", "duplicate", "effective"]);
    expect(entries.every((entry) => entry.skill.scope === "user")).toBe(true);
    const found = registry.lookup("pdf");
    expect(found.kind === "found" && found.entry.skill.path).toBe(paths[2]);
  });

  it("copies that differ stay ambiguous, and the message names the differing file and both fixes", async () => {
    const [codex, claude, agents] = await copies("project", PROJECT_ROOTS);
    await temp.write({ "project/.codex/skills/pdf/scripts/fill.py": "print('changed')\n" });
    const registry = await open();
    const entries = pdfEntries(registry);
    // The two equal copies are one skill; it and the different one are ambiguous.
    expect(entries.map((entry) => [entry.skill.path, entry.status])).toEqual(
      expect.arrayContaining([
        [agents, "ambiguous"],
        [claude, "duplicate"],
        [codex, "ambiguous"],
      ]),
    );
    expect(registry.lookup("pdf").kind).toBe("ambiguous");
    const message = registry.diagnostics().find((found) => found.code === "ambiguous")!.message;
    expect(message).toContain("their folders differ in scripts/fill.py, so");
    expect(message).toContain("replace the others with links to it");
    expect(message).toContain("remove all but one");
  });

  it("a copy edited after a cached load is compared again (digests are kept by folder stamps)", async () => {
    await copies("project", [".claude/skills", ".agents/skills"]);
    const minuteAgo = new Date(Date.now() - 60_000);
    for (const root of [".claude/skills", ".agents/skills"]) {
      for (const file of ["SKILL.md", "scripts/fill.py"]) {
        await utimes(temp.join("project", root, "pdf", file), minuteAgo, minuteAgo);
      }
    }
    const cacheFile = temp.join("cache", "metadata.json");
    expect(
      pdfEntries(await open(cacheFile))
        .map((entry) => entry.status)
        .sort(),
    ).toEqual(["duplicate", "effective"]);
    const stored = JSON.parse(await readFile(cacheFile, "utf8")) as { folders?: unknown[] };
    expect(stored.folders).toHaveLength(2);
    await writeFile(temp.join("project/.claude/skills/pdf/scripts/fill.py"), "print('edited')\n");
    expect(pdfEntries(await open(cacheFile)).map((entry) => entry.status)).toEqual([
      "ambiguous",
      "ambiguous",
    ]);
  });

  it("identical skills in one root are not hashed: they stay ambiguous", async () => {
    await temp.write({
      "project/.agents/skills/a/SKILL.md": PDF,
      "project/.agents/skills/b/SKILL.md": PDF,
    });
    const registry = await open();
    expect(pdfEntries(registry).map((entry) => entry.status)).toEqual(["ambiguous", "ambiguous"]);
  });

  it("folder digests follow the §14 integrity rule (regular files, .git and node_modules skipped)", async () => {
    await temp.write({
      "skill/SKILL.md": PDF,
      "skill/scripts/fill.py": "x\n",
      "skill/.git/HEAD": "ignored\n",
      "skill/node_modules/m/index.js": "ignored\n",
    });
    const digest = await digestFolder(nodeFileSystem, temp.join("skill"));
    expect(digest?.integrity).toBe(
      folderIntegrity([
        { path: "SKILL.md", sha256: sha256Hex(Buffer.from(PDF)) },
        { path: "scripts/fill.py", sha256: sha256Hex(Buffer.from("x\n")) },
      ]),
    );
  });
});
