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
