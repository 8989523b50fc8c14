import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultConfig } from "../config/config-schema.js";
import type { Scope, Skill } from "../model/skill.js";
import { makeSkill } from "../test/index.js";
import { rankPrecedence, scopeRank } from "./rank-precedence.js";
import { RankingMemo } from "./ranking-memo.js";

const order = defaultConfig.discovery.scopeOrder;

function skill(name: string, scope: Scope, path: string, distance?: number, namespace?: string): Skill {
  const made = makeSkill({ name, scope, path, dir: path.replace(/\/SKILL\.md$/, ""), id: path });
  if (namespace) {
    made.namespace = namespace;
    made.qualifiedName = `${namespace}:${name}`;
  }
  if (distance !== undefined) made.source = { ...made.source, distance };
  return made;
}

function statuses(skills: Skill[], scopes = order) {
  return rankPrecedence(skills, scopes).entries.map((entry) => [
    entry.skill.path,
    entry.status,
    entry.shadowedBy ?? entry.ambiguousWith?.join(",") ?? "",
  ]);
}

describe("rankPrecedence", () => {
  it("makes a lone skill effective", () => {
    expect(statuses([skill("pdf", "user", "/u/pdf/SKILL.md")])).toEqual([
      ["/u/pdf/SKILL.md", "effective", ""],
    ]);
  });

  it("lets the repo scope shadow user, admin and system by default, naming the winner", () => {
    const ranking = rankPrecedence(
      [
        skill("pdf", "system", "/s/pdf/SKILL.md"),
        skill("pdf", "admin", "/a/pdf/SKILL.md"),
        skill("pdf", "user", "/u/pdf/SKILL.md"),
        skill("pdf", "repo", "/r/pdf/SKILL.md", 0),
      ],
      order,
    );
    expect(ranking.entries.map((entry) => [entry.skill.scope, entry.status, entry.shadowedBy])).toEqual([
      ["repo", "effective", undefined],
      ["user", "shadowed", "/r/pdf/SKILL.md"],
      ["admin", "shadowed", "/r/pdf/SKILL.md"],
      ["system", "shadowed", "/r/pdf/SKILL.md"],
    ]);
    expect(ranking.diagnostics.map((found) => [found.code, found.path])).toEqual([
      ["shadowed", "/a/pdf/SKILL.md"],
      ["shadowed", "/s/pdf/SKILL.md"],
      ["shadowed", "/u/pdf/SKILL.md"],
    ]);
    const userDiagnostic = ranking.diagnostics.find((found) => found.path === "/u/pdf/SKILL.md");
    expect(userDiagnostic?.message).toContain("/r/pdf/SKILL.md");
    expect(userDiagnostic?.severity).toBe("info");
    const shadowed = ranking.entries.find((entry) => entry.skill.scope === "user");
    expect(shadowed?.skill.diagnostics.map((found) => found.code)).toEqual(["shadowed"]);
  });

  it("puts admin first when the configuration says so", () => {
    const adminFirst: Scope[] = ["admin", "repo", "user", "system"];
    expect(
      statuses(
        [skill("pdf", "repo", "/r/pdf/SKILL.md", 0), skill("pdf", "admin", "/a/pdf/SKILL.md")],
        adminFirst,
      ),
    ).toEqual([
      ["/a/pdf/SKILL.md", "effective", ""],
      ["/r/pdf/SKILL.md", "shadowed", "/a/pdf/SKILL.md"],
    ]);
  });

  it("ranks scopes missing from a partial order after the listed ones", () => {
    expect(scopeRank("repo", ["user"])).toBeGreaterThan(scopeRank("user", ["user"]));
    expect(scopeRank("system", ["user"])).toBeGreaterThan(scopeRank("repo", ["user"]));
  });

  it("lets the repo root nearest to cwd win", () => {
    expect(
      statuses([
        skill("lint", "repo", "/repo/.agents/skills/lint/SKILL.md", 2),
        skill("lint", "repo", "/repo/pkg/app/.agents/skills/lint/SKILL.md", 0),
        skill("lint", "repo", "/repo/pkg/.claude/skills/lint/SKILL.md", 1),
      ]),
    ).toEqual([
      ["/repo/.agents/skills/lint/SKILL.md", "shadowed", "/repo/pkg/app/.agents/skills/lint/SKILL.md"],
      ["/repo/pkg/.claude/skills/lint/SKILL.md", "shadowed", "/repo/pkg/app/.agents/skills/lint/SKILL.md"],
      ["/repo/pkg/app/.agents/skills/lint/SKILL.md", "effective", ""],
    ]);
  });

  it("marks a tie at the top ambiguous, listing every candidate, and shadows the rest", () => {
    const ranking = rankPrecedence(
      [
        skill("pdf", "repo", "/r/.claude/skills/pdf/SKILL.md", 0),
        skill("pdf", "repo", "/r/.agents/skills/pdf/SKILL.md", 0),
        skill("pdf", "user", "/u/pdf/SKILL.md"),
      ],
      order,
    );
    expect(ranking.entries.map((entry) => [entry.skill.path, entry.status, entry.ambiguousWith])).toEqual([
      ["/r/.agents/skills/pdf/SKILL.md", "ambiguous", ["/r/.claude/skills/pdf/SKILL.md"]],
      ["/r/.claude/skills/pdf/SKILL.md", "ambiguous", ["/r/.agents/skills/pdf/SKILL.md"]],
      ["/u/pdf/SKILL.md", "shadowed", undefined],
    ]);
    const ambiguous = ranking.diagnostics.filter((found) => found.code === "ambiguous");
    expect(ambiguous).toHaveLength(2);
    for (const found of ambiguous) {
      expect(found.message).toContain("/r/.agents/skills/pdf/SKILL.md");
      expect(found.message).toContain("/r/.claude/skills/pdf/SKILL.md");
    }
  });

  it("never lets plugin skills collide with bare names or other plugins", () => {
    expect(
      statuses([
        skill("pdf", "repo", "/r/pdf/SKILL.md", 0),
        skill("pdf", "plugin", "/p/a/skills/pdf/SKILL.md", undefined, "alpha"),
        skill("pdf", "plugin", "/p/b/skills/pdf/SKILL.md", undefined, "beta"),
      ]).map(([path, status]) => [path, status]),
    ).toEqual([
      ["/r/pdf/SKILL.md", "effective"],
      ["/p/a/skills/pdf/SKILL.md", "effective"],
      ["/p/b/skills/pdf/SKILL.md", "effective"],
    ]);
  });

  it("lets a plugin skill keep its qualified name over bare skills named like it, in any scope", () => {
    const plugin = "/p/github/skills/gh-fix-ci/SKILL.md";
    const ranking = rankPrecedence(
      [
        skill("github:gh-fix-ci", "repo", "/r/impostor/SKILL.md", 0),
        skill("github:gh-fix-ci", "user", "/u/impostor/SKILL.md"),
        skill("gh-fix-ci", "plugin", plugin, undefined, "github"),
      ],
      order,
    );
    expect(ranking.entries.map((entry) => [entry.skill.path, entry.status, entry.shadowedBy])).toEqual([
      ["/r/impostor/SKILL.md", "shadowed", plugin],
      ["/u/impostor/SKILL.md", "shadowed", plugin],
      [plugin, "effective", undefined],
    ]);
    const warning = ranking.diagnostics.find((found) => found.path === "/r/impostor/SKILL.md");
    expect(warning).toMatchObject({ severity: "warning", code: "shadowed" });
    expect(warning?.message).toContain("rename this skill");
  });

  it("keeps every skill and gives the same result for any input order", () => {
    const pool = [
      skill("a", "repo", "/r/a/SKILL.md", 0),
      skill("a", "repo", "/r2/a/SKILL.md", 0),
      skill("a", "user", "/u/a/SKILL.md"),
      skill("b", "repo", "/r/b/SKILL.md", 1),
      skill("b", "repo", "/r/x/b/SKILL.md", 0),
      skill("b", "system", "/s/b/SKILL.md"),
      skill("c", "admin", "/a/c/SKILL.md"),
      skill("c", "plugin", "/p/c/SKILL.md", undefined, "ns"),
    ];
    const expected = rankPrecedence(pool, order);
    fc.assert(
      fc.property(fc.shuffledSubarray(pool, { minLength: pool.length }), (shuffled) => {
        const ranking = rankPrecedence(shuffled, order);
        expect(ranking).toEqual(expected);
        expect(ranking.entries).toHaveLength(pool.length);
      }),
    );
  });
});

describe("RankingMemo", () => {
  it("gives the same ranking as rankPrecedence, reusing unchanged names", () => {
    const memo = new RankingMemo();
    const a = skill("a", "repo", "/r/a/SKILL.md", 0);
    const a2 = skill("a", "user", "/u/a/SKILL.md");
    const b = skill("b", "repo", "/r/b/SKILL.md", 0);
    const b2 = skill("b", "repo", "/r2/b/SKILL.md", 0);
    const first = memo.rank([a, a2, b], order);
    expect(first).toEqual(rankPrecedence([a, a2, b], order));
    const second = memo.rank([b2, a, a2, b], order);
    expect(second).toEqual(rankPrecedence([a, a2, b, b2], order));
    expect(second.entries.find((entry) => entry.skill.path === "/u/a/SKILL.md")).toBe(
      first.entries.find((entry) => entry.skill.path === "/u/a/SKILL.md"),
    );
    const adminFirst: Scope[] = ["user", "repo"];
    expect(memo.rank([a, a2], adminFirst)).toEqual(rankPrecedence([a, a2], adminFirst));
  });

  it("stays equal to rankPrecedence through any sequence of additions and removals", () => {
    const scopes: Scope[] = ["repo", "user", "admin", "system"];
    const pool = Array.from({ length: 40 }, (_, index) =>
      skill(`n${index % 7}`, scopes[index % 4]!, `/p${index}/n${index % 7}/SKILL.md`, index % 3),
    );
    fc.assert(
      fc.property(
        fc.array(fc.subarray(pool), { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        (steps, splice) => {
          // With a splice limit of 0 every change sorts everything; otherwise changes are spliced in.
          const memo = new RankingMemo({ spliceLimit: splice ? 64 : 0 });
          for (const skills of steps) expect(memo.rank(skills, order)).toEqual(rankPrecedence(skills, order));
        },
      ),
      { numRuns: 200 },
    );
  });
});
