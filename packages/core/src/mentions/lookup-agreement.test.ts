import { existsSync } from "node:fs";
import { symlink } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultConfig } from "../config/config-schema.js";
import { createRegistry } from "../registry/create-registry.js";
import type { SkillRegistry } from "../registry/registry-types.js";
import { suggestSkills } from "../registry/skill-lookup.js";
import { corpusDir, NEEDS_CORPUS } from "../test/corpus.js";
import { createTempProject, isolatedEnv, type TempDir } from "../test/index.js";
import { resolveMentions } from "./resolve-mentions.js";
import { scanMentions } from "./scan-mentions.js";

// SPEC §5, §8: `show NAME` / `enable NAME` (registry.lookup) and `$NAME` resolve a name the same way.
// A realistic tree from the shared corpus: official and wild skills as custom roots, and OpenAI's
// curated skills as the plugin `github`, so bare names of namespaced skills (`gh-fix-ci`) are exercised.
const corpus = corpusDir();
const missing = existsSync(corpus) ? false : `no corpus at ${corpus}`;

describe.skipIf(missing)(
  `one lookup for registry.lookup and $mentions, over the corpus ${NEEDS_CORPUS}`,
  () => {
    let temp: TempDir;
    let registry: SkillRegistry;

    beforeAll(async () => {
      temp = await createTempProject("skillset-lookup-agreement-");
      await temp.write({
        "home/.keep": "",
        "plugins/github/.claude-plugin/plugin.json": JSON.stringify({ name: "github" }),
      });
      await symlink(join(corpus, "official/openai/skills/.curated"), temp.join("plugins/github/skills"));
      const discovery = {
        ...defaultConfig.discovery,
        customDirs: ["anthropics/skills", "superpowers/skills"].map((dir) => join(corpus, "official", dir)),
        pluginDirs: [temp.join("plugins")],
      };
      discovery.customDirs.push(join(corpus, "wild"));
      registry = createRegistry({
        cwd: temp.join("project"),
        env: isolatedEnv(temp),
        cacheFile: false,
        config: { ...defaultConfig, discovery },
      });
      await registry.load();
    }, 60_000);
    afterAll(() => temp?.cleanup());

    it("gives every name the same answer", () => {
      const entries = registry.entries();
      const names = new Set(entries.flatMap(({ skill }) => [skill.name, skill.qualifiedName]));
      const disagreements: string[] = [];
      let compared = 0;
      for (const name of names) {
        const text = `$${name} now`;
        // Names a `$` mention cannot spell (spaces, punctuation) have no mention to compare with.
        if (scanMentions(text)[0]?.id !== name) continue;
        compared++;
        const lookup = registry.lookup(name);
        const turn = resolveMentions(text, entries, { source: "user" });
        const [activated] = turn.activations;
        const codes = turn.diagnostics.map((found) => found.code);
        const agrees =
          lookup.kind === "found"
            ? activated?.skill.id === lookup.entry.skill.id ||
              turn.diagnostics.some((found) => found.path === lookup.entry.skill.path)
            : lookup.kind === "ambiguous"
              ? codes.includes("mention-ambiguous")
              : activated === undefined;
        if (!agrees)
          disagreements.push(`${name}: lookup ${lookup.kind}, mention ${codes.join(",") || "activated"}`);
      }
      expect(compared).toBeGreaterThan(500);
      expect(disagreements).toEqual([]);
    });

    it("finds a namespaced skill by its bare name, as `$gh-fix-ci` does", () => {
      const found = registry.lookup("gh-fix-ci");
      expect(found.kind === "found" && found.entry.skill.qualifiedName).toBe("github:gh-fix-ci");
      const turn = resolveMentions("$gh-fix-ci please", registry.entries(), { source: "user" });
      expect(turn.activations.map((activation) => activation.skill.qualifiedName)).toEqual([
        "github:gh-fix-ci",
      ]);
    });

    it("suggests the same near names for show and for a mention", () => {
      expect(suggestSkills(registry.entries(), "gh-fix")).toContain("github:gh-fix-ci");
      expect(suggestSkills(registry.entries(), "systematic-debug")).toEqual(["systematic-debugging"]);
      // Several corpus skills are named systematic-debugging: the mention names them and activates none.
      const turn = resolveMentions("$systematic-debug", registry.entries(), { source: "user" });
      expect(turn.activations).toEqual([]);
      expect(turn.diagnostics.map((found) => found.message).join("\n")).toContain("systematic-debugging");
    });
  },
);
