import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { createTempDir, type TempDir } from "../test/temp-tree.js";
import { parseOpenAiYaml, readOpenAiYaml } from "./read-openai-yaml.js";

// Shaped like the agents/openai.yaml files of openai/skills (.curated).
const CODEX_METADATA = `interface:
  display_name: "GitHub Fix CI"
  short_description: "Debug and fix failing GitHub Actions checks"
  icon_small: "./assets/icon-small.svg"
  icon_large: "./assets/icon.png"
  brand_color: "#24292F"
  default_prompt: "Fix the failing checks on my PR"

dependencies:
  tools:
    - type: "mcp"
      value: "github"
      description: "GitHub MCP server"
      transport: "streamable_http"
      url: "https://api.githubcopilot.com/mcp/"
    - type: "env_var"
      value: "GITHUB_TOKEN"

policy:
  allow_implicit_invocation: false

permissions:
  network: true
`;

describe("parseOpenAiYaml", () => {
  it("maps interface, dependencies and policy to camelCase, keeping extra tool keys", () => {
    expect(parseOpenAiYaml(CODEX_METADATA, "/s/agents/openai.yaml")).toEqual({
      openai: {
        interface: {
          displayName: "GitHub Fix CI",
          shortDescription: "Debug and fix failing GitHub Actions checks",
          iconSmall: "./assets/icon-small.svg",
          iconLarge: "./assets/icon.png",
          brandColor: "#24292F",
          defaultPrompt: "Fix the failing checks on my PR",
        },
        dependencies: {
          tools: [
            {
              type: "mcp",
              value: "github",
              description: "GitHub MCP server",
              transport: "streamable_http",
              url: "https://api.githubcopilot.com/mcp/",
            },
            { type: "env_var", value: "GITHUB_TOKEN" },
          ],
        },
        policy: { allowImplicitInvocation: false },
      },
      diagnostics: [],
    });
  });

  it("drops bad parts with an openai-yaml-invalid warning each, keeping the rest", () => {
    const text =
      "interface:\n  display_name: [x]\n  brand_color: '#fff'\ndependencies:\n  tools:\n    - type: mcp\n    - 3\npolicy:\n  allow_implicit_invocation: maybe\n";
    const result = parseOpenAiYaml(text, "/s/agents/openai.yaml");
    expect(result.openai).toEqual({
      interface: { brandColor: "#fff" },
      dependencies: { tools: [] },
      policy: {},
    });
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.field])).toEqual([
      ["openai-yaml-invalid", "warning", "interface.display_name"],
      ["openai-yaml-invalid", "warning", "dependencies.tools"],
      ["openai-yaml-invalid", "warning", "dependencies.tools"],
      ["openai-yaml-invalid", "warning", "policy.allow_implicit_invocation"],
    ]);
  });

  it("ignores a file that is not YAML or not a mapping, with a warning", () => {
    expect(parseOpenAiYaml("interface: [unclosed", "/p")).toMatchObject({
      diagnostics: [{ code: "openai-yaml-invalid", severity: "warning", line: 1 }],
    });
    expect(parseOpenAiYaml("- a", "/p").openai).toBeUndefined();
    expect(parseOpenAiYaml("", "/p")).toEqual({ openai: {}, diagnostics: [] });
  });
});

describe("readOpenAiYaml", () => {
  let temp: TempDir;
  beforeEach(async () => {
    temp = await createTempDir();
  });
  afterEach(() => temp.cleanup());

  it("reads agents/openai.yaml beside SKILL.md", async () => {
    await temp.write({ "gh-fix-ci/agents/openai.yaml": CODEX_METADATA });
    const result = await readOpenAiYaml(temp.join("gh-fix-ci"), nodeFileSystem);
    expect(result.openai?.policy).toEqual({ allowImplicitInvocation: false });
    expect(result.diagnostics).toEqual([]);
  });

  it("is silent when the file or the agents folder is missing", async () => {
    await temp.write({ "a/SKILL.md": "x", "b/agents": "a file, not a folder" });
    expect(await readOpenAiYaml(temp.join("a"), nodeFileSystem)).toEqual({ diagnostics: [] });
    expect(await readOpenAiYaml(temp.join("b"), nodeFileSystem)).toEqual({ diagnostics: [] });
  });

  it("warns about a folder in its place, a binary file, or a huge file", async () => {
    await temp.write({
      "dir/agents/openai.yaml/x": "",
      "bin/agents/openai.yaml": new Uint8Array([0, 1, 2]),
      "big/agents/openai.yaml": `a: ${"x".repeat(70_000)}`,
    });
    for (const name of ["dir", "bin", "big"]) {
      const result = await readOpenAiYaml(temp.join(name), nodeFileSystem);
      expect(result.openai, name).toBeUndefined();
      expect(result.diagnostics, name).toEqual([
        expect.objectContaining({ code: "openai-yaml-invalid", severity: "warning" }),
      ]);
    }
  });
});
