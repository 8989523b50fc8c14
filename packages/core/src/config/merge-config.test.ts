import { describe, expect, it } from "vitest";
import { defaultConfig } from "./config-schema.js";
import { mergeConfig } from "./merge-config.js";

describe("mergeConfig", () => {
  it("merges objects key by key and lets later layers win", () => {
    const merged = mergeConfig(
      defaultConfig,
      { discovery: { providers: { cursor: false }, limits: { maxDepth: 2 } } },
      { discovery: { providers: { gemini: false, cursor: true } }, catalog: { budgetTokens: 10 } },
    );
    expect(merged.discovery.providers).toEqual({ cursor: true, gemini: false });
    expect(merged.discovery.limits).toEqual({ ...defaultConfig.discovery.limits, maxDepth: 2 });
    expect(merged.catalog.budgetTokens).toBe(10);
  });

  it("replaces arrays, skips undefined and drops $schema", () => {
    const merged = mergeConfig(
      defaultConfig,
      { $schema: "x", discovery: { scopeOrder: ["user", "repo"], ignore: undefined } },
      { discovery: { scopeOrder: ["admin"] } },
    );
    expect(merged.discovery.scopeOrder).toEqual(["admin"]);
    expect(merged.discovery.ignore).toEqual([]);
    expect(merged).not.toHaveProperty("$schema");
  });

  it("changes neither the base nor the layers", () => {
    const layer = { discovery: { customDirs: ["/a"] } };
    const merged = mergeConfig(defaultConfig, layer);
    merged.discovery.customDirs.push("/b");
    merged.discovery.projectMarkers.push(".svn");
    expect(layer.discovery.customDirs).toEqual(["/a"]);
    expect(defaultConfig.discovery.projectMarkers).toEqual([".git", ".jj", ".hg"]);
  });
});
