import { describe, expect, it } from "vitest";
import { auditText, severityOf } from "../audit-rule-harness.js";

describe("destruction rules", () => {
  it("destructive-delete: a home or root folder, not a build or cache folder", () => {
    expect(severityOf(auditText({ "s.sh": "rm -rf ~/\n" }), "destructive-delete")).toBe("critical");
    expect(severityOf(auditText({ "s.sh": 'rm -rf "$HOME"\n' }), "destructive-delete")).toBe("critical");
    expect(
      severityOf(auditText({ "s.py": "shutil.rmtree(os.path.expanduser('~'))\n" }), "destructive-delete"),
    ).toBe("critical");
    const house = 'rm -rf ./build dist\nrm -rf "$HOME/.cache/tool"\nrm -rf ~/.cache/pip\n';
    expect(severityOf(auditText({ "s.sh": house }), "destructive-delete")).toBeUndefined();
  });

  it("destructive-delete: a home folder shown as what not to do stays medium; a root one in a list of patterns is low", () => {
    const home = "Start from a clean slate:\n\n```bash\nrm -rf ~\n```\n";
    expect(severityOf(auditText({ "SKILL.md": home }), "destructive-delete")).toBe("critical");
    const shown = "Never run this:\n\n```bash\nrm -rf ~\n```\n";
    expect(severityOf(auditText({ "SKILL.md": shown }), "destructive-delete")).toBe("medium");
    const listed = "## Attack patterns to block\n\n- Destructive commands: `rm -rf /`, `mkfs.ext4`\n";
    expect(severityOf(auditText({ "SKILL.md": listed }), "destructive-delete")).toBe("low");
  });

  it("fork-bomb: the classic and named forms, not a function that calls itself once", () => {
    expect(severityOf(auditText({ "s.sh": ":(){ :|:& };:\n" }), "fork-bomb")).toBe("critical");
    expect(severityOf(auditText({ "s.sh": "bomb(){ bomb|bomb& };bomb\n" }), "fork-bomb")).toBe("critical");
    expect(severityOf(auditText({ "s.sh": "greet(){ echo hi; }; greet\n" }), "fork-bomb")).toBeUndefined();
  });

  it("network-loop: requests with no pause or exit, not a poll that sleeps", () => {
    expect(
      severityOf(
        auditText({ "s.sh": "while true; do\n  curl -s https://x.example/\ndone\n" }),
        "network-loop",
      ),
    ).toBe("high");
    expect(
      severityOf(
        auditText({ "s.sh": "while true; do\n  curl -s https://x.example/\n  sleep 5\ndone\n" }),
        "network-loop",
      ),
    ).toBeUndefined();
  });
});
