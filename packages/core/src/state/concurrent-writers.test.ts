import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempDir, type TempDir } from "../test/temp-tree.js";
import { loadEnablement } from "./load-enablement.js";

// Real processes need real JavaScript: the children import the built package's ./internal (`npm run build`).
const builtModule = fileURLToPath(new URL("../../dist/internal.js", import.meta.url));
const built = existsSync(builtModule) && readFileSync(builtModule, "utf8").includes("setSkillEnabled");

const writers = 20;

// Each child signals it is ready, waits for the shared `go` file, then disables its own skill.
const childScript = `
import { existsSync, writeFileSync } from "node:fs";
const [moduleUrl, barrier, key, xdg, projectRoot, home] = process.argv.slice(2);
const { setSkillEnabled } = await import(moduleUrl);
writeFileSync(barrier + "/ready-" + key, "");
while (!existsSync(barrier + "/go")) await new Promise((resolve) => setTimeout(resolve, 2));
await setSkillEnabled({ key, enabled: false, projectRoot, home, env: { XDG_CONFIG_HOME: xdg } });
`;

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir();
});
afterEach(() => temp.cleanup());

describe.skipIf(!built)(
  "concurrent writers across processes (needs `npm run build`; skipped without it)",
  () => {
    it(`loses no update when ${writers} processes disable different skills at the same moment`, async () => {
      const script = temp.join("disable-one.mjs");
      const barrier = temp.join("barrier");
      await temp.write({ "disable-one.mjs": childScript, "barrier/.keep": "" });
      const location = { xdg: temp.join("xdg"), projectRoot: temp.join("project"), home: temp.join("home") };
      const keys = Array.from({ length: writers }, (_, i) => `skill-${String(i).padStart(2, "0")}`);

      const exits = keys.map(
        (key) =>
          new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
            const child = spawn(
              process.execPath,
              [
                script,
                pathToFileURL(builtModule).href,
                barrier,
                key,
                location.xdg,
                location.projectRoot,
                location.home,
              ],
              { stdio: ["ignore", "ignore", "pipe"] },
            );
            let stderr = "";
            child.stderr.on("data", (chunk) => {
              stderr += chunk;
            });
            child.on("error", reject);
            child.on("exit", (code) => resolve({ code, stderr }));
          }),
      );
      while (readdirSync(barrier).filter((name) => name.startsWith("ready-")).length < writers) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await writeFile(temp.join("barrier/go"), "");
      const results = await Promise.all(exits);

      expect(results).toEqual(keys.map(() => ({ code: 0, stderr: "" })));
      const stateFile = temp.join("xdg/skillset/state.json");
      expect(JSON.parse(readFileSync(stateFile, "utf8"))).toEqual({
        version: 1,
        disabled: keys,
        enabled: [],
      });
      expect(readdirSync(temp.join("xdg/skillset"))).toEqual(["state.json"]);
      const { enablement, diagnostics } = await loadEnablement({
        projectRoot: location.projectRoot,
        home: location.home,
        env: { XDG_CONFIG_HOME: location.xdg },
      });
      expect(diagnostics).toEqual([]);
      expect(enablement.disabledKeys).toEqual(keys);
    }, 60_000);
  },
);
