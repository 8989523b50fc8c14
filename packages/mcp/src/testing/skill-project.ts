/**
 * @module The skill tree the MCP tests serve: a git project with repo skills (one forked, one user-only,
 * one model-only, one with a link out of its folder, one denied, one asked about), a user skill of the same name (shadowed), and a
 * secret file outside every skill folder. Not exported from the package.
 */
import { symlink } from "node:fs/promises";
import { createTempProject, isolatedEnv, TEMP_PROJECT_CONFIG, type TempDir } from "@skillset/core/test";

/** What lies outside every skill: a read that returns it is a traversal. */
export const SECRET = "TOP-SECRET-OUTSIDE-THE-SKILL";

/** Creates the tree; serve `temp.join("project")` with `isolatedEnv(temp)`. */
export async function createSkillProject(prefix = "skillset-mcp-"): Promise<TempDir> {
  const temp = await createTempProject(prefix);
  await temp.write({
    "project/.skillset/config.json": JSON.stringify({
      ...TEMP_PROJECT_CONFIG,
      policy: {
        importAgentSettings: false,
        permissions: [
          { action: "deny", skill: "secret-plan" },
          { action: "ask", skill: "guarded" },
        ],
      },
    }),
    "secret.txt": `${SECRET}\n`,
    "project/.agents/skills/pdf/references/tables.md": "# Tables\nUse pdfplumber for tables.\n",
    "project/.agents/skills/pdf/scripts/merge.sh": "#!/bin/sh\necho merge\n",
  });
  await temp.writeSkill(
    "project/.agents/skills/pdf",
    { name: "pdf", description: "Fill, merge and split PDF files and forms", "argument-hint": "[file]" },
    "Work on the PDF $ARGUMENTS. For tables read references/tables.md.\n",
  );
  await temp.writeSkill(
    "project/.agents/skills/release-notes",
    { name: "release-notes", description: "Write release notes from the git log of a release" },
    "1. Run git log since the last tag.\n2. Group the commits.\n",
  );
  await temp.writeSkill(
    "project/.agents/skills/deep-review",
    { name: "deep-review", description: "Review a change in depth as a separate task", context: "fork" },
    "Review $ARGUMENTS line by line.\n",
  );
  await temp.writeSkill(
    "project/.agents/skills/deploy",
    { name: "deploy", description: "Deploy the site to production", "disable-model-invocation": true },
    "Deploy with care.\n",
  );
  await temp.writeSkill(
    "project/.agents/skills/house-style",
    { name: "house-style", description: "The house style for prose", "user-invocable": false },
    "Short sentences.\n",
  );
  await temp.writeSkill(
    "project/.agents/skills/secret-plan",
    { name: "secret-plan", description: "The secret plan, denied by a permission rule" },
    "Nobody may read this.\n",
  );
  await temp.writeSkill(
    "project/.agents/skills/guarded",
    { name: "guarded", description: "A skill a permission rule asks about first" },
    "Guarded instructions.\n",
  );
  await temp.writeSkill(
    "home/.agents/skills/pdf",
    { name: "pdf", description: "An older PDF skill in the user's folder" },
    "Old PDF instructions.\n",
  );
  await symlink(temp.join("secret.txt"), temp.join("project/.agents/skills/pdf/leak.md"));
  return temp;
}

/** The environment to run the server in: isolated HOME, plus PATH for the child process. */
export function serverEnv(temp: TempDir): Record<string, string> {
  return { ...isolatedEnv(temp), PATH: process.env.PATH ?? "", NO_COLOR: "1" };
}
