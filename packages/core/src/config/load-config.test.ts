import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SkillsetError } from "../model/errors.js";
import { createTempDir, type TempDir } from "../test/temp-tree.js";
import { configPaths } from "./config-paths.js";
import { defaultConfig } from "./config-schema.js";
import { loadConfig } from "./load-config.js";

let temp: TempDir;
let home: string;
let projectRoot: string;

beforeEach(async () => {
  temp = await createTempDir();
  home = temp.join("home");
  projectRoot = temp.join("project");
});
afterEach(() => temp.cleanup());

const userConfig = () => join("home", ".config", "skillset", "config.json");
const projectConfig = join("project", ".skillset", "config.json");

async function load(
  env: Record<string, string | undefined> = {},
  extra: Parameters<typeof loadConfig>[0] | object = {},
) {
  return loadConfig({ projectRoot, env: { HOME: home, ...env }, ...extra });
}

async function loadError(
  env: Record<string, string | undefined> = {},
  extra: object = {},
): Promise<SkillsetError> {
  const error = await load(env, extra).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!SkillsetError.isInstance(error)) throw new Error(`expected a SkillsetError, got ${String(error)}`);
  return error;
}

describe("configPaths", () => {
  it("uses XDG_CONFIG_HOME when absolute, else <home>/.config", () => {
    expect(configPaths({ projectRoot: "/p", env: { XDG_CONFIG_HOME: "/x" }, home: "/h" })).toEqual({
      userDir: "/x/skillset",
      projectDir: "/p/.skillset",
      userConfig: "/x/skillset/config.json",
      projectConfig: "/p/.skillset/config.json",
      userState: "/x/skillset/state.json",
      projectState: "/p/.skillset/state.json",
    });
    expect(configPaths({ projectRoot: "/p", env: { XDG_CONFIG_HOME: "relative" }, home: "/h" }).userDir).toBe(
      "/h/.config/skillset",
    );
    expect(configPaths({ projectRoot: "/p", env: { HOME: "/e" } }).userDir).toBe("/e/.config/skillset");
  });
});

describe("loadConfig layering", () => {
  it("gives the defaults when there is nothing to read", async () => {
    expect(await load()).toEqual({ config: defaultConfig, files: [], ignored: [], diagnostics: [] });
  });

  it("applies defaults < user < project < SKILLSET_CONFIG < variables < flags", async () => {
    await temp.write({
      [userConfig()]: JSON.stringify({
        $schema: "https://example.com/config.schema.json",
        discovery: { limits: { maxDepth: 1, maxEntries: 100 }, providers: { cursor: false } },
        catalog: { budgetTokens: 1, format: "markdown" },
        mentions: { composition: true },
      }),
      [projectConfig]: JSON.stringify({
        discovery: { limits: { maxDepth: 2 }, providers: { gemini: false } },
        catalog: { budgetTokens: 2 },
      }),
      "extra/layer.json": JSON.stringify({
        discovery: { limits: { maxDepth: 3 } },
        catalog: { budgetTokens: 3 },
      }),
    });
    const { config, files } = await load(
      { SKILLSET_CONFIG: temp.join("extra/layer.json"), SKILLSET_CATALOG_BUDGET: "4" },
      { flags: { discovery: { limits: { maxDepth: 5 } } } },
    );
    expect(files).toEqual([temp.join(userConfig()), temp.join(projectConfig), temp.join("extra/layer.json")]);
    expect(config.discovery.limits).toEqual({ maxDepth: 5, maxDirectories: 2000, maxEntries: 100 });
    expect(config.discovery.providers).toEqual({ cursor: false, gemini: false });
    expect(config.catalog).toMatchObject({ budgetTokens: 4, format: "markdown", budgetPercent: 2 });
    expect(config.mentions.composition).toBe(true);
    expect(config).not.toHaveProperty("$schema");
  });

  it("replaces arrays, except where a project may only add (ignore, disabledSources)", async () => {
    await temp.write({
      [userConfig()]: JSON.stringify({ discovery: { ignore: ["a-*", "b-*"], scopeOrder: ["repo", "user"] } }),
      // A project may move its own scope later (never earlier, SPEC §11): the list is replaced.
      [projectConfig]: JSON.stringify({ discovery: { ignore: ["c-*"], scopeOrder: ["user", "repo"] } }),
    });
    const { config } = await load();
    expect(config.discovery.ignore).toEqual(["a-*", "b-*", "c-*"]);
    expect(config.discovery.scopeOrder).toEqual(["user", "repo"]);
    expect((await load({}, { flags: { discovery: { ignore: ["d-*"] } } })).config.discovery.ignore).toEqual([
      "d-*",
    ]);
  });

  it("honours XDG_CONFIG_HOME for the user file", async () => {
    await temp.write({ "xdg/skillset/config.json": JSON.stringify({ catalog: { format: "context" } }) });
    const { config, files } = await load({ XDG_CONFIG_HOME: temp.join("xdg") });
    expect(config.catalog.format).toBe("context");
    expect(files).toEqual([temp.join("xdg/skillset/config.json")]);
  });

  it("reads the direct environment variables", async () => {
    const { config } = await load({
      SKILLSET_DISABLE_PROVIDERS: "cursor, gemini,",
      SKILLSET_CATALOG_BUDGET: "4000",
      SKILLSET_CONTEXT_WINDOW: "200000",
      SKILLSET_CATALOG_FORMAT: "markdown",
      SKILLSET_CUSTOM_DIRS: ["shared/skills", "/abs/skills"].join(":"),
      SKILLSET_UNRELATED: "",
    });
    expect(config.discovery.providers).toEqual({ cursor: false, gemini: false });
    expect(config.catalog).toMatchObject({ budgetTokens: 4000, contextWindow: 200000, format: "markdown" });
    expect(config.discovery.customDirs).toEqual([join(projectRoot, "shared/skills"), "/abs/skills"]);
  });

  it("treats empty variables as unset", async () => {
    expect((await load({ SKILLSET_CATALOG_BUDGET: "", SKILLSET_CONFIG: " " })).config).toEqual(defaultConfig);
  });

  it("makes folder paths absolute against each layer's base", async () => {
    await temp.write({
      [userConfig()]: JSON.stringify({ discovery: { customDirs: ["my-skills", "~/other"] } }),
      [projectConfig]: JSON.stringify({
        discovery: { pluginDirs: ["plugins"], disabledSources: ["cursor", "claude:user", "./vendor/skills"] },
      }),
      "extra/layer.json": JSON.stringify({ discovery: { customDirs: ["../shared"] } }),
    });
    const user = await load();
    expect(user.config.discovery.customDirs).toEqual([join(home, "my-skills"), join(home, "other")]);
    expect(user.config.discovery.pluginDirs).toEqual([join(projectRoot, "plugins")]);
    expect(user.config.discovery.disabledSources).toEqual([
      "cursor",
      "claude:user",
      join(projectRoot, "vendor/skills"),
    ]);
    const extra = await load({ SKILLSET_CONFIG: temp.join("extra/layer.json") });
    expect(extra.config.discovery.customDirs).toEqual([temp.join("shared")]);
  });

  it("resolves a relative SKILLSET_CONFIG against cwd", async () => {
    await temp.write({ "project/sub/layer.json": JSON.stringify({ catalog: { budgetPercent: 5 } }) });
    const { config } = await load({ SKILLSET_CONFIG: "layer.json" }, { cwd: join(projectRoot, "sub") });
    expect(config.catalog.budgetPercent).toBe(5);
  });
});

describe("loadConfig errors", () => {
  it("reports bad JSON with the file, line and column", async () => {
    await temp.write({ [projectConfig]: '{\n  "catalog": { "format": "xml", }\n}' });
    const error = await loadError();
    expect(error.code).toBe("config-unreadable");
    expect(error.path).toBe(temp.join(projectConfig));
    expect(error.message).toBe(
      `Cannot parse ${temp.join(projectConfig)} at line 2, column 31: trailing comma before '}'. ` +
        "Fix the JSON there (strict JSON: no comments, no trailing commas).",
    );
  });

  it("names the key, the file and what is expected for a wrong type", async () => {
    await temp.write({ [userConfig()]: JSON.stringify({ discovery: { limits: { maxDepth: "deep" } } }) });
    const error = await loadError();
    expect(error.code).toBe("config-invalid");
    expect(error.field).toBe("discovery.limits.maxDepth");
    expect(error.path).toBe(temp.join(userConfig()));
    expect(error.message).toBe(
      `'discovery.limits.maxDepth' in ${temp.join(userConfig())} must be a whole number ≥ 0 (got "deep").`,
    );
  });

  it.each([
    [
      { catalog: { format: "html" } },
      `'catalog.format' in FILE must be one of "xml", "markdown", "context" (got "html").`,
    ],
    [
      { catalog: { budgetPercent: 150 } },
      "'catalog.budgetPercent' in FILE must be a number from 0 to 100 (got 150).",
    ],
    [
      { discovery: { followSymlinks: "yes" } },
      `'discovery.followSymlinks' in FILE must be true or false (got "yes").`,
    ],
    [
      { discovery: { providers: { cursor: "off" } } },
      `'discovery.providers.cursor' in FILE must be true or false (got "off").`,
    ],
    [
      { discovery: { scopeOrder: ["repo", "team"] } },
      `'discovery.scopeOrder[1]' in FILE must be one of "repo", "user", "admin", "system", "plugin", "custom", "remote" (got "team").`,
    ],
    [
      { discovery: { customDirs: "skills" } },
      `'discovery.customDirs' in FILE must be a list of strings (got "skills").`,
    ],
    [[1, 2], "FILE must contain a JSON object (got [1,2])."],
  ])("explains %j", async (content, expected) => {
    await temp.write({ [projectConfig]: JSON.stringify(content) });
    const error = await loadError();
    expect(error.code).toBe("config-invalid");
    expect(error.message).toBe(expected.replace("FILE", temp.join(projectConfig)));
  });

  it("rejects unknown keys with a near-name suggestion", async () => {
    await temp.write({ [projectConfig]: JSON.stringify({ discovery: { provders: { cursor: false } } }) });
    const error = await loadError();
    expect(error.code).toBe("config-invalid");
    expect(error.field).toBe("discovery.provders");
    expect(error.message).toBe(
      `Unexpected key 'discovery.provders' in ${temp.join(projectConfig)}. Did you mean 'providers'?`,
    );
  });

  it("suggests the right place for a key written at the wrong level, else lists the allowed keys", async () => {
    await temp.write({ [projectConfig]: JSON.stringify({ discovery: { maxDepth: 3 }, catlog: {}, zzz: 1 }) });
    const file = temp.join(projectConfig);
    expect((await loadError()).message.split("\n")).toEqual([
      `Unexpected key 'discovery.maxDepth' in ${file}. Did you mean 'discovery.limits.maxDepth'?`,
      `Unexpected key 'catlog' in ${file}. Did you mean 'catalog'?`,
      `Unexpected key 'zzz' in ${file}. Allowed keys here: $schema, discovery, catalog, mentions, search, policy, remotes.`,
    ]);
  });

  it.each([
    ["SKILLSET_CATALOG_BUDGET", "lots", `SKILLSET_CATALOG_BUDGET must be a whole number ≥ 0 (got "lots").`],
    ["SKILLSET_CATALOG_BUDGET", "-5", `SKILLSET_CATALOG_BUDGET must be a whole number ≥ 0 (got "-5").`],
    ["SKILLSET_CONTEXT_WINDOW", "1.5", `SKILLSET_CONTEXT_WINDOW must be a whole number ≥ 1 (got "1.5").`],
    [
      "SKILLSET_CATALOG_FORMAT",
      "html",
      `SKILLSET_CATALOG_FORMAT must be one of "xml", "markdown", "context" (got "html").`,
    ],
  ])("names the variable %s=%s", async (name, value, expected) => {
    const error = await loadError({ [name]: value });
    expect(error.code).toBe("config-invalid");
    expect(error.field).toBe(name);
    expect(error.message).toBe(expected);
  });

  it("fails when SKILLSET_CONFIG names a missing file", async () => {
    const error = await loadError({ SKILLSET_CONFIG: temp.join("nope.json") });
    expect(error.code).toBe("config-unreadable");
    expect(error.message).toBe(
      `Cannot read config file ${temp.join("nope.json")} (named by SKILLSET_CONFIG): it does not exist. Create the file or fix the path.`,
    );
  });

  it("checks flags like a file", async () => {
    const error = await loadError({}, { flags: { catalog: { budgetTokens: -1 } } });
    expect(error.code).toBe("config-invalid");
    expect(error.message).toBe("'catalog.budgetTokens' in the flags must be a whole number ≥ 0 (got -1).");
  });

  it("reports a config path that is a folder", async () => {
    await temp.write({ [join(projectConfig, "x")]: "" });
    const error = await loadError();
    expect(error.code).toBe("config-unreadable");
    expect(error.message).toContain("it is a folder");
  });
});
