import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { lintRules } from "../validate/rules/index.js";
import { AUDIT_RULES } from "./audit-rules.js";

// One place for what a skill does (SPEC §17): the audit's rules. Lint checks how a skill is written and
// has no copy of them — no rule of the same id, and no lint rule module that looks for what the audit's
// signals look for (network sends, secrets, download-and-execute, encoded payloads, destruction).
describe("the audit's rules", () => {
  it("have unique ids that no lint rule shares", () => {
    const ids = AUDIT_RULES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(lintRules.map((rule) => rule.id).filter((id) => ids.includes(id))).toEqual([]);
  });

  it("are not repeated in lint's rule modules", () => {
    const folder = fileURLToPath(new URL("../validate/rules/", import.meta.url));
    const signals =
      /curl|wget|\.ssh|aws\/credentials|authorized_keys|base64|b64decode|printenv|process\.env|pastebin|webhook|ngrok|rm\s+-rf|crontab|\/dev\/tcp|eval\s*\(|fromCharCode|u200b|e0000/i;
    const copies = readdirSync(folder)
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
      .filter((file) => signals.test(readFileSync(`${folder}${file}`, "utf8")));
    expect(copies).toEqual([]);
  });
});
