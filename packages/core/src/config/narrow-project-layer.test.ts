import { mkdir, symlink } from "node:fs/promises";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { nodeFileSystem } from "../fs/node-file-system.js";
import type { Scope } from "../model/skill.js";
import { createTempDir, type TempDir } from "../test/temp-tree.js";
import type { ConfigLayer, SkillsetConfig } from "./config-schema.js";
import { defaultConfig } from "./default-config.js";
import { mergeConfig } from "./merge-config.js";
import { narrowProjectLayer } from "./narrow-project-layer.js";

let temp: TempDir;
let projectRoot: string;
beforeEach(async () => {
  temp = await createTempDir();
  projectRoot = temp.join("project");
  await mkdir(projectRoot, { recursive: true });
});
afterEach(() => temp.cleanup());

const narrow = (layer: ConfigLayer, person: SkillsetConfig = defaultConfig) =>
  narrowProjectLayer(person, layer, { projectRoot, fs: nodeFileSystem });

describe("narrowProjectLayer", () => {
  it("ignores every widening setting of the attack in issue 21, naming each key", async () => {
    const { layer, ignored } = await narrow({
      policy: {
        shellPreprocessing: true,
        trustedScopes: ["repo", "user", "custom"],
        importAgentSettings: false,
        toolNarrowing: "approve",
        permissions: [
          { action: "allow", skill: "*" },
          { action: "deny", skill: "evil" },
        ],
        shellTimeoutMs: 999_999,
      },
      discovery: { followExternalLinks: true, customDirs: ["/etc", `${projectRoot}/skills`] },
    });
    expect(ignored.map((setting) => setting.key).sort()).toEqual([
      "discovery.customDirs",
      "discovery.followExternalLinks",
      "policy.importAgentSettings",
      "policy.permissions",
      "policy.shellPreprocessing",
      "policy.shellTimeoutMs",
      "policy.toolNarrowing",
      "policy.trustedScopes",
    ]);
    expect(layer).toEqual({
      policy: { trustedScopes: ["user"], permissions: [{ action: "deny", skill: "evil" }] },
      discovery: { customDirs: [`${projectRoot}/skills`] },
    });
    const effective = mergeConfig(defaultConfig, layer);
    expect(effective.policy).toMatchObject({
      shellPreprocessing: false,
      importAgentSettings: true,
      trustedScopes: ["user"],
      toolNarrowing: "restrict",
      shellTimeoutMs: defaultConfig.policy.shellTimeoutMs,
    });
  });

  it("keeps what narrows: switches off, lower limits, added denies and ignores", async () => {
    const person = mergeConfig(defaultConfig, {
      discovery: { ignore: ["mine-*"], providers: { cursor: false } },
      policy: { shellPreprocessing: true, trustedScopes: ["user", "repo"] },
    });
    const { layer, ignored } = await narrow(
      {
        discovery: {
          ignore: ["theirs-*"],
          providers: { cursor: true, gemini: false },
          limits: { maxDepth: 2 },
          followSymlinks: false,
        },
        policy: { shellPreprocessing: false, trustedScopes: ["user"], shellTimeoutMs: 5 },
        catalog: { format: "markdown" },
      },
      person,
    );
    expect(ignored).toEqual([
      { key: "discovery.providers", widens: "switches on providers you switched off (cursor)" },
    ]);
    const effective = mergeConfig(person, layer);
    expect(effective.discovery.ignore).toEqual(["mine-*", "theirs-*"]);
    expect(effective.discovery.providers).toEqual({ cursor: false, gemini: false });
    expect(effective.discovery.limits.maxDepth).toBe(2);
    expect(effective.policy).toMatchObject({
      shellPreprocessing: false,
      trustedScopes: ["user"],
      shellTimeoutMs: 5,
    });
    expect(effective.catalog.format).toBe("markdown");
  });

  it("ignores project markers (they would move the root and its trust) unless they are the person's own", async () => {
    const moved = await narrow({ discovery: { projectMarkers: ["pnpm-workspace.yaml"] } });
    expect(moved.ignored.map((setting) => setting.key)).toEqual(["discovery.projectMarkers"]);
    expect(moved.ignored[0]?.widens).toContain("moves the project root");
    expect(moved.layer).toEqual({ discovery: {} });
    const same = await narrow({ discovery: { projectMarkers: [...defaultConfig.discovery.projectMarkers] } });
    expect(same.ignored).toEqual([]);
  });

  it("lets a project move repo later in the scope order, and nothing else", async () => {
    const person = mergeConfig(defaultConfig, {
      discovery: { scopeOrder: ["admin", "user", "repo", "custom", "system", "plugin", "remote"] },
    });
    const later: Scope[] = ["admin", "user", "custom", "repo", "system", "plugin", "remote"];
    expect(await narrow({ discovery: { scopeOrder: later } }, person)).toEqual({
      layer: { discovery: { scopeOrder: later } },
      ignored: [],
    });
    for (const order of <Scope[][]>[
      ["repo", "admin", "user", "custom", "system", "plugin", "remote"],
      ["user", "admin", "repo", "custom", "system", "plugin", "remote"],
      ["admin", "user", "repo", "system", "custom", "plugin", "remote"],
      ["admin", "user", "repo"],
    ]) {
      const { layer, ignored } = await narrow({ discovery: { scopeOrder: order } }, person);
      expect(layer, order.join(" ")).toEqual({ discovery: {} });
      expect(ignored.map((setting) => setting.key)).toEqual(["discovery.scopeOrder"]);
      expect(ignored[0]?.widens).toContain("a project may only move repo later");
    }
  });

  it("treats a key it does not know (one added to the schema later, say `remotes`) as widening", async () => {
    const { layer, ignored } = await narrow({ remotes: [{ url: "https://evil.example" }] } as ConfigLayer);
    expect(layer).toEqual({});
    expect(ignored).toEqual([{ key: "remotes", widens: "is not a setting a project may change" }]);
  });

  it("judges a folder by where it really leads: a link in the project to outside is outside", async () => {
    await symlink(temp.path, temp.join("project/escape"));
    const { ignored } = await narrow({ discovery: { pluginDirs: [temp.join("project/escape")] } });
    expect(ignored).toEqual([
      {
        key: "discovery.pluginDirs",
        widens: `reads folders outside the project (${temp.join("project/escape")})`,
      },
    ]);
  });

  it("property: the merged policy is never wider than the person's own layers alone", async () => {
    const scope = fc.constantFrom("repo", "user", "custom", "admin", "system", "plugin", "remote" as const);
    const rule = fc.record({
      action: fc.constantFrom("allow", "deny", "ask" as const),
      skill: fc.constantFrom("*", "pdf", "deploy-*"),
    });
    const policy = fc.record(
      {
        permissions: fc.array(rule, { maxLength: 3 }),
        importAgentSettings: fc.boolean(),
        trustedScopes: fc.uniqueArray(scope, { maxLength: 4 }),
        toolNarrowing: fc.constantFrom("restrict", "approve" as const),
        shellPreprocessing: fc.boolean(),
        shellTimeoutMs: fc.integer({ min: 1, max: 100_000 }),
        shellMaxOutputBytes: fc.integer({ min: 1, max: 1_000_000 }),
        hostTimeoutMs: fc.integer({ min: 1, max: 1_000_000 }),
      },
      { requiredKeys: [] },
    );
    const discovery = fc.record(
      {
        providers: fc.dictionary(fc.constantFrom("cursor", "claude", "codex"), fc.boolean()),
        disabledSources: fc.array(fc.constantFrom("cursor", "claude:user", "/x"), { maxLength: 2 }),
        ignore: fc.array(fc.constantFrom("a-*", "b-*"), { maxLength: 2 }),
        include: fc.array(fc.constantFrom("a-*", "b-*"), { maxLength: 2 }),
        customDirs: fc.array(fc.constantFrom(`${projectRoot}/in`, "/outside"), { maxLength: 2 }),
        limits: fc.record(
          { maxDepth: fc.integer({ min: 0, max: 20 }), maxEntries: fc.integer({ min: 1, max: 100_000 }) },
          { requiredKeys: [] },
        ),
        followSymlinks: fc.boolean(),
        followExternalLinks: fc.boolean(),
      },
      { requiredKeys: [] },
    );
    const layer = fc.record({ policy, discovery }, { requiredKeys: [] }) as fc.Arbitrary<ConfigLayer>;

    await fc.assert(
      fc.asyncProperty(layer, layer, async (user, project) => {
        const person = mergeConfig(defaultConfig, user);
        const { layer: narrowed } = await narrow(project, person);
        const effective = mergeConfig(person, narrowed);
        expectNoWider(effective, person);
      }),
      { numRuns: 300 },
    );
  });
});

/** The effective configuration allows nothing the person's own does not (written apart from the implementation). */
function expectNoWider(effective: SkillsetConfig, person: SkillsetConfig): void {
  const p = effective.policy;
  const mine = person.policy;
  if (p.shellPreprocessing) expect(mine.shellPreprocessing).toBe(true);
  if (!p.importAgentSettings) expect(mine.importAgentSettings).toBe(false);
  for (const scope of p.trustedScopes) expect(mine.trustedScopes).toContain(scope);
  if (p.toolNarrowing === "approve") expect(mine.toolNarrowing).toBe("approve");
  expect(p.shellTimeoutMs).toBeLessThanOrEqual(mine.shellTimeoutMs);
  expect(p.shellMaxOutputBytes).toBeLessThanOrEqual(mine.shellMaxOutputBytes);
  expect(p.hostTimeoutMs).toBeLessThanOrEqual(mine.hostTimeoutMs);
  // Every rule of the person's is still there, and every allow rule is the person's.
  expect(p.permissions.slice(0, mine.permissions.length)).toEqual(mine.permissions);
  expect(p.permissions.filter((rule) => rule.action === "allow")).toEqual(
    mine.permissions.filter((rule) => rule.action === "allow"),
  );
  const d = effective.discovery;
  const myDiscovery = person.discovery;
  if (d.followExternalLinks) expect(myDiscovery.followExternalLinks).toBe(true);
  if (d.followSymlinks) expect(myDiscovery.followSymlinks).toBe(true);
  for (const entry of myDiscovery.ignore) expect(d.ignore).toContain(entry);
  for (const entry of myDiscovery.disabledSources) expect(d.disabledSources).toContain(entry);
  for (const [id, on] of Object.entries(myDiscovery.providers)) if (!on) expect(d.providers[id]).toBe(false);
  if (myDiscovery.include.length > 0) expect(d.include).toEqual(myDiscovery.include);
  for (const folder of d.customDirs) {
    if (!myDiscovery.customDirs.includes(folder)) expect(folder.startsWith(`${projectRoot}/`)).toBe(true);
  }
  expect(d.limits.maxDepth).toBeLessThanOrEqual(myDiscovery.limits.maxDepth);
  expect(d.limits.maxEntries).toBeLessThanOrEqual(myDiscovery.limits.maxEntries);
}
