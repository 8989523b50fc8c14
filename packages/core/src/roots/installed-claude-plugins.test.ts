import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { createTempDir, type TempDir } from "../test/temp-tree.js";
import { readInstalledPlugins } from "./installed-claude-plugins.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir("skillset-installed-plugins-");
});
afterEach(() => temp.cleanup());

/** `installed_plugins.json` naming one plugin, padded with `padding` spaces (still valid JSON). */
const installed = (padding = 0) =>
  `${JSON.stringify({
    version: 2,
    plugins: { "toolbox@mkt": [{ scope: "user", installPath: "cache/mkt/toolbox/1.0.0" }] },
  })}${" ".repeat(padding)}`;

describe("readInstalledPlugins", () => {
  it("reads the records of Claude Code's installed_plugins.json", async () => {
    await temp.write({ "plugins/installed_plugins.json": installed() });
    expect(await readInstalledPlugins(nodeFileSystem, temp.join("plugins"), temp.path)).toEqual([
      { dir: temp.join("plugins/cache/mkt/toolbox/1.0.0"), key: "toolbox@mkt", installedName: "toolbox" },
    ]);
  });

  it("does not read a file over 1 MiB (real ones are a few KiB): no plugins from it, as for an unreadable one", async () => {
    await temp.write({ "plugins/installed_plugins.json": installed(1024 * 1024) });
    expect(await readInstalledPlugins(nodeFileSystem, temp.join("plugins"), temp.path)).toBeUndefined();
  });
});
