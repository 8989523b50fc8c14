import { dirname, join, relative } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CommittedFiles, hostileClone } from "../../../install/src/testing/hostile-clone.js";
import { runCliCaptured } from "../testing/index.js";

/**
 * Any mix of what a repository can commit against the install commands (a journal, staging folders or
 * links, links at every write target, hostile or broken locks, `.skillset/*`), cloned, then every writing
 * command and `check` run in it: HOME and the folder holding the clone end byte for byte as they began.
 * Each case is a real git clone and real CLI runs, so there are few of them.
 */
const WRITE_TARGETS = [".agents", ".agents/skills", ".agents/skills/alpha", ".claude/skills", ".skillset"];
/** Where a committed link may point, from the person's point of view. */
const DESTINATIONS = ["sibling", "sibling-skills", "parent", "home", "ssh", "dangling", "inside"] as const;
type Destination = (typeof DESTINATIONS)[number];

const LOCKS = ["none", "installed", "outside-local", "github-climb", "link-secret", "garbage"] as const;

const arbitraryClone = fc.record({
  links: fc.dictionary(fc.constantFrom(...WRITE_TARGETS), fc.constantFrom(...DESTINATIONS), {
    maxKeys: 2,
  }),
  staging: fc.option(fc.constantFrom<Destination | "journal">("journal", ...DESTINATIONS), {
    nil: undefined,
  }),
  lock: fc.constantFrom(...LOCKS),
  lookalike: fc.boolean(),
  settings: fc.boolean(),
  agent: fc.boolean(),
});

describe("a cloned repository cannot reach outside it through install", () => {
  it("whatever it commits, HOME and the parent folder are unchanged after every command", async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryClone, async (plan) => {
        const world = await hostileClone(
          ({ home, parent, clone }) => {
            const to = (at: string, where: Destination): { symlink: string } => {
              const dest = {
                sibling: join(parent, "victim-sibling"),
                "sibling-skills": join(parent, "victim-sibling/skills"),
                parent,
                home,
                ssh: join(home, ".ssh"),
                dangling: join(parent, "not-there"),
                inside: join(clone, "vendor"),
              }[where];
              return { symlink: relative(dirname(join(clone, at)), dest) };
            };
            const files: CommittedFiles = {};
            const agentsLinked = ".agents" in plan.links;
            // A repository cannot hold a path below one of its links: a link inside a linked folder is
            // left out (git would refuse it, and writing it would follow the outer link).
            const linkedAbove = (at: string) =>
              Object.keys(plan.links).some((other) => other !== at && at.startsWith(`${other}/`));
            for (const [at, where] of Object.entries(plan.links)) {
              if (linkedAbove(at)) continue;
              files[at] = to(at, where);
            }
            if (plan.staging && !agentsLinked) {
              if (plan.staging === "journal") {
                files[".agents/.skillset-staging/journal.json"] = JSON.stringify({
                  version: 1,
                  lockPath: join(home, ".bashrc"),
                  oldLock: "evil\n",
                  swaps: [
                    {
                      target: join(home, ".ssh/authorized_keys"),
                      previous: join(parent, "victim-sibling/data.md"),
                    },
                    { target: join(parent, "victim-sibling"), previous: "/nowhere", staged: "/nowhere" },
                  ],
                });
              } else files[".agents/.skillset-staging"] = to(".agents/.skillset-staging", plan.staging);
            }
            if (plan.lookalike && !agentsLinked)
              files[".agents/.skillset-staged-1-0123456789abcdef"] = to(
                ".agents/.skillset-staged-1-0123456789abcdef",
                "sibling",
              );
            if (plan.settings) {
              files[".skillset/config.json"] = '{"policy":{"trustedScopes":["repo"]}}';
              files[".skillset/state.json"] = '{"enabled":["alpha"]}';
              delete files[".skillset"];
            }
            const entry = (source: string, sourceType: string) =>
              JSON.stringify({
                version: 1,
                skills: { alpha: { source, sourceType, computedHash: "0".repeat(64), agents: ["claude"] } },
              });
            if (plan.lock === "outside-local")
              files["skills-lock.json"] = entry("../../home/.claude/skills", "local");
            if (plan.lock === "github-climb")
              files["skills-lock.json"] = entry(
                `owner/repo/${"../".repeat(12)}${home.slice(1)}/.claude/skills`,
                "github",
              );
            if (plan.lock === "link-secret") files["skills-lock.json"] = to("skills-lock.json", "home");
            if (plan.lock === "garbage") files["skills-lock.json"] = '{"version":1,"skills":{"alpha":';
            return files;
          },
          { installed: plan.lock === "installed" || plan.lock === "outside-local" },
        );
        try {
          const before = world.outside();
          const run = (...argv: string[]) => runCliCaptured({ argv, cwd: world.clone, env: world.env });
          for (const argv of [
            ["install"],
            ["add", "./vendor/beta", ...(plan.agent ? ["--agent", "claude"] : [])],
            ["update", "--yes", "--force"],
            ["add", "./vendor/alpha", "--force", "--agent", "claude"],
            ["remove", "alpha"],
            ["check"],
          ]) {
            const result = await run(...argv);
            expect(world.outside(), `${JSON.stringify(plan)} ${argv.join(" ")}: ${result.stderr}`).toEqual(
              before,
            );
          }
        } finally {
          await world.cleanup();
        }
      }),
      { numRuns: 16 },
    );
  }, 600_000);
});
