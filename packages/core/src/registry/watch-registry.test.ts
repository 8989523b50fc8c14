import { mkdir, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempDir, isolatedEnv, renderSkillFile, type TempDir } from "../test/index.js";
import { createRegistry } from "./create-registry.js";
import type { RegistryEvent, RegistryWatcher, SkillRegistry } from "./registry-types.js";

let temp: TempDir;
let env: Record<string, string>;
let watcher: RegistryWatcher | undefined;

beforeEach(async () => {
  temp = await createTempDir("skillset-watch-");
  env = isolatedEnv(temp);
  await temp.write({ "project/.git/HEAD": "ref: refs/heads/main\n", "home/.keep": "" });
});
afterEach(async () => {
  await watcher?.close();
  watcher = undefined;
  await temp.cleanup();
});

function open(): SkillRegistry {
  return createRegistry({ cwd: temp.join("project"), env, cacheFile: false });
}

/** What a listing shows, outside the bundled system skills. */
function snapshot(registry: SkillRegistry) {
  return registry
    .entries()
    .filter((entry) => entry.skill.scope !== "system")
    .map(
      (entry) =>
        `${entry.skill.qualifiedName} ${entry.status} ${entry.skill.path} ${entry.skill.description}`,
    );
}

/**
 * Waits until the watched registry equals a fresh load of the disk; fails after eight seconds. A deadline,
 * not a sleep: it returns as soon as the two agree (tens of ms here), but a CI machine running the whole
 * suite on two cores has been seen to need more than one second, and once more than three (a skill in a
 * root created while watching).
 */
async function matchesDisk(registry: SkillRegistry, within = 8000): Promise<string[]> {
  const fresh = open();
  await fresh.load();
  const expected = snapshot(fresh);
  const deadline = performance.now() + within;
  while (performance.now() < deadline) {
    if (JSON.stringify(snapshot(registry)) === JSON.stringify(expected)) return expected;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(snapshot(registry)).toEqual(expected);
  return expected;
}

function skillFile(name: string, description: string): string {
  return renderSkillFile({ name, description });
}

describe("registry.watch", () => {
  it("keeps the registry equal to the disk through creates, edits, renames, deletes and new roots", async () => {
    const skills = temp.join("project", ".agents", "skills");
    await temp.writeSkill("project/.agents/skills/alpha", { name: "alpha", description: "Use for alpha." });
    const registry = open();
    const events: RegistryEvent[] = [];
    watcher = await registry.watch((event) => events.push(event));
    const seen = () => events.splice(0).map((event) => `${event.type} ${event.entry.skill.qualifiedName}`);

    // A new skill folder.
    await mkdir(`${skills}/beta`);
    await writeFile(`${skills}/beta/SKILL.md`, skillFile("beta", "Use for beta."));
    expect(await matchesDisk(registry)).toHaveLength(2);
    expect(seen()).toEqual(["added beta"]);

    // An edit: re-parsed alone, reported as changed.
    const parsedBefore = registry.stats().totalParsed;
    await writeFile(`${skills}/alpha/SKILL.md`, skillFile("alpha", "Use for alpha, edited."));
    await matchesDisk(registry);
    expect(seen()).toEqual(["changed alpha"]);
    expect(registry.stats().totalParsed).toBe(parsedBefore + 1);

    // A rename of the folder: the old path goes, the new one comes.
    await rename(`${skills}/beta`, `${skills}/gamma`);
    const afterRename = await matchesDisk(registry);
    expect(afterRename.some((line) => line.includes("/gamma/SKILL.md"))).toBe(true);
    expect(seen().sort()).toEqual(["added beta", "removed beta"]);

    // A delete.
    await rm(`${skills}/alpha`, { recursive: true });
    expect(await matchesDisk(registry)).toHaveLength(1);
    expect(seen()).toEqual(["removed alpha"]);

    // A root that did not exist when watching started.
    await mkdir(temp.join("project", ".claude", "skills", "delta"), { recursive: true });
    await writeFile(
      temp.join("project", ".claude", "skills", "delta", "SKILL.md"),
      skillFile("delta", "Use for delta."),
    );
    expect(await matchesDisk(registry)).toHaveLength(2);
    expect(seen()).toEqual(["added delta"]);

    // A same-named skill in the new root makes both ambiguous: precedence is recomputed.
    await temp.writeSkill("project/.claude/skills/beta", {
      name: "beta",
      description: "Use for the other beta.",
    });
    const ambiguous = await matchesDisk(registry);
    expect(ambiguous.filter((line) => line.startsWith("beta ambiguous"))).toHaveLength(2);
    expect(seen().sort()).toEqual(["added beta", "changed beta"]);
  });

  it("picks up a new .agents/skills root in a folder that had none, and ignores node_modules", async () => {
    const registry = open();
    const events: RegistryEvent[] = [];
    watcher = await registry.watch((event) => events.push(event));
    await temp.writeSkill("project/node_modules/pkg/.agents/skills/hidden", {
      name: "hidden",
      description: "No.",
    });
    await temp.writeSkill("project/.agents/skills/fresh", { name: "fresh", description: "Use when fresh." });
    expect(await matchesDisk(registry)).toEqual([
      `fresh effective ${temp.join("project", ".agents", "skills", "fresh", "SKILL.md")} Use when fresh.`,
    ]);
    expect(events.map((event) => `${event.type} ${event.entry.skill.name}`)).toEqual(["added fresh"]);
  });

  it("follows a folder moved in whole, a root removed, and the root created again", async () => {
    await temp.writeSkill("project/.agents/skills/keep", { name: "keep", description: "Use to keep." });
    await temp.writeSkill("outside/moved/nested", { name: "nested", description: "Use when nested." });
    await temp.writeSkill("outside/moved", { name: "moved", description: "Use when moved." });
    const registry = open();
    watcher = await registry.watch();
    await rename(temp.join("outside", "moved"), temp.join("project", ".agents", "skills", "moved"));
    expect((await matchesDisk(registry)).map((line) => line.split(" ")[0])).toEqual([
      "keep",
      "moved",
      "nested",
    ]);
    await rm(temp.join("project", ".agents"), { recursive: true });
    expect(await matchesDisk(registry)).toEqual([]);
    await temp.writeSkill("project/.agents/skills/back", { name: "back", description: "Use when back." });
    expect((await matchesDisk(registry)).map((line) => line.split(" ")[0])).toEqual(["back"]);
  });

  it("follows lowercase skill.md files and an edited agents/openai.yaml", async () => {
    const skills = temp.join("project", ".agents", "skills");
    await temp.writeSkill("project/.agents/skills/ci", { name: "ci", description: "Use when CI fails." });
    const registry = open();
    const events: RegistryEvent[] = [];
    watcher = await registry.watch((event) => events.push(event));
    await mkdir(`${skills}/lower`);
    await writeFile(`${skills}/lower/skill.md`, skillFile("lower", "Use when lowercase."));
    expect((await matchesDisk(registry)).map((line) => line.split(" ")[0])).toEqual(["ci", "lower"]);
    await mkdir(`${skills}/ci/agents`);
    await writeFile(`${skills}/ci/agents/openai.yaml`, "policy:\n  allow_implicit_invocation: false\n");
    const deadline = performance.now() + 1000;
    const invocation = () => {
      const found = registry.lookup("ci");
      return found.kind === "found" ? found.entry.skill.invocation.model : undefined;
    };
    while (invocation() !== false && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 10));
    expect(invocation()).toBe(false);
    expect(events.map((event) => `${event.type} ${event.entry.skill.name}`)).toEqual([
      "added lower",
      "changed ci",
    ]);
  });

  it("sees a changed SKILL.md quickly, and stops reporting after close", async () => {
    const file = await temp.writeSkill("project/.agents/skills/fast", {
      name: "fast",
      description: "Before.",
    });
    const registry = open();
    let changed: () => void = () => {};
    const seen = new Promise<void>((resolve) => {
      changed = resolve;
    });
    const events: RegistryEvent[] = [];
    watcher = await registry.watch((event) => {
      events.push(event);
      if (event.type === "changed") changed();
    });
    const started = performance.now();
    await writeFile(file, skillFile("fast", "After."));
    await seen;
    expect(performance.now() - started).toBeLessThan(500);
    await watcher.close();
    watcher = undefined;
    events.length = 0;
    // A second registry still watching sees the next write: by the time it reports it, the closed one
    // would have too (no fixed wait).
    const witness = open();
    let witnessed: () => void = () => {};
    const seenByWitness = new Promise<void>((resolve) => {
      witnessed = resolve;
    });
    watcher = await witness.watch((event) => {
      if (event.type === "changed") witnessed();
    });
    await writeFile(file, skillFile("fast", "After close."));
    await seenByWitness;
    expect(events).toEqual([]);
    const found = registry.lookup("fast");
    expect(found.kind === "found" && found.entry.skill.description).toBe("After.");
  });

  it("reports as changed a skill a reload re-parses after an edit that kept its size and mtime", async () => {
    const alpha = await temp.writeSkill("project/.agents/skills/alpha", {
      name: "alpha",
      description: "Use for apples.",
    });
    const beta = await temp.writeSkill("project/.agents/skills/beta", {
      name: "beta",
      description: "Use for b.",
    });
    // A minute back, in whole milliseconds (which utimes sets again exactly): not racy, so trusted.
    const minuteAgo = new Date(Date.now() - 60_000);
    for (const file of [alpha, beta]) await utimes(file, minuteAgo, minuteAgo);
    const { mtimeMs, size } = await stat(alpha);
    const registry = open();
    await registry.load();
    /** The same-size edit, its mtime set back, as `touch -d` after an edit (or `cp -p`) leaves it. */
    const edit = async (description: string) => {
      await writeFile(alpha, skillFile("alpha", description));
      await utimes(alpha, minuteAgo, minuteAgo);
      expect(await stat(alpha)).toMatchObject({ mtimeMs, size });
    };
    // Edited before the watcher starts, so only the reload can tell the listener.
    await edit("Use for melons.");
    const events: RegistryEvent[] = [];
    watcher = await registry.watch((event) => events.push(event));
    const seen = () =>
      events
        .splice(0)
        .map((event) => `${event.type} ${event.entry.skill.name} ${event.entry.skill.description}`);

    await registry.reload();
    expect(seen()).toEqual(["changed alpha Use for melons."]);
    await registry.reload();
    expect(seen()).toEqual([]);
    await watcher.close();
    await edit("Use for lemons.");
    watcher = await registry.watch((event) => events.push(event));
    await registry.reload({ force: true });
    expect(seen()).toEqual(["changed alpha Use for lemons."]);
  });
});
