/**
 * Random hostile skill trees (issue 7): links to secrets and to `/`, FIFOs, control characters, huge and
 * deeply nested files, at every place a skill file or a reference can be. Every read-only command runs on
 * each tree in a real child process: it never hangs past 10 s, never prints a stack trace, and never prints
 * a byte of a file outside the skill folders (a unique marker planted outside).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { TempDir } from "@skillset/core/test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createTempProject, isolatedEnv } from "../testing/index.js";
import { runBin } from "./run-bin.js";

const posix = process.platform !== "win32";
const MARKER = `OUTSIDE-MARKER-${process.pid}-${Date.now()}`;
/** In a SKILL.md outside every root: a user's own link to it is followed, a repository's never. */
const TRAP = `OUTSIDE-SKILL-${process.pid}-${Date.now()}`;
const ESC = "\u001b";

/** What one skill file (or reference) of the tree is. */
const fileKinds = [
  "plain",
  "controls",
  "huge-body",
  "huge-frontmatter",
  "deep-yaml",
  "no-frontmatter",
  "link-to-secret",
  "link-to-secret-named-skill",
  "link-to-root-folder",
  "fifo",
  "folder",
  "self-link",
] as const;
type FileKind = (typeof fileKinds)[number];

const treeArbitrary = fc.record({
  skills: fc.array(
    fc.record({
      kind: fc.constantFrom(...fileKinds),
      reference: fc.constantFrom("none", "fifo", "link-to-secret", "plain"),
      scope: fc.constantFrom("project", "home"),
      nameControls: fc.boolean(),
    }),
    { minLength: 1, maxLength: 5 },
  ),
  folderLinkOut: fc.boolean(),
});

function frontmatter(name: string, description: string, extra = ""): string {
  return `---\nname: ${JSON.stringify(name)}\ndescription: ${JSON.stringify(description)}\n${extra}---\n`;
}

/** Writes one skill of the given kind at `dir` (a folder path inside `temp`). */
function writeSkill(temp: TempDir, dir: string, index: number, kind: FileKind, controls: boolean): void {
  const file = temp.join(dir, "SKILL.md");
  mkdirSync(temp.join(dir), { recursive: true });
  const name = controls ? `s${index}${ESC}]52;c;eA==\u0007\u202e` : `s${index}`;
  const description = `Use when testing ${index}${controls ? `${ESC}[8m hidden \u009b` : ""}.`;
  const body = `See [ref](references/ref.md) and [up](../../outside/secret.txt).\n`;
  switch (kind) {
    case "plain":
      writeFileSync(file, frontmatter(`s${index}`, description) + body);
      return;
    case "controls":
      writeFileSync(file, frontmatter(name, `${description}${ESC}[2J\u0007`) + body);
      return;
    case "huge-body":
      writeFileSync(file, frontmatter(name, description) + "x".repeat(9 * 1024 * 1024));
      return;
    case "huge-frontmatter":
      writeFileSync(file, frontmatter(name, "y".repeat(80_000)) + body);
      return;
    case "deep-yaml":
      writeFileSync(
        file,
        frontmatter(name, description, `metadata: ${"[".repeat(30_000)}${"]".repeat(30_000)}\n`),
      );
      return;
    case "no-frontmatter":
      writeFileSync(file, `# Title\n\nFirst paragraph ${controls ? `${ESC}[31m` : ""}describes it.\n`);
      return;
    case "link-to-secret":
      symlinkSync(temp.join("outside/secret.txt"), file);
      return;
    case "link-to-secret-named-skill":
      symlinkSync(temp.join("outside/trap/SKILL.md"), file);
      return;
    case "link-to-root-folder":
      symlinkSync("/", temp.join(dir, "root"));
      return;
    case "fifo":
      execFileSync("mkfifo", [file]);
      return;
    case "folder":
      mkdirSync(file);
      return;
    case "self-link":
      symlinkSync("SKILL.md", file);
      return;
  }
}

function writeReference(temp: TempDir, dir: string, kind: string): void {
  const file = temp.join(dir, "references/ref.md");
  if (kind === "none") return;
  mkdirSync(dirname(file), { recursive: true });
  if (kind === "fifo") execFileSync("mkfifo", [file]);
  else if (kind === "link-to-secret") symlinkSync(temp.join("outside/secret.txt"), file);
  else writeFileSync(file, "# Reference\n");
}

const trapLink = {
  kind: "link-to-secret-named-skill",
  reference: "none",
  scope: "project",
  nameControls: false,
} as const;

const commands: string[][] = [
  ["list", "--all", "--json"],
  ["catalog"],
  ["catalog", "--format", "markdown", "--json"],
  ["doctor", "--json"],
  ["validate", "--json"],
  ["lint", "--json"],
  ["show", "s0", "--json"],
  ["read", "skill://s0/references/ref.md"],
  ["resolve", "$s0 $s1 skill://s0/../../outside/secret.txt", "--json"],
];

describe.skipIf(!posix)("random hostile trees", () => {
  it("never hang, crash or print a byte from outside the skill folders", { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(treeArbitrary, async (tree) => {
        const temp = await createTempProject("skillset-hostile-tree-");
        try {
          await temp.write({
            "outside/secret.txt": `${MARKER}\n`,
            "outside/trap/SKILL.md": `---\nname: trap\ndescription: ${TRAP}\n---\n${TRAP}\n`,
            "home/.aws/credentials": `aws_secret_access_key = ${MARKER}\n`,
          });
          tree.skills.forEach((spec, index) => {
            const root = spec.scope === "project" ? "project/.agents/skills" : "home/.agents/skills";
            writeSkill(temp, `${root}/s${index}`, index, spec.kind, spec.nameControls);
            writeReference(temp, `${root}/s${index}`, spec.reference);
          });
          if (tree.folderLinkOut) {
            mkdirSync(temp.join("project/.agents/skills"), { recursive: true });
            symlinkSync(temp.join("outside"), temp.join("project/.agents/skills/outside-link"));
          }
          // The person's own link (user scope) to a SKILL.md elsewhere makes that file a skill of theirs.
          const userLinksTrap = tree.skills.some(
            (spec) => spec.scope === "home" && spec.kind === "link-to-secret-named-skill",
          );
          for (const argv of commands) {
            const run = await runBin(argv, {
              cwd: temp.join("project"),
              env: isolatedEnv(temp),
              timeoutMs: 10_000,
            });
            const output = run.stdout + run.stderr;
            expect(run.timedOut, `${argv.join(" ")} hung`).toBe(false);
            expect(output, `${argv.join(" ")} printed a stack trace`).not.toMatch(
              /internal error|\n\s+at .+:\d+:\d+/,
            );
            expect(output.includes(MARKER), `${argv.join(" ")} printed bytes from outside`).toBe(false);
            if (!userLinksTrap) {
              expect(output.includes(TRAP), `${argv.join(" ")} followed a repository's link out`).toBe(false);
            }
          }
        } finally {
          await temp.cleanup();
        }
      }),
      // Each tree costs a dozen child processes: a few trees keep this under a minute on a loaded 2-core box.
      {
        numRuns: 3,
        examples: [
          // The person's own link to a SKILL.md outside (followed), and a repository's (refused).
          [
            {
              skills: [
                { ...trapLink, scope: "home" },
                { ...trapLink, kind: "plain" },
              ],
              folderLinkOut: false,
            },
          ],
          [{ skills: [trapLink, { ...trapLink, kind: "plain", scope: "home" }], folderLinkOut: true }],
        ],
      },
    );
  });
});
