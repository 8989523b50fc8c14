import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Ink and React are optional peers: every command that loads the terminal UI must be named where the
// README says what needs them (it once named only compose, and pick failed for people who followed it).
const commandsDir = fileURLToPath(new URL("../commands/", import.meta.url));
const readme = readFileSync(fileURLToPath(new URL("../../../../README.md", import.meta.url)), "utf8");

describe("the optional terminal UI packages", () => {
  it("the README names every command that needs ink and react", () => {
    const needing = readdirSync(commandsDir)
      .filter((file) => file.endsWith(".run.ts"))
      .filter((file) => readFileSync(`${commandsDir}${file}`, "utf8").includes("importTerminalUi("))
      .map((file) => file.replace(".run.ts", ""))
      .sort();
    expect(needing).toEqual(["compose", "pick"]);
    const install = readme
      .split("\n\n")
      .find((paragraph) => paragraph.includes("npm install -g ink@6 react@19"));
    expect(install).toBeDefined();
    for (const name of needing) expect(install, name).toContain(`\`skillset ${name}\``);
    for (const name of needing) {
      const tourLine = readme.split("\n").find((line) => line.startsWith(`npx skillset ${name} `));
      expect(tourLine, name).toMatch(/needs ink and react/);
    }
  });
});
