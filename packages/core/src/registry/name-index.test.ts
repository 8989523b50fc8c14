import { readFileSync, writeFileSync } from "node:fs";
import { rm, symlink, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { corpusDir, hasCorpus, NEEDS_CORPUS } from "../test/corpus.js";
import { createTempDir, isolatedEnv, renderSkillFile, type TempDir } from "../test/index.js";
import { stepPastRacyWindow } from "../test/racy-window.js";
import { createRegistry } from "./create-registry.js";
import { candidateNames } from "./name-index.js";
import type { Lookup, RegistryOptions } from "./registry-types.js";

let temp: TempDir;
let env: Record<string, string>;

beforeEach(async () => {
  temp = await createTempDir("skillset-name-index-");
  env = isolatedEnv(temp);
  await temp.write({ "project/.git/HEAD": "ref: refs/heads/main\n", "home/.keep": "" });
});
afterEach(async () => {
  vi.useRealTimers();
  await temp.cleanup();
});

/** A lookup as plain data: what `load`, `show` and `read` print comes from these fields. */
function answer(found: Lookup): unknown {
  if (found.kind === "not-found") return found;
  const entries = found.kind === "found" ? [found.entry] : found.entries;
  return { kind: found.kind, entries: JSON.parse(JSON.stringify(entries)) };
}

/** Loads through the name index (when it proves fresh) and in full; returns both answers. */
async function both(key: string, extra: Partial<RegistryOptions> = {}) {
  const cacheFile = temp.join("cache", "metadata.json");
  const options = { cwd: temp.join("project"), env, home: temp.join("home"), ...extra };
  const fast = createRegistry({ ...options, cacheFile, oneSkill: key });
  await fast.load();
  await fast.settled();
  const full = createRegistry({ ...options, cacheFile: false });
  await full.load();
  return {
    indexed: fast.stats().fromNameIndex === true,
    fast: answer(fast.lookup(key)),
    full: answer(full.lookup(key)),
  };
}

const skill = (name: string, description: string) => renderSkillFile({ name, description });

describe("the name index (one-skill commands without the whole registry)", () => {
  it("names the candidates a lookup of a key can return", () => {
    expect(candidateNames("pdf")).toEqual(["pdf"]);
    expect(candidateNames("github:pdf")).toEqual(["github:pdf", "pdf"]);
    expect(candidateNames("pdf@user-0a1b2c3d")).toEqual(["pdf@user-0a1b2c3d", "pdf"]);
  });

  it("answers from the index only while every stamp holds, and always as the full registry does", async () => {
    const pdf = temp.join("project/.agents/skills/pdf/SKILL.md");
    await temp.write({
      "project/.agents/skills/pdf/SKILL.md": skill("pdf", "Fill PDF forms."),
      "project/.agents/skills/docx/SKILL.md": skill("docx", "Edit Word files."),
      "project/.agents/skills/deep/empty/.keep": "",
    });
    stepPastRacyWindow();
    // The first load is full (no index yet) and writes the index; the second answers from it.
    expect(await both("pdf")).toMatchObject({ indexed: false });
    const second = await both("pdf");
    expect(second).toMatchObject({ indexed: true });
    expect(second.fast).toEqual(second.full);

    // An edit that keeps size and mtime: the ctime still moves.
    const stat = await import("node:fs/promises").then((fs) => fs.stat(pdf));
    await writeFile(pdf, skill("pdf", "Fill PDF FORMS."));
    await utimes(pdf, stat.atime, stat.mtime);
    const edited = await both("pdf");
    expect(edited.indexed).toBe(false);
    expect(edited.fast).toEqual(edited.full);
    expect(JSON.stringify(edited.fast)).toContain("Fill PDF FORMS.");

    // A new same-named skill deep in a folder with no skill yet makes the name ambiguous... or shadowed.
    stepPastRacyWindow();
    await both("pdf");
    await temp.write({ "project/.agents/skills/deep/empty/pdf/SKILL.md": skill("pdf", "Another.") });
    const added = await both("pdf");
    expect(added.indexed).toBe(false);
    expect(added.fast).toEqual(added.full);
    expect(added.full).toMatchObject({ kind: "ambiguous" });

    // Renaming a skill away from the name, then deleting the other.
    stepPastRacyWindow();
    await both("pdf");
    await writeFile(
      temp.join("project/.agents/skills/deep/empty/pdf/SKILL.md"),
      skill("pdf-two", "Another."),
    );
    const renamed = await both("pdf");
    expect(renamed.indexed).toBe(false);
    expect(renamed.fast).toEqual(renamed.full);
    expect(renamed.full).toMatchObject({ kind: "found" });
    stepPastRacyWindow();
    await both("pdf");
    expect((await both("pdf")).indexed).toBe(true);
    await rm(temp.join("project/.agents/skills/pdf"), { recursive: true });
    const deleted = await both("pdf");
    expect(deleted.indexed).toBe(false);
    expect(deleted.fast).toEqual(deleted.full);
    expect(deleted.full).toEqual({ kind: "not-found" });
  }, 30_000);

  it("writes no index when a file changed after the walk began (its stamp would pair with the old names)", async () => {
    await temp.write({
      "project/.agents/skills/alpha/SKILL.md": skill("alpha", "Alpha does A."),
      "project/.agents/skills/beta/SKILL.md": skill("beta", "Beta does B."),
    });
    stepPastRacyWindow(); // the clock stands 3.1 s ahead of the files' stamps, and stays there
    await new Promise((resolve) => setTimeout(resolve, 200));
    const cacheFile = temp.join("cache", "metadata.json");
    const options = { cwd: temp.join("project"), env, home: temp.join("home"), cacheFile };
    const first = createRegistry({ ...options, oneSkill: "alpha" });
    await first.load();
    // Before its cache and index are written, a slow machine lets another process rename beta to alpha,
    // and time passes.
    vi.setSystemTime(Date.now() + 5_000);
    writeFileSync(temp.join("project/.agents/skills/beta/SKILL.md"), skill("alpha", "Beta does B."));
    await first.settled();
    const after = await both("alpha");
    expect(after.fast).toEqual(after.full);
    expect(after.full).toMatchObject({ kind: "ambiguous" });
  });

  it("a same-named skill in another root and a disabled skill are seen at once", async () => {
    await temp.write({ "project/.agents/skills/pdf/SKILL.md": skill("pdf", "Fill PDF forms.") });
    stepPastRacyWindow();
    await both("pdf");
    expect((await both("pdf")).indexed).toBe(true);
    // Another root: a root that did not exist has no stamp but its absence.
    await temp.write({ "home/.agents/skills/pdf/SKILL.md": skill("pdf", "User copy.") });
    const other = await both("pdf");
    expect(other.indexed).toBe(false);
    expect(other.fast).toEqual(other.full);
    stepPastRacyWindow();
    await both("pdf");
    const indexed = await both("pdf");
    expect(indexed.indexed).toBe(true);
    expect(indexed.fast).toEqual(indexed.full);
    // Disabled: the state file is read on every load, index or not.
    const registry = createRegistry({
      cwd: temp.join("project"),
      env,
      home: temp.join("home"),
      cacheFile: false,
    });
    await registry.setEnabled("pdf", false);
    const disabled = await both("pdf");
    expect(disabled.fast).toEqual(disabled.full);
    expect(JSON.stringify(disabled.full)).toContain('"enabled":false');
  }, 30_000);

  it("a root that is a link is proven by its real path: pointed elsewhere, the index is not used", async () => {
    // Two folders alike in every name and path; the root link moves from one to the other.
    await temp.write({
      "store/a/pdf/SKILL.md": skill("pdf", "Fill PDF forms (a)."),
      "store/b/pdf/SKILL.md": skill("pdf", "Fill PDF forms (b)."),
      "project/.agents/.keep": "",
    });
    const link = temp.join("project/.agents/skills");
    await symlink(temp.join("store/a"), link);
    stepPastRacyWindow();
    await both("pdf");
    const first = await both("pdf");
    expect(first.indexed).toBe(true);
    expect(JSON.stringify(first.fast)).toContain("(a)");
    await rm(link);
    await symlink(temp.join("store/b"), link);
    stepPastRacyWindow();
    const moved = await both("pdf");
    expect(moved.indexed).toBe(false);
    expect(moved.fast).toEqual(moved.full);
    expect(JSON.stringify(moved.fast)).toContain("(b)");
  }, 30_000);

  it("stats a linked root's folders once: reached through the link and by real path, they are one file", async () => {
    await temp.write({
      "store/pdf/SKILL.md": skill("pdf", "Fill PDF forms."),
      "store/docx/SKILL.md": skill("docx", "Edit Word files."),
      "project/.agents/.keep": "",
    });
    await symlink(temp.join("store"), temp.join("project/.agents/skills"));
    // A warm walk (as after `skillset list`) stats each folder by its real path to reuse its listing.
    const list = createRegistry({
      cwd: temp.join("project"),
      env,
      home: temp.join("home"),
      cacheFile: temp.join("cache", "metadata.json"),
    });
    await list.load();
    await list.settled();
    stepPastRacyWindow();
    await both("pdf");
    const header = JSON.parse(
      readFileSync(temp.join("cache", "metadata.names.json"), "utf8").split("\n")[0]!,
    );
    const paths: string[] = header.paths;
    expect(new Set(paths).size).toBe(paths.length);
    // Below the root, by its index: never again by the real path the walk also reached them by.
    expect(paths.filter((path) => path.startsWith(`${temp.join("store")}/`))).toEqual([]);
    expect(paths.filter((path) => /^\d+\/(pdf|docx)$/.test(path))).toHaveLength(2);
    // And the proof still holds, then breaks on an edit in place under the real path.
    expect((await both("pdf")).indexed).toBe(true);
    writeFileSync(temp.join("store/pdf/SKILL.md"), skill("pdf", "Fill PDF forms, edited."));
    stepPastRacyWindow();
    const edited = await both("pdf");
    expect(edited.indexed).toBe(false);
    expect(JSON.stringify(edited.fast)).toContain("edited");
  }, 30_000);

  it("finds a name whose text needs escaping in the index's lines (quotes, tabs, a newline)", async () => {
    const odd = 'say "hi"\tthen\nleave';
    await temp.write({
      "project/.agents/skills/odd/SKILL.md": `---\nname: ${JSON.stringify(odd)}\ndescription: Odd name.\n---\n\nBody.\n`,
      "project/.agents/skills/pdf/SKILL.md": skill("pdf", "Fill PDF forms."),
    });
    stepPastRacyWindow();
    await both(odd);
    const second = await both(odd);
    expect(second.fast).toEqual(second.full);
    expect((await both("pdf")).indexed).toBe(true);
  }, 30_000);

  it("answers a name typed in another Unicode form from the index, as the full registry does", async () => {
    // SPEC §4: names compare after NFKC. One skill writes its name composed, one decomposed.
    await temp.write({
      "project/.agents/skills/caf\u00e9/SKILL.md": skill("caf\u00e9", "Brew coffee."),
      "project/.agents/skills/na\u00efve/SKILL.md": skill("nai\u0308ve", "Keep it plain."),
    });
    stepPastRacyWindow();
    await both("caf\u00e9");
    for (const key of ["cafe\u0301", "caf\u00e9", "na\u00efve", "nai\u0308ve"]) {
      const found = await both(key);
      expect(found, key).toMatchObject({ indexed: true });
      expect(found.fast).toEqual(found.full);
      expect(found.fast, key).toMatchObject({ kind: "found" });
    }
  });

  it("answers several names at once (a message's mentions) only when every one finds its skill", async () => {
    await temp.write({
      "project/.agents/skills/pdf/SKILL.md": skill("pdf", "Fill PDF forms."),
      "project/.agents/skills/docx/SKILL.md": skill("docx", "Edit Word files."),
      "project/.agents/skills/xlsx/SKILL.md": skill("xlsx", "Edit sheets."),
    });
    stepPastRacyWindow();
    const cacheFile = temp.join("cache", "metadata.json");
    const options = { cwd: temp.join("project"), env, home: temp.join("home"), cacheFile };
    const open = async (oneSkill: string[]) => {
      const registry = createRegistry({ ...options, oneSkill });
      await registry.load();
      await registry.settled();
      return registry;
    };
    await open(["pdf", "docx"]);
    const full = createRegistry({ ...options, cacheFile: false });
    await full.load();
    const both = await open(["pdf", "docx"]);
    expect(both.stats().fromNameIndex).toBe(true);
    expect(
      both
        .entries()
        .map((entry) => entry.skill.name)
        .sort(),
    ).toEqual(["docx", "pdf"]);
    for (const name of ["pdf", "docx"]) expect(answer(both.lookup(name))).toEqual(answer(full.lookup(name)));
    // One name no skill has: the whole registry, as for one name.
    const unknown = await open(["pdf", "nope"]);
    expect(unknown.stats().fromNameIndex).toBeUndefined();
    expect(unknown.entries().length).toBe(full.entries().length);
  }, 30_000);

  it.skipIf(!hasCorpus())(
    `over the whole corpus as roots, every sampled name and every shared one answers as the full registry ${NEEDS_CORPUS}`,
    async () => {
      const corpus = corpusDir();
      const flags = { discovery: { customDirs: [join(corpus, "official"), join(corpus, "wild"), corpus] } };
      const full = createRegistry({
        cwd: temp.join("project"),
        env,
        home: temp.join("home"),
        cacheFile: false,
        flags,
      });
      await full.load();
      const byName = new Map<string, number>();
      for (const { skill: each } of full.entries()) byName.set(each.name, (byName.get(each.name) ?? 0) + 1);
      const names = [...byName.keys()].sort();
      const shared = names.filter((name) => (byName.get(name) ?? 0) > 1);
      const step = Math.max(1, Math.floor(names.length / 500));
      const sample = new Set([...names.filter((_, index) => index % step === 0), ...shared]);
      expect(sample.size).toBeGreaterThanOrEqual(Math.min(500, names.length));
      expect(shared.length).toBeGreaterThan(0);
      const cacheFile = temp.join("cache", "metadata.json");
      const options = { cwd: temp.join("project"), env, home: temp.join("home"), cacheFile, flags };
      const writer = createRegistry({ ...options, oneSkill: "no-such-skill" });
      await writer.load();
      await writer.settled();
      let indexed = 0;
      for (const name of sample) {
        const fast = createRegistry({ ...options, oneSkill: name });
        await fast.load();
        await fast.settled();
        if (fast.stats().fromNameIndex) indexed += 1;
        expect(answer(fast.lookup(name)), name).toEqual(answer(full.lookup(name)));
      }
      // Ambiguous names fall back to the full load; every other name answered from the index.
      expect(indexed).toBeGreaterThan(sample.size / 2);
    },
    240_000,
  );
});
