import { describe, expect, it } from "vitest";
import { makeSkill } from "../test/make-skill.js";
import { missingDependencies, skillDependencies } from "./skill-dependencies.js";

const skill = makeSkill({
  name: "tracker",
  openai: {
    dependencies: {
      tools: [
        { type: "env_var", value: "TRACKER_TOKEN", description: "API token" },
        { type: "mcp", value: "linear" },
        { type: "cli", value: "gh" },
      ],
    },
  },
  frontmatter: {
    extra: {
      dependencies: {
        tools: [
          { type: "env_var", value: "TRACKER_URL" },
          { type: "env_var", value: "TRACKER_TOKEN" },
        ],
      },
    },
    raw: {},
  },
});

describe("skill dependencies", () => {
  it("collects env vars and MCP servers from agents/openai.yaml and frontmatter, once each", () => {
    expect(skillDependencies(skill)).toEqual([
      { kind: "env", name: "TRACKER_TOKEN", description: "API token" },
      { kind: "env", name: "TRACKER_URL" },
      { kind: "mcp", name: "linear" },
    ]);
  });

  it("checks the session's values, then the environment, then the host's MCP servers", () => {
    const names = (context: Parameters<typeof missingDependencies>[1]) =>
      missingDependencies(skill, context).map((d) => d.name);
    expect(names({ env: {} })).toEqual(["TRACKER_TOKEN", "TRACKER_URL"]);
    expect(
      names({ env: { TRACKER_URL: "u" }, sessionEnv: new Map([["TRACKER_TOKEN", "t"]]), mcpServers: [] }),
    ).toEqual(["linear"]);
    expect(names({ env: { TRACKER_URL: "u", TRACKER_TOKEN: "t" }, mcpServers: ["linear"] })).toEqual([]);
  });
});
