import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolveMentions } from "../mentions/index.js";
import { createRegistry } from "../registry/index.js";
import type { RegistryEntry } from "../registry/registry-types.js";
import { createTempProject, isolatedEnv, makeEntry, type TempDir } from "../test/index.js";
import { completeMention } from "./complete-mention.js";

/** A fixed set covering every ranking tier, namespaces, ambiguity, state and invocation. */
function fixedSet(): RegistryEntry[] {
  return [
    makeEntry({ skill: { name: "systematic-debugging", description: "Find the root cause before fixing." } }),
    makeEntry({ skill: { name: "root-cause-debugging", scope: "user" } }),
    makeEntry({ skill: { name: "systematic-debugging", namespace: "superpowers", scope: "plugin" } }),
    makeEntry({ skill: { name: "test-driven-development" } }),
    makeEntry({ skill: { name: "sd-card" } }),
    makeEntry({ skill: { name: "sd" } }),
    makeEntry({ skill: { name: "gh-fix-ci", namespace: "github", scope: "plugin" } }),
    makeEntry({ skill: { name: "aleph", description: "Search the planning doc." }, enabled: false }),
    makeEntry({ skill: { name: "model-only", invocation: { model: true, user: false } } }),
    makeEntry({ skill: { name: "old-debugging", scope: "user" }, status: "shadowed" }),
    makeEntry({ skill: { name: "pdf", path: "/a/pdf/SKILL.md", dir: "/a/pdf" }, status: "ambiguous" }),
    makeEntry({ skill: { name: "pdf", path: "/b/my pdf/SKILL.md", dir: "/b/my pdf" }, status: "ambiguous" }),
    makeEntry({ skill: { name: "résumé-writer" } }),
    makeEntry({ skill: { name: "数据-分析" } }),
    makeEntry({ skill: { name: "home", path: "/h/home/SKILL.md" } }),
    makeEntry({ skill: { name: "deploy", description: "Ship releases to production safely." } }),
  ];
}

/** Completion at the `|` in `marked`. */
function complete(marked: string, entries: readonly RegistryEntry[], options = {}) {
  return completeMention(marked.replace("|", ""), marked.indexOf("|"), entries, options);
}

function labels(marked: string, entries: readonly RegistryEntry[], options = {}) {
  return complete(marked, entries, options)?.candidates.map((c) => `${c.label}:${c.match}`);
}

describe("completeMention", () => {
  it("ranks exact, prefix, word boundary, subsequence, then description", () => {
    const entries = fixedSet();
    expect(labels("$sd|", entries)).toEqual([
      "sd:exact",
      "sd-card:prefix",
      "systematic-debugging:word",
      "superpowers:systematic-debugging:word",
      "root-cause-debugging:subsequence",
      "test-driven-development:subsequence",
    ]);
    expect(labels("$ship|", entries)).toEqual(["deploy:description"]);
    expect(labels("$deb|", entries)).toEqual([
      "root-cause-debugging:word",
      "systematic-debugging:word",
      "superpowers:systematic-debugging:word",
    ]);
  });

  it("puts recently used skills first among equals, never above a better match", () => {
    const entries = fixedSet();
    const recent = ["test-driven-development", entries[1]!.skill.id];
    expect(labels("$sd|", entries, { recent })).toEqual([
      "sd:exact",
      "sd-card:prefix",
      "systematic-debugging:word",
      "superpowers:systematic-debugging:word",
      "test-driven-development:subsequence",
      "root-cause-debugging:subsequence",
    ]);
    const bare = complete("$|", entries, { recent: ["deploy"] })!.candidates;
    expect(bare[0]).toMatchObject({ label: "deploy", recent: true });
  });

  it("gives the replacement range, insert text and highlight positions", () => {
    const entries = fixedSet();
    const completion = complete("please $sd| now", entries)!;
    expect(completion).toMatchObject({ form: "dollar", start: 7, end: 10, query: "sd" });
    const word = completion.candidates.find((c) => c.label === "systematic-debugging")!;
    expect(word).toMatchObject({ insertText: "$systematic-debugging", positions: [0, 11], scope: "repo" });
    const text = "please $sd now";
    const inserted = text.slice(0, completion.start) + word.insertText + text.slice(completion.end);
    expect(resolveMentions(inserted, entries, { source: "user" }).visibleLines).toEqual([
      "Using skill: systematic-debugging",
    ]);
  });

  it("qualifies a name only where the bare one is ambiguous", () => {
    const entries = fixedSet();
    const byLabel = (marked: string) =>
      new Map(complete(marked, entries)!.candidates.map((c) => [c.label, c] as const));
    const systematic = byLabel("$syst|");
    expect(systematic.get("systematic-debugging")?.insertText).toBe("$systematic-debugging");
    expect(systematic.get("superpowers:systematic-debugging")?.insertText).toBe(
      "$superpowers:systematic-debugging",
    );
    expect(systematic.get("superpowers:systematic-debugging")?.positions).toEqual([12, 13, 14, 15]);
    // A namespaced skill whose bare name no other skill has is reached by the bare name.
    expect(byLabel("$gh|").get("github:gh-fix-ci")).toMatchObject({
      insertText: "$gh-fix-ci",
      ambiguous: false,
    });
    expect(byLabel("$github:g|").get("github:gh-fix-ci")).toMatchObject({
      match: "prefix",
      positions: [0, 1, 2, 3, 4, 5, 6, 7],
    });
    // Same name, same precedence: no name reaches either, so `$` inserts a linked mention.
    const pdfs = complete("$pdf|", entries)!.candidates.filter((c) => c.label === "pdf");
    expect(pdfs.map((c) => [c.insertText, c.ambiguous])).toEqual([
      ["[$pdf](/a/pdf/SKILL.md)", true],
      ["[$pdf](</b/my pdf/SKILL.md>)", true],
    ]);
    for (const pdf of pdfs) {
      const turn = resolveMentions(`${pdf.insertText} fill the form`, entries, { source: "user" });
      expect(turn.activations.map((a) => a.skill.path)).toEqual([pdf.path]);
    }
    expect(complete("/pd|", entries)!.candidates[0]).toMatchObject({ insertText: "/pdf", ambiguous: true });
    // `$home` is a shell variable, never a mention: the skill is offered as a link.
    expect(byLabel("$hom|").get("home")?.insertText).toBe("[$home](/h/home/SKILL.md)");
    expect(byLabel("skill://hom|").get("home")?.insertText).toBe("skill://home");
  });

  it("completes every form with its own insert text", () => {
    const entries = fixedSet();
    expect(complete("[$dep|", entries)!.candidates[0]).toMatchObject({
      insertText: "[$deploy](/skills/repo/deploy/SKILL.md)",
    });
    const relink = complete("[$dep|loy](/old/SKILL.md) please", entries)!;
    expect([relink.start, relink.end]).toEqual([0, 24]);
    expect(complete("/dep|", entries)!.candidates[0]?.insertText).toBe("/deploy");
    expect(complete("/skill:dep|", entries)!.candidates[0]?.insertText).toBe("/skill:deploy");
    expect(complete("see skill://dep|/references/a.md", entries)).toMatchObject({
      form: "uri",
      start: 4,
      end: 15,
    });
    expect(complete("see skill://dep|/references/a.md", entries)!.candidates[0]?.insertText).toBe(
      "skill://deploy",
    );
  });

  it("offers only user-invocable skills for $ and /, every skill for skill://", () => {
    const entries = fixedSet();
    expect(labels("$model|", entries)).toEqual([]);
    expect(labels("/model|", entries)).toEqual([]);
    expect(labels("skill://model|", entries)).toEqual(["model-only:prefix"]);
  });

  it("lists disabled skills, flagged and after enabled ones among equals; never shadowed ones", () => {
    const entries = [...fixedSet(), makeEntry({ skill: { name: "alpha" } })];
    const candidates = complete("$al|", entries)!.candidates;
    expect(candidates.map((c) => [c.label, c.disabled])).toEqual([
      ["alpha", false],
      ["aleph", true],
    ]);
    expect(labels("$old|", entries)).toEqual([]);
  });

  it("matches Unicode names and highlights them", () => {
    const entries = fixedSet();
    expect(complete("$résu|", entries)!.candidates[0]).toMatchObject({
      label: "résumé-writer",
      positions: [0, 1, 2, 3],
    });
    expect(complete("$RÉSU|", entries)!.candidates[0]?.label).toBe("résumé-writer");
    expect(complete("$分|", entries)!.candidates[0]).toMatchObject({ label: "数据-分析", match: "word" });
  });

  it("uses the text before the cursor as the query", () => {
    const entries = fixedSet();
    const completion = complete("$test|-whatever more", entries)!;
    expect(completion).toMatchObject({ start: 0, end: 14, query: "test" });
    expect(completion.candidates[0]?.label).toBe("test-driven-development");
  });

  it("returns nothing where no token is, and copes with bad input", () => {
    const entries = fixedSet();
    expect(complete("`$sd|`", entries)).toBeUndefined();
    expect(complete("```\n$sd|\n```", entries)).toBeUndefined();
    expect(complete("echo $PAT|", entries)).toBeUndefined();
    expect(completeMention("$sd", 99, entries)).toBeUndefined();
    expect(completeMention("$sd", -3, entries)).toBeUndefined();
    expect(complete("$sd|", [])).toEqual({ form: "dollar", start: 0, end: 3, query: "sd", candidates: [] });
    expect(complete("$|", entries, { limit: 3 })!.candidates).toHaveLength(3);
    expect(complete("$|", entries, { limit: -1 })!.candidates).toHaveLength(0);
    const line = `${"x".repeat(100_000)} $sy`;
    expect(completeMention(line, line.length, entries)!.candidates[0]?.label).toBe("systematic-debugging");
  });

  it("narrows from the previous keystroke and widens again after a deletion", () => {
    const entries = fixedSet();
    const typed = ["$", "$s", "$sy", "$sys", "$sy", "$s", "$t", "$te"];
    const results = typed.map((text) => complete(`${text}|`, entries)!.candidates.map((c) => c.label));
    const fresh = typed.map((text) => complete(`${text}|`, [...entries])!.candidates.map((c) => c.label));
    expect(results).toEqual(fresh);
    expect(results[5]).toEqual(results[1]);
  });
});

describe("completeMention on a real registry", () => {
  let temp: TempDir;
  beforeEach(async () => {
    temp = await createTempProject("skillset-completion-");
    await temp.write({ "home/.keep": "" });
  });
  afterEach(() => temp.cleanup());

  it("accepts the registry itself", async () => {
    await temp.writeSkill("project/.agents/skills/release-notes", {
      name: "release-notes",
      description: "Draft release notes from merged changes.",
    });
    const registry = createRegistry({ cwd: temp.join("project"), env: isolatedEnv(temp), cacheFile: false });
    await registry.load();
    const completion = completeMention("write $rn", 9, registry);
    expect(completion?.candidates[0]).toMatchObject({ label: "release-notes", match: "word", scope: "repo" });
  });
});
