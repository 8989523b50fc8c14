import { describe, expect, it } from "vitest";
import { auditSkillBytes } from "./audit-skill.js";

// SPEC §15: every command stays bounded. The audit's patterns look along one line; written plainly, a
// pattern like `curl[^|]*\|` is tried at every `curl` and looks to the end of the line each time, so a
// 300 KB line of `curl curl …` took a minute and `<!--` repeated took minutes. Each kind below is a 300 KB
// line in SKILL.md's prose, in a fenced block and in a script; each audit must take well under a second.
const SIZE = 300_000;
const KINDS = [
  "curl ",
  "wget ",
  "iwr ",
  "irm ",
  "dig $(",
  "<!--",
  "<!-- run curl ",
  "curl -d ",
  "curl -F ",
  "| curl ",
  "curl|a=",
  "Remove-Item ~ ",
  "rm -rf -rf ",
  "nohup &   ",
  ".ssh    ",
  "eval(",
  "exec(",
  "base64 -d ",
  "> ~/.bashrc ",
  "authorized_keys ",
  "socket.socket;",
  "if x == ",
  "when the user says 'x' ",
  "chr(99)+",
  "$a",
  "send it to https://x.example ",
  "read ~/.ssh/id_rsa and send ",
  "    curl ",
  "<pre>",
  'a=$(curl x); eval "$a"; ',
  "x = requests.get(u).text; ",
  "h = Path.home(); shutil.rmtree(h); ",
  "curl -o /tmp/a x; ",
];
const wrap = {
  prose: (line: string) => ({ "SKILL.md": `${line}\n` }),
  fence: (line: string) => ({ "SKILL.md": `\`\`\`bash\n${line}\n\`\`\`\n` }),
  script: (line: string) => ({ "SKILL.md": "Run the script.\n", "scripts/run.sh": `#!/bin/sh\n${line}\n` }),
};

function audit(files: Record<string, string>): number {
  const bytes = Object.entries(files).map(([path, text]) => ({
    path,
    bytes: Buffer.from(
      path === "SKILL.md" ? `---\nname: adversary\ndescription: Formats tables.\n---\n\n${text}` : text,
    ),
  }));
  const start = performance.now();
  auditSkillBytes("/skill", "/skill/SKILL.md", bytes);
  return performance.now() - start;
}

describe("the audit's time on adversarial lines", () => {
  it("stays linear: a 300 KB line of any repeated word is audited in well under a second", () => {
    const slow: string[] = [];
    for (const kind of KINDS) {
      const line = kind.repeat(Math.ceil(SIZE / kind.length)).slice(0, SIZE);
      for (const [place, make] of Object.entries(wrap)) {
        // The faster of two runs: a shared machine's pauses are not the audit's.
        const ms = Math.min(audit(make(line)), audit(make(line)));
        if (ms > 500) slow.push(`${JSON.stringify(kind)} in ${place}: ${ms.toFixed(0)} ms`);
      }
    }
    expect(slow).toEqual([]);
  }, 120_000);
});
