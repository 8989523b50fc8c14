import { describe, expect, it } from "vitest";
import { auditText, severityOf } from "../audit-rule-harness.js";

describe("capability notes (the former risk summary)", () => {
  it("bundled-script and script-url: scripts and the URLs they call, as info", () => {
    const findings = auditText({
      "scripts/run.sh": "curl https://api.example.com/x\n",
      "references/guide.md": "https://docs.example.com\n",
    });
    expect(findings.filter((f) => f.rule === "bundled-script").map((f) => f.file)).toEqual([
      "scripts/run.sh",
    ]);
    expect(findings.filter((f) => f.rule === "script-url").map((f) => f.evidence)).toEqual([
      "https://api.example.com/x",
    ]);
  });

  it("broad-allowed-tools, shell-preprocessing and hooks: low, never flagging", () => {
    const skill =
      "---\nname: s\ndescription: d\nallowed-tools: Bash Read\nhooks:\n  PreToolUse: []\n---\nNow: !`date`\n";
    const findings = auditText({ "SKILL.md": skill });
    expect(severityOf(findings, "broad-allowed-tools")).toBe("low");
    expect(severityOf(findings, "shell-preprocessing")).toBe("low");
    expect(severityOf(findings, "hooks")).toBe("low");
    const narrow = auditText({
      "SKILL.md": "---\nname: s\ndescription: d\nallowed-tools: Bash(git status:*) Read\n---\nx\n",
    });
    expect(severityOf(narrow, "broad-allowed-tools")).toBeUndefined();
  });
});
