import { statSync, utimesSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { RegistryEntry } from "../registry/registry-types.js";
import { createTempDir, makeEntry, openTempRegistry, renderSkillFile } from "../test/index.js";
import { createSkillSearch } from "./create-skill-search.js";
import { splitWords } from "./search-terms.js";

const entries: RegistryEntry[] = [
  makeEntry({ skill: { name: "pdf", description: "Read and fill PDF forms." } }),
  makeEntry({ skill: { name: "pdf-editor", description: "Edit PDF documents." } }),
  makeEntry({ skill: { name: "imageOptimizer", description: "Compress pictures for the web." } }),
  makeEntry({ skill: { name: "pdf", scope: "user", description: "User pdf." }, status: "shadowed" }),
  makeEntry({ skill: { name: "secret", description: "Disabled PDF helper." }, enabled: false }),
  makeEntry({
    skill: {
      name: "deploy",
      description: "Ship it.",
      invocation: { model: false, user: true },
      frontmatter: { extra: { tags: ["release", "production"] }, raw: {} },
    },
  }),
  makeEntry({ skill: { name: "fix-ci", namespace: "github", description: "Repair failing checks." } }),
];

const names = (results: { name: string }[]) => results.map((result) => result.name);

describe("createSkillSearch", () => {
  it("ranks exact name, then prefix, then text, and keeps hidden skills out", () => {
    const search = createSkillSearch(entries);
    const results = search.search("pdf");
    expect(results.map(({ name, reason }) => [name, reason])).toEqual([
      ["pdf", "exact_name"],
      ["pdf-editor", "prefix"],
    ]);
  });

  it("includes disabled, shadowed and user-only skills with `all`, and filters by scope", () => {
    const search = createSkillSearch(entries);
    expect(names(search.search("pdf", { all: true }))).toEqual(["pdf", "pdf", "pdf-editor", "secret"]);
    expect(names(search.search("pdf", { all: true, scope: "user" }))).toEqual(["pdf"]);
    expect(names(search.search("production", { all: true }))).toEqual(["deploy"]);
    expect(search.search("production")).toEqual([]);
  });

  it("matches an exact path first", () => {
    const search = createSkillSearch(entries, { cwd: "/skills" });
    expect(search.search("/skills/repo/pdf-editor/SKILL.md")[0]).toMatchObject({
      name: "pdf-editor",
      reason: "exact_path",
    });
    expect(search.search("repo/pdf-editor")[0]).toMatchObject({ name: "pdf-editor", reason: "exact_path" });
  });

  it("answers path queries from the entries of the moment, however many path queries came before", () => {
    const search = createSkillSearch(entries, { cwd: "/skills" });
    // The lookup behind a path query keeps its tables while the entries stay the same (a query holding a
    // `/` rebuilt them over every entry): they must not outlive a change.
    for (let round = 0; round < 4; round++)
      expect(search.search("repo/pdf-editor")[0]).toMatchObject({ name: "pdf-editor", reason: "exact_path" });
    const editor = entries[1]!;
    const moved = {
      ...editor,
      skill: {
        ...editor.skill,
        path: "/skills/moved/pdf-editor/SKILL.md",
        dir: "/skills/moved/pdf-editor",
        id: "/skills/moved/pdf-editor/SKILL.md",
        realDir: "/skills/moved/pdf-editor",
      },
    };
    search.apply({ type: "removed", entry: editor });
    expect(search.search("repo/pdf-editor").filter((result) => result.reason === "exact_path")).toEqual([]);
    search.apply({ type: "added", entry: moved });
    expect(search.search("moved/pdf-editor")[0]).toMatchObject({ name: "pdf-editor", reason: "exact_path" });
    search.sync([...entries]);
    expect(search.search("repo/pdf-editor")[0]).toMatchObject({ name: "pdf-editor", reason: "exact_path" });
    expect(search.search("moved/pdf-editor").filter((result) => result.reason === "exact_path")).toEqual([]);
  });

  it("syncing the array it was made from after events brings the index back to that array", () => {
    const search = createSkillSearch(entries);
    search.apply({ type: "removed", entry: entries[0]! });
    search.apply({
      type: "added",
      entry: makeEntry({ skill: { name: "notes", description: "Release notes." } }),
    });
    expect(names(search.search("release"))).toEqual(["notes"]);
    search.sync(entries);
    expect(search.size).toBe(entries.length);
    expect(names(search.search("release"))).toEqual([]);
    expect(names(search.search(entries[0]!.skill.name))[0]).toBe(entries[0]!.skill.name);
  });

  it("finds every copy of a skill through the one document their text shares, and follows each copy's changes", () => {
    const copy = (
      scope: "repo" | "user" | "admin",
      dir: string,
      description = "Shrink images for the web.",
    ) =>
      makeEntry({
        skill: { name: "shrink", scope, dir, path: `${dir}/SKILL.md`, id: `${dir}/SKILL.md`, description },
      });
    const copies = [
      copy("repo", "/p/.claude/skills/shrink"),
      copy("repo", "/p/.agents/skills/shrink"),
      copy("user", "/h/.agents/skills/shrink"),
    ];
    const search = createSkillSearch([...copies, entries[0]!]);
    const found = (query: string) =>
      search
        .search(query, { limit: 10, all: true })
        .map((result) => result.path)
        .sort();
    // Copies are one result (the best-placed one); with the text changed in one, that one stands apart.
    expect(found("images web")).toEqual(["/p/.agents/skills/shrink/SKILL.md"]);
    search.apply({
      type: "changed",
      entry: copy("repo", "/p/.claude/skills/shrink", "Resize photos quickly."),
    });
    expect(found("photos")).toEqual(["/p/.claude/skills/shrink/SKILL.md"]);
    expect(found("images web")).toEqual(["/p/.agents/skills/shrink/SKILL.md"]);
    // The other copies leave one by one; the text is found until the last of them goes.
    search.apply({ type: "removed", entry: copies[1]! });
    expect(found("images web")).toEqual(["/h/.agents/skills/shrink/SKILL.md"]);
    search.apply({ type: "removed", entry: copies[2]! });
    expect(found("images web")).toEqual([]);
    expect(found("photos")).toEqual(["/p/.claude/skills/shrink/SKILL.md"]);
    expect(search.size).toBe(2);
  });

  it("splits names on - _ : and camelCase, and finds namespaced names", () => {
    expect(splitWords("imageOptimizer HTMLParser snake_case ns:name")).toEqual([
      "imageOptimizer",
      "image",
      "Optimizer",
      "HTMLParser",
      "HTML",
      "Parser",
      "snake",
      "case",
      "ns",
      "name",
    ]);
    const search = createSkillSearch(entries);
    expect(search.search("optimizer")[0]).toMatchObject({ name: "imageOptimizer", reason: "text" });
    expect(search.search("github:fix-ci")[0]).toMatchObject({ name: "github:fix-ci", reason: "exact_name" });
    expect(search.search("fix-ci")[0]).toMatchObject({ name: "github:fix-ci", reason: "exact_name" });
    expect(search.search("failing checks")[0]?.name).toBe("github:fix-ci");
  });

  it("stems, takes the last word as a prefix, and forgives a typo in a long word", () => {
    const search = createSkillSearch(entries);
    expect(names(search.search("compressing"))).toEqual(["imageOptimizer"]);
    expect(names(search.search("pictu"))).toEqual(["imageOptimizer"]);
    expect(names(search.search("documants"))).toEqual(["pdf-editor"]);
  });

  it("forgives one typo in a word as written, even when its stem is two edits from the typo", () => {
    // `testing` is indexed as `test`: `testng` (a letter left out) is one edit from the word, two from
    // the stem; so are `tesing`, `tetsing` and `testign`.
    const settings = [
      makeEntry({ skill: { name: "tests", description: "Helps with testing. Use when testing." } }),
      makeEntry({ skill: { name: "other", description: "Tends to nesting pages." } }),
    ];
    const search = createSkillSearch(settings);
    for (const query of ["testing", "testng", "tesing", "tetsing", "testign", "write testng docs"]) {
      expect(names(search.search(query))[0], query).toBe("tests");
    }
    // A word spelled right is not widened (`nesting` finds only what holds it).
    expect(names(search.search("nesting"))).toEqual(["other"]);
  });

  it("takes the last word as a prefix of the words as written, even past their stem", () => {
    // `precedence` is indexed as `preced` and `preparing` as `prepar`: `preceden` and `preparin` begin the
    // words but not their stems, and are too far from the stems for a typo.
    const settings = [
      makeEntry({ skill: { name: "order", description: "Explains the precedence of settings." } }),
      makeEntry({ skill: { name: "release", description: "Helps when preparing a release." } }),
      makeEntry({ skill: { name: "other", description: "Precept and preface." } }),
    ];
    const search = createSkillSearch(settings);
    for (const query of ["precedence", "preceden", "the precedence of setti"]) {
      expect(names(search.search(query)), query).toEqual(["order"]);
    }
    for (const query of ["preparing", "prepari", "preparin", "release preparin"]) {
      expect(names(search.search(query)), query).toEqual(["release"]);
    }
    // Only the last word is a prefix; a word before it must be whole (or one typo from a whole word:
    // `preparin` is one letter from `preparing`).
    expect(names(search.search("preceden settings"))).toEqual(["order"]);
    expect(search.search("prep settings")).toEqual(search.search("settings"));
  });

  it("updates incrementally from watch events", () => {
    const search = createSkillSearch(entries);
    const added = makeEntry({ skill: { name: "spreadsheet", description: "Excel workbooks." } });
    search.apply({ type: "added", entry: added });
    expect(names(search.search("excel"))).toEqual(["spreadsheet"]);
    const changed = { ...added, skill: { ...added.skill, description: "Numbers and charts." } };
    search.apply({ type: "changed", entry: changed });
    expect(search.search("excel")).toEqual([]);
    expect(names(search.search("charts"))).toEqual(["spreadsheet"]);
    search.apply({ type: "changed", entry: { ...changed, enabled: false } });
    expect(search.search("charts")).toEqual([]);
    search.apply({ type: "removed", entry: changed });
    expect(search.search("charts", { all: true })).toEqual([]);
    expect(search.search("spreadsheet", { all: true })).toEqual([]);
    expect(search.size).toBe(entries.length);
  });

  it("syncs with a new snapshot, re-indexing only what changed", () => {
    const search = createSkillSearch(entries);
    const next = [
      ...entries.slice(1),
      makeEntry({ skill: { name: "notes", description: "Release notes." } }),
    ];
    search.sync(next);
    expect(search.size).toBe(next.length);
    expect(names(search.search("release"))).toEqual(["notes"]);
    expect(names(search.search("pdf")).includes("pdf")).toBe(false);
  });

  it("answers empty, punctuation-only, emoji and huge queries without failing", () => {
    const search = createSkillSearch(entries);
    expect(search.search("")).toEqual([]);
    expect(search.search("?!…")).toEqual([]);
    expect(search.search("🚀🔥")).toEqual([]);
    expect(names(search.search(`edit ${"x".repeat(1_000_000)}`))).toEqual(["pdf-editor"]);
  });

  it("limits results to the configured maximum", () => {
    const search = createSkillSearch(entries, { config: { defaultLimit: 1, maxLimit: 2 } });
    expect(search.search("pdf", { all: true })).toHaveLength(1);
    expect(search.search("pdf", { all: true, limit: 10 })).toHaveLength(2);
  });
});

describe("createSkillSearch with a cache file", () => {
  it("writes the index, loads it for the same skills, and rebuilds when a skill changed", async () => {
    const { createTempDir } = await import("../test/index.js");
    const { existsSync, statSync } = await import("node:fs");
    const temp = await createTempDir("skillset-search-cache-");
    try {
      const cacheFile = temp.join("cache", "search-x.json");
      const first = createSkillSearch(entries, { cacheFile });
      expect(existsSync(cacheFile)).toBe(true);
      const written = statSync(cacheFile).mtimeMs;
      const loaded = createSkillSearch(entries, { cacheFile });
      expect(statSync(cacheFile).mtimeMs).toBe(written);
      for (const query of ["pdf", "compressing", "documants", "failing checks", "failin"]) {
        expect(loaded.search(query, { all: true })).toEqual(first.search(query, { all: true }));
        const one = createSkillSearch(entries, { cacheFile, onlyQuery: query });
        expect(one.search(query, { all: true }), query).toEqual(first.search(query, { all: true }));
      }
      expect(names(loaded.search("failin"))).toEqual(["github:fix-ci"]);
      const changed = entries.map((entry, at) =>
        at === 1
          ? { ...entry, skill: { ...entry.skill, mtimeMs: 5, description: "Sign contracts." } }
          : entry,
      );
      const rebuilt = createSkillSearch(changed, { cacheFile });
      expect(names(rebuilt.search("contracts"))).toEqual(["pdf-editor"]);
      expect(createSkillSearch(changed, { cacheFile }).search("contracts")).toHaveLength(1);
    } finally {
      await temp.cleanup();
    }
  });

  it("rebuilds after an edit that keeps SKILL.md's size and mtime (touch -d, cp -p)", async () => {
    const temp = await createTempDir("skillset-search-cache-stamp-");
    try {
      const cacheFile = temp.join("cache", "search-x.json");
      const file = await temp.writeSkill("project/.agents/skills/fruit", {
        name: "fruit",
        description: "Use for apples.",
      });
      // A whole millisecond, which utimes can set again exactly.
      const minuteAgo = new Date(Date.now() - 60_000);
      utimesSync(file, minuteAgo, minuteAgo);
      const { mtimeMs, size } = statSync(file);
      const before = createSkillSearch((await openTempRegistry(temp)).entries(), { cacheFile });
      expect(names(before.search("apples"))).toEqual(["fruit"]);

      writeFileSync(file, renderSkillFile({ name: "fruit", description: "Use for melons." }));
      utimesSync(file, minuteAgo, minuteAgo);
      expect(statSync(file)).toMatchObject({ mtimeMs, size });
      const edited = await openTempRegistry(temp);
      const after = createSkillSearch(edited.entries(), { cacheFile });
      expect(names(after.search("melons"))).toEqual(["fruit"]);
      expect(after.search("apples")).toEqual([]);
      // Written again for the new text, then loaded by a one-query index.
      const one = createSkillSearch(edited.entries(), { cacheFile, onlyQuery: "melons" });
      expect(names(one.search("melons"))).toEqual(["fruit"]);
    } finally {
      await temp.cleanup();
    }
  });
});
