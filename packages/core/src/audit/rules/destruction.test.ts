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

  it("destructive-delete: everything in a home folder, quoted, after --, by find, through a name, on Windows", () => {
    const caught = {
      "a.sh": "rm -rf $HOME/*\n",
      "b.sh": 'rm -rf -- "$HOME"\n',
      "c.sh": `rm -rf "\${HOME:?}"/*\n`,
      "d.sh": 'find "$HOME" -mindepth 1 -delete\n',
      "e.py": 'import os, shutil\nhome = os.path.expanduser("~")\nshutil.rmtree(home, ignore_errors=True)\n',
      "f.js": "const home = os.homedir();\nfs.rmSync(home, { recursive: true, force: true });\n",
      "g.ps1": "Remove-Item -Recurse -Force $env:USERPROFILE\\*\n",
    };
    for (const [file, text] of Object.entries(caught))
      expect([file, severityOf(auditText({ [file]: text }), "destructive-delete")]).toEqual([
        file,
        "critical",
      ]);
    const near = {
      "a.py": 'home = os.path.expanduser("~")\nshutil.rmtree(os.path.join(home, ".cache", "tool"))\n',
      "b.sh": 'find "$HOME/.cache/tool" -name "*.tmp" -delete\n',
      "c.ps1": "Remove-Item -Recurse -Force $env:TEMP\\tool\n",
    };
    for (const [file, text] of Object.entries(near))
      expect([file, severityOf(auditText({ [file]: text }), "destructive-delete")]).toEqual([
        file,
        undefined,
      ]);
  });

  it("destructive-delete: what a comment says is not run; a # inside quotes starts no comment", () => {
    const pitfall = '```bash\nrm -rf "$BUILD_DIR/"*   # with BUILD_DIR empty this becomes rm -rf /*\n```\n';
    expect(severityOf(auditText({ "SKILL.md": pitfall }), "destructive-delete")).toBeUndefined();
    expect(
      severityOf(auditText({ "s.sh": "# never: rm -rf ~\necho done\n" }), "destructive-delete"),
    ).toBeUndefined();
    expect(severityOf(auditText({ "s.sh": "rm -rf /*  # start over\n" }), "destructive-delete")).toBe(
      "critical",
    );
    expect(severityOf(auditText({ "s.sh": 'echo "# step 2" && rm -rf ~\n' }), "destructive-delete")).toBe(
      "critical",
    );
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
