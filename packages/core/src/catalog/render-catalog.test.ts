import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Scope } from "../model/skill.js";
import type { RegistryEntry } from "../registry/registry-types.js";
import { makeEntry } from "../test/make-skill.js";
import { type CatalogFormatName, defaultTokenizer, renderCatalog } from "./index.js";

const tokens = (text: string) => defaultTokenizer().count(text);

const sample: RegistryEntry[] = [
  makeEntry({
    skill: {
      name: "pdf-tools",
      description: `Extract text & tables from <PDF> files.\n  Use when the user asks about "PDFs" or 'forms'.`,
    },
  }),
  makeEntry({ skill: { name: "git-helper", scope: "user", description: "Use when committing with git." } }),
  makeEntry({
    skill: {
      name: "deploy",
      namespace: "acme",
      scope: "plugin",
      description: "Use when deploying Acme apps.",
    },
  }),
];

/** `count` skills named `skill-00…` in the repo scope, each with a description of `words` words. */
function manySkills(count: number, words: number): RegistryEntry[] {
  return Array.from({ length: count }, (_, i) =>
    makeEntry({
      skill: {
        name: `skill-${String(i).padStart(2, "0")}`,
        description: Array.from({ length: words }, (_, w) => `word${(w * 7 + i) % 13}`).join(" "),
      },
    }),
  );
}

/** Tokens of the catalog of `entries` when every description is empty: the names-only minimum. */
function namesOnlyMinimum(entries: RegistryEntry[], format: CatalogFormatName = "xml"): number {
  const bare = entries.map((entry) => ({ ...entry, skill: { ...entry.skill, description: "" } }));
  return renderCatalog(bare, { format, budgetTokens: 1_000_000 }).tokens;
}

describe("renderCatalog formats", () => {
  it("renders the Agent Skills xml format, every value escaped, one tag or value per line", () => {
    const result = renderCatalog(sample, { format: "xml" });
    expect(result.text).toMatchInlineSnapshot(`
      "<available_skills>
      <skill>
      <name>
      pdf-tools
      </name>
      <description>
      Extract text &amp; tables from &lt;PDF&gt; files. Use when the user asks about &quot;PDFs&quot; or &#x27;forms&#x27;.
      </description>
      <location>
      /skills/repo/pdf-tools/SKILL.md
      </location>
      </skill>
      <skill>
      <name>
      git-helper
      </name>
      <description>
      Use when committing with git.
      </description>
      <location>
      /skills/user/git-helper/SKILL.md
      </location>
      </skill>
      <skill>
      <name>
      acme:deploy
      </name>
      <description>
      Use when deploying Acme apps.
      </description>
      <location>
      /skills/plugin/acme/deploy/SKILL.md
      </location>
      </skill>
      </available_skills>"
    `);
    expect(result.fits).toBe(true);
    expect(result.tokens).toBe(tokens(result.text));
    expect(result.listed).toEqual([
      "/skills/repo/pdf-tools/SKILL.md",
      "/skills/user/git-helper/SKILL.md",
      "/skills/plugin/acme/deploy/SKILL.md",
    ]);
  });

  it("renders the markdown format with the how-to block", () => {
    expect(renderCatalog(sample, { format: "markdown" }).text).toMatchInlineSnapshot(`
      "## Skills
      A skill is a folder of instructions, scripts and reference files for one kind of task, entered through its \`SKILL.md\`. The skills available in this session are listed below: each with a description of when to use it and the path of its \`SKILL.md\`.

      ### How to use skills
      - Use a skill when the task matches its description, or when the user names it with \`$name\` (\`$namespace:name\` for a namespaced skill).
      - Progressive disclosure: open the skill's \`SKILL.md\` and follow it; read only as much as the task needs.
      - Resolve relative paths in a skill against the skill's directory (the folder that holds its \`SKILL.md\`).
      - Load only the referenced files (e.g. under \`references/\`) that the task needs; never load a whole skill folder.
      - Prefer running the skill's bundled scripts (under \`scripts/\`) over retyping their code, and reuse its templates and assets.
      - If a skill cannot be read, say so briefly and carry on without it.

      ### Available skills
      - pdf-tools: Extract text & tables from <PDF> files. Use when the user asks about "PDFs" or 'forms'. (file: /skills/repo/pdf-tools/SKILL.md)
      - git-helper: Use when committing with git. (file: /skills/user/git-helper/SKILL.md)
      - acme:deploy: Use when deploying Acme apps. (file: /skills/plugin/acme/deploy/SKILL.md)"
    `);
  });

  it("renders the context format with usage rules and truncated=false", () => {
    expect(renderCatalog(sample, { format: "context" }).text).toMatchInlineSnapshot(`
      "<skills_context truncated="false">
      <skills_usage>
      <rule>Each skill below is a folder of instructions for one kind of task; its path is the skill's SKILL.md.</rule>
      <rule>When a task matches a skill's description, or the user names it with $name, load the skill before you start: call skill_load with its name or path, or open its SKILL.md.</rule>
      <rule>Relative paths in a skill resolve against the skill's directory. Load only the referenced files the task needs, and prefer the skill's bundled scripts over retyping their code.</rule>
      <rule>truncated="true" means some descriptions were shortened (they end with …) or some skills were left out: call skill_search to find skills that are not listed.</rule>
      </skills_usage>
      <skills_catalog>
      <skill>
      <name>pdf-tools</name>
      <description>Extract text &amp; tables from &lt;PDF&gt; files. Use when the user asks about &quot;PDFs&quot; or &#x27;forms&#x27;.</description>
      <path>/skills/repo/pdf-tools/SKILL.md</path>
      <scope>repo</scope>
      </skill>
      <skill>
      <name>git-helper</name>
      <description>Use when committing with git.</description>
      <path>/skills/user/git-helper/SKILL.md</path>
      <scope>user</scope>
      </skill>
      <skill>
      <name>acme:deploy</name>
      <description>Use when deploying Acme apps.</description>
      <path>/skills/plugin/acme/deploy/SKILL.md</path>
      <scope>plugin</scope>
      </skill>
      </skills_catalog>
      </skills_context>"
    `);
  });

  it("ends with the omitted note, after the list, in every format", () => {
    const budget = (format: CatalogFormatName) => namesOnlyMinimum(sample.slice(0, 1), format) + 45;
    const xml = renderCatalog(sample, { format: "xml", budgetTokens: budget("xml") });
    expect(xml.text).toMatchInlineSnapshot(`
      "<available_skills>
      <skill>
      <name>
      pdf-tools
      </name>
      <description>
      Extract text &amp; tables from &lt;PDF&gt; files. Use when the…
      </description>
      <location>
      /skills/repo/pdf-tools/SKILL.md
      </location>
      </skill>
      </available_skills>
      2 more skills not listed here to save space: call \`skill_search\` with a few words about the task to find them."
    `);
    const context = renderCatalog(sample, { format: "context", budgetTokens: budget("context") });
    expect(context.text.slice(context.text.indexOf("<skills_catalog>"))).toMatchInlineSnapshot(`
      "<skills_catalog>
      <skill>
      <name>pdf-tools</name>
      <description>Extract text…</description>
      <path>/skills/repo/pdf-tools/SKILL.md</path>
      <scope>repo</scope>
      </skill>
      </skills_catalog>
      <skills_omitted count="2">2 more skills not listed here to save space: call \`skill_search\` with a few words about the task to find them.</skills_omitted>
      </skills_context>"
    `);
    const markdown = renderCatalog(sample, { format: "markdown", budgetTokens: budget("markdown") - 10 });
    expect(markdown.text.slice(markdown.text.indexOf("### Available"))).toMatchInlineSnapshot(`
      "### Available skills
      - pdf-tools: Extract text & tables from… (file: /skills/repo/pdf-tools/SKILL.md)

      2 more skills not listed here to save space: call \`skill_search\` with a few words about the task to find them."
    `);
  });

  it("throws a SkillsetError naming the formats for an unknown format", () => {
    const render = () => renderCatalog(sample, { format: "yaml" as CatalogFormatName });
    expect(render).toThrow("use one of xml, markdown, context");
    expect(() => renderCatalog(sample, { format: "toString" as CatalogFormatName })).toThrow(/Unknown/);
  });

  it("renders exactly the empty xml form when there are no skills", () => {
    const result = renderCatalog([], { format: "xml" });
    expect(result.text).toBe("<available_skills>\n</available_skills>");
    expect(result).toMatchObject({ listed: [], omitted: [], truncated: [], fits: true });
  });

  it("renders an empty markdown and context catalog", () => {
    expect(renderCatalog([], { format: "markdown" }).text.endsWith("### Available skills\n(none)")).toBe(
      true,
    );
    expect(renderCatalog([], { format: "context" }).text).toContain('<skills_context truncated="false">');
  });

  it("is deterministic: the same input renders byte-identical text in every format", () => {
    for (const format of ["xml", "markdown", "context"] as const) {
      const shuffled = [sample[2], sample[0], sample[1]] as RegistryEntry[];
      const first = renderCatalog(sample, { format, budgetTokens: 120 });
      const second = renderCatalog(shuffled, { format, budgetTokens: 120 });
      expect(second).toEqual(first);
    }
  });

  it("uses the configured scope order, then name, then path", () => {
    const entries = [
      makeEntry({ skill: { name: "b", scope: "user" } }),
      makeEntry({ skill: { name: "a", scope: "user" } }),
      makeEntry({ skill: { name: "z", scope: "admin" } }),
      makeEntry({ skill: { name: "a", scope: "repo", path: "/x/2/SKILL.md" }, status: "ambiguous" }),
      makeEntry({ skill: { name: "a", scope: "repo", path: "/x/1/SKILL.md" }, status: "ambiguous" }),
    ];
    expect(renderCatalog(entries).listed).toEqual([
      "/x/1/SKILL.md",
      "/x/2/SKILL.md",
      "/skills/user/a/SKILL.md",
      "/skills/user/b/SKILL.md",
      "/skills/admin/z/SKILL.md",
    ]);
    expect(renderCatalog(entries, { scopeOrder: ["admin", "user", "repo"] }).listed[0]).toBe(
      "/skills/admin/z/SKILL.md",
    );
  });
});

describe("renderCatalog selection", () => {
  it("lists only enabled, effective or ambiguous, model-invocable, allowed skills", () => {
    const entries = [
      makeEntry({ skill: { name: "listed" } }),
      makeEntry({ skill: { name: "ambiguous" }, status: "ambiguous" }),
      makeEntry({ skill: { name: "disabled" }, enabled: false }),
      makeEntry({ skill: { name: "shadowed", scope: "user" }, status: "shadowed" }),
      makeEntry({ skill: { name: "user-only", invocation: { model: false, user: true } } }),
      makeEntry({ skill: { name: "denied" } }),
    ];
    const result = renderCatalog(entries, { isDenied: (skill) => skill.name === "denied" });
    expect(result.listed).toEqual(["/skills/repo/ambiguous/SKILL.md", "/skills/repo/listed/SKILL.md"]);
    expect(result.omitted).toEqual([]);
    for (const hidden of ["disabled", "shadowed", "user-only", "denied"]) {
      expect(result.text).not.toContain(hidden);
    }
  });
});

describe("renderCatalog budget", () => {
  it("cuts nothing when everything fits", () => {
    const entries = manySkills(5, 40);
    const result = renderCatalog(entries, { budgetTokens: 8000 });
    expect(result).toMatchObject({ fits: true, truncated: [], omitted: [] });
    expect(result.listed).toHaveLength(5);
    expect(result.text).not.toContain("…");
  });

  it("derives the budget from the context window (2%)", () => {
    const result = renderCatalog(manySkills(30, 60), { contextWindow: 50_000 });
    expect(result.budget).toBe(1000);
    expect(result.tokens).toBeLessThanOrEqual(1000);
    expect(result.truncated.length + result.omitted.length).toBeGreaterThan(0);
  });

  it("first caps each description at descriptionCap characters", () => {
    const long = Array.from({ length: 600 }, (_, i) => `w${i % 10}`).join(" ");
    const entries = [makeEntry({ skill: { name: "long", description: long } })];
    const full = renderCatalog(entries, { budgetTokens: 1_000_000 });
    const capped = renderCatalog(entries, { budgetTokens: full.tokens - 1, descriptionCap: 1536 });
    expect(capped.truncated).toEqual([
      { id: "/skills/repo/long/SKILL.md", name: "long", originalLength: long.length, keptLength: 1535 },
    ]);
  });

  it("just above the names-only minimum, shortens descriptions fairly: short ones keep their text", () => {
    const short = "Use for tiny tasks.";
    const entries = [
      makeEntry({ skill: { name: "alpha", description: manySkills(1, 120)[0]?.skill.description } }),
      makeEntry({ skill: { name: "beta", description: short } }),
      makeEntry({ skill: { name: "gamma", description: manySkills(2, 150)[1]?.skill.description } }),
    ];
    const minimum = namesOnlyMinimum(entries);
    const result = renderCatalog(entries, { budgetTokens: minimum + 40 });
    expect(result.fits).toBe(true);
    expect(result.omitted).toEqual([]);
    expect(result.text).toContain(`\n${short}\n`);
    expect(result.truncated.map((cut) => cut.name)).toEqual(["alpha", "gamma"]);
    const [alpha, gamma] = result.truncated;
    // Fair: both long descriptions give way to about the same length.
    expect(Math.abs((alpha?.keptLength ?? 0) - (gamma?.keptLength ?? 0))).toBeLessThan(12);
    expect(alpha?.keptLength).toBeGreaterThan(short.length);
  });

  it("at the names-only minimum lists every name, with empty descriptions", () => {
    const entries = manySkills(6, 30);
    const minimum = namesOnlyMinimum(entries);
    const result = renderCatalog(entries, { budgetTokens: minimum });
    expect(result.omitted).toEqual([]);
    expect(result.listed).toHaveLength(6);
    expect(result.tokens).toBeLessThanOrEqual(minimum);
    expect(result.truncated.every((cut) => cut.keptLength === 0)).toBe(true);
  });

  it("below the names-only minimum, omits the lowest-priority skills and says how many", () => {
    const entries = manySkills(12, 30);
    const result = renderCatalog(entries, { budgetTokens: namesOnlyMinimum(entries) - 1 });
    expect(result.fits).toBe(true);
    expect(result.omitted.length).toBeGreaterThan(0);
    const count = result.omitted.length;
    expect(result.text).toContain(`${count} more skill${count === 1 ? "" : "s"} not listed here`);
    expect(result.text).toContain("skill_search");
    // Reverse name order goes first: the omitted are the last names.
    const names = entries.map((entry) => entry.skill.name);
    expect(result.omitted.map((skill) => skill.name)).toEqual(names.slice(names.length - count));
  });

  it("omits the least recently used first, then lower scopes", () => {
    const entries = [
      makeEntry({ skill: { name: "aa", scope: "repo" } }),
      makeEntry({ skill: { name: "bb", scope: "repo" } }),
      makeEntry({ skill: { name: "cc", scope: "user" } }),
      makeEntry({ skill: { name: "dd", scope: "system" } }),
    ];
    const lastUsed = new Map([
      ["/skills/system/dd/SKILL.md", 200],
      ["/skills/repo/bb/SKILL.md", 100],
    ]);
    const minimum = namesOnlyMinimum(entries);
    const perSkill = (minimum - namesOnlyMinimum([])) / 4;
    const result = renderCatalog(entries, { budgetTokens: Math.floor(minimum - perSkill - 4), lastUsed });
    expect(result.omitted.map((skill) => skill.name)).toEqual(["aa", "cc"]);
    expect(result.listed).toEqual(["/skills/repo/bb/SKILL.md", "/skills/system/dd/SKILL.md"]);
  });

  it("says truncated=true in the context format when descriptions were only shortened", () => {
    const entries = manySkills(4, 80);
    const minimum = namesOnlyMinimum(entries, "context");
    const result = renderCatalog(entries, { format: "context", budgetTokens: minimum + 60 });
    expect(result.omitted).toEqual([]);
    expect(result.truncated.length).toBeGreaterThan(0);
    expect(result.text.startsWith('<skills_context truncated="true">')).toBe(true);
    expect(result.text).not.toContain("<skills_omitted");
  });

  it("reports fits=false with nothing listed when the budget cannot hold the fixed text", () => {
    const result = renderCatalog(sample, { format: "markdown", budgetTokens: 10 });
    expect(result).toMatchObject({ fits: false, listed: [] });
    expect(result.omitted).toHaveLength(3);
    expect(result.tokens).toBeGreaterThan(10);
  });

  it("accepts another tokenizer", () => {
    const byChars = { count: (text: string) => Math.ceil(text.length / 4) };
    const result = renderCatalog(manySkills(10, 40), { tokenizer: byChars, budgetTokens: 300 });
    expect(result.tokens).toBe(byChars.count(result.text));
    expect(result.tokens).toBeLessThanOrEqual(300);
  });

  it("plans again when the whole text counts more than its parts", () => {
    // Parts are short; the whole catalog is long and pays 40 tokens more than its parts add up to.
    const lumpy = { count: (text: string) => Math.ceil(text.length / 4) + (text.length > 600 ? 40 : 0) };
    const result = renderCatalog(manySkills(12, 30), { tokenizer: lumpy, budgetTokens: 400 });
    expect(result.fits).toBe(true);
    expect(result.tokens).toBe(lumpy.count(result.text));
    expect(result.tokens).toBeLessThanOrEqual(400);
    expect(result.tokens).toBeGreaterThan(300);
  });

  it("never exceeds the budget, measured with the real tokenizer, for any budget", () => {
    const scopes: Scope[] = ["repo", "user", "admin", "system", "plugin"];
    const word = fc.constantFrom(
      "use",
      "when",
      "PDF",
      "<tag>",
      "&",
      "résumé",
      "日本語",
      "x1",
      "—",
      "data.",
      "Git's",
    );
    const skill = fc.record({
      name: fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/),
      namespace: fc.option(fc.constantFrom("acme", "tools"), { nil: undefined }),
      scope: fc.constantFrom(...scopes),
      description: fc.array(word, { maxLength: 60 }).map((words) => words.join(" ")),
      used: fc.option(fc.nat(1000), { nil: undefined }),
    });
    fc.assert(
      fc.property(
        fc.array(skill, { maxLength: 14 }),
        fc.nat(1500),
        fc.constantFrom<CatalogFormatName>("xml", "markdown", "context"),
        fc.integer({ min: 1, max: 400 }),
        (skills, budget, format, descriptionCap) => {
          const entries = skills.map((fields, i) =>
            makeEntry({ skill: { ...fields, path: `/p/${i}/SKILL.md`, dir: `/p/${i}` } }),
          );
          const lastUsed = new Map<string, number>();
          skills.forEach((fields, i) => {
            if (fields.used !== undefined) lastUsed.set(`/p/${i}/SKILL.md`, fields.used);
          });
          const options = { format, budgetTokens: budget, descriptionCap, lastUsed };
          const result = renderCatalog(entries, options);
          expect(result.tokens).toBe(tokens(result.text));
          if (result.fits) expect(result.tokens).toBeLessThanOrEqual(budget);
          else expect(result.listed).toEqual([]);
          expect(result.listed.length + result.omitted.length).toBe(entries.length);
          for (const cut of result.truncated) expect(result.listed).toContain(cut.id);
          expect(renderCatalog(entries, options).text).toBe(result.text);
        },
      ),
      { numRuns: 150 },
    );
  });
});
