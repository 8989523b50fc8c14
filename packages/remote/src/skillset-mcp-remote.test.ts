/**
 * Both halves of the MCP Skills extension meet: skillset as a host (remote skills, SPEC §16) consumes
 * `skillset mcp` (the server, SPEC §13) started on another project, over stdio as an MCP client starts it.
 * The other project's skills arrive as `team:<name>`, beside a local skill of the same name; a load needs
 * approval, reads are verified against the served manifest, and one changed byte revokes the approval.
 */
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { loadSkill, readSkillFile } from "@skillset/core/loader";
import { SkillsetError } from "@skillset/core/model";
import type { ConfirmRequest } from "@skillset/core/policy";
import { createTempDir, type TempDir } from "@skillset/core/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openRemoteHost, type RemoteHost } from "./testing/remote-host.js";

const SKILLSET_BIN = fileURLToPath(new URL("../../cli/bin/skillset.js", import.meta.url));
const NOTES =
  "---\nname: release-notes\ndescription: Write release notes from the git log\n---\n\nFollow references/guide.md.\n";

describe("skillset as a host of `skillset mcp` serving another project", () => {
  let other: TempDir;
  let host: RemoteHost;

  beforeAll(async () => {
    other = await createTempDir("skillset-other-project-");
    await other.write({
      ".git/HEAD": "ref: refs/heads/main\n",
      ".agents/skills/release-notes/SKILL.md": NOTES,
      ".agents/skills/release-notes/references/guide.md": "# Guide\nGroup the commits by area.\n",
      ".agents/skills/pdf/SKILL.md":
        "---\nname: pdf\ndescription: The other project's pdf skill\n---\n\nTheirs.\n",
    });
    const home = other.join("server-home");
    // The server runs as an MCP client would start it, with a home of its own (no skills of this machine).
    const server = {
      label: "team",
      command: "env",
      args: [
        `HOME=${home}`,
        `XDG_CONFIG_HOME=${home}/.config`,
        `XDG_CACHE_HOME=${home}/.cache`,
        `XDG_STATE_HOME=${home}/.state`,
        process.execPath,
        SKILLSET_BIN,
        "mcp",
        "--cwd",
        other.path,
      ],
    };
    host = await openRemoteHost([server], { localSkills: ["pdf"] });
  }, 60_000);

  afterAll(async () => {
    await host?.close();
    await other?.cleanup();
  });

  it("lists the other project's skills as team:<name> in the remote scope, beside the local pdf", () => {
    const notes = host.skills.registry.lookup("team:release-notes");
    expect(notes.kind === "found" && notes.entry.skill.scope).toBe("remote");
    expect(notes.kind === "found" && notes.entry.skill.origin?.uri).toBe("skill://release-notes/SKILL.md");
    const local = host.skills.registry.lookup("pdf");
    expect(local.kind === "found" && local.entry.skill.scope).toBe("repo");
    expect(local.kind === "found" && local.entry.skill.description).toBe("The local pdf skill");
    expect(host.skills.registry.lookup("team:pdf").kind).toBe("found");
  });

  it("loads after approval, reads a bundled file verified, and refuses once the server changes one byte", async () => {
    const asked: ConfirmRequest[] = [];
    let answer = true;
    const session = host.skills.session({
      host: {
        confirm: (request) => {
          asked.push(request);
          return answer;
        },
      },
    });
    const first = await session.prepareTurn("$team:release-notes for 2.0", { source: "user" });
    expect(asked.map((request) => request.remote?.state)).toEqual(["unapproved"]);
    expect(first.activations.map((activation) => activation.skill.qualifiedName)).toEqual([
      "team:release-notes",
    ]);
    expect(first.messages.map((message) => message.content).join("\n")).toContain(
      "Follow references/guide.md.",
    );

    const found = host.skills.registry.lookup("team:release-notes");
    if (found.kind !== "found") throw new Error("team:release-notes is gone");
    const guide = await readSkillFile(found.entry.skill, ["references", "guide.md"]);
    expect(guide).toMatchObject({ kind: "text", text: "# Guide\nGroup the commits by area.\n" });

    // One byte changes in the other project; its server's watcher and digests see it, a reload lists it.
    await writeFile(other.join(".agents/skills/release-notes/SKILL.md"), NOTES.replace("Follow", "FOLLOW"));
    const deadline = Date.now() + 20_000;
    let digestChanged = false;
    while (!digestChanged && Date.now() < deadline) {
      await host.skills.registry.reload();
      const now = host.skills.registry.lookup("team:release-notes");
      digestChanged =
        now.kind === "found" &&
        JSON.stringify(now.entry.skill.origin?.resources) !==
          JSON.stringify(found.entry.skill.origin?.resources);
    }
    expect(digestChanged).toBe(true);

    answer = false;
    const changed = await session.prepareTurn("$team:release-notes for 2.1", { source: "user" });
    expect(changed.activations).toEqual([]);
    expect(asked.map((request) => request.remote?.state)).toEqual(["unapproved", "changed"]);
    const now = host.skills.registry.lookup("team:release-notes");
    if (now.kind !== "found") throw new Error("team:release-notes is gone");
    const error = await loadSkill(now.entry.skill).catch((caught: unknown) => caught);
    expect(SkillsetError.isInstance(error) && error.code).toBe("remote-changed");
  }, 60_000);
});
