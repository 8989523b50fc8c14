import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempDir, type TempDir } from "../test/temp-tree.js";
import { lintPaths } from "./lint-paths.js";
import { validatePaths } from "./validate-paths.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir();
});
afterEach(() => temp.cleanup());

describe("frontmatter keys named like Object.prototype's members", () => {
  it.each(["__proto__", "constructor", "toString", "hasOwnProperty"])(
    "%s: every finding on it has its own line, a whole number",
    async (key) => {
      await temp.write({ "s/SKILL.md": `---\nname: s\ndescription: Use when x.\n${key}: y\n---\nBody.\n` });
      const reports = [
        ...(await validatePaths([temp.join("s")], { mode: "strict" })),
        ...(await validatePaths([temp.join("s")], { mode: "lenient" })),
        ...(await lintPaths([temp.join("s")])),
      ];
      const findings = reports.flatMap((report) => report.diagnostics);
      expect(findings.some((finding) => finding.code === "unexpected-fields")).toBe(true);
      for (const finding of findings) if (finding.line !== undefined) expect(finding.line).toBe(4);
    },
  );
});
