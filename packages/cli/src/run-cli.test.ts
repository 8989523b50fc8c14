import { readFileSync } from "node:fs";
import { createTempDir, type TempDir } from "@skillset/core/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandNames, loadCommands } from "./commands/index.js";
import { isolatedEnv, runCliCaptured } from "./testing/index.js";

const commands = await loadCommands();

// Help and usage errors return before any command runs; the temp dir only keeps the user's files out.
let temp: TempDir;
beforeAll(async () => {
  temp = await createTempDir("skillset-run-cli-");
});
afterAll(() => temp.cleanup());

const cli = (...argv: string[]) =>
  runCliCaptured({ argv, cwd: temp.path, env: isolatedEnv(temp), replaceTemp: temp.path });

describe("skillset (the dispatcher)", () => {
  it("--help lists every command", async () => {
    const { code, stdout, stderr } = await cli("--help");
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(stdout).toMatchInlineSnapshot(`
      "skillset — find, check and use Agent Skills

      Usage: skillset <command> [options]

      Commands:
        list             List the skills in effect here (--all adds shadowed and
                         disabled ones)
        show             Show one skill: metadata, path, state and diagnostics
        doctor           Explain discovery: roots, precedence, load errors, shadowed
                         and disabled skills
        validate         Check skills against the Agent Skills specification
                         (--strict: as skills-ref does)
        lint             Check skills for problems beyond the specification (triggers,
                         references, tools, names)
        audit            Look for what a malicious skill does: hidden instructions,
                         secret theft, exfiltration, payloads
        read-properties  Print a skill's frontmatter as JSON (like skills-ref
                         read-properties)
        to-prompt        Print the <available_skills> XML for the given skill folders
        catalog          Print the skills catalog the model sees, fitted into its
                         token budget
        resolve          Show what a message would activate: skills, messages and the
                         remaining task
        search           Find skills by what they do, a name, or the start of one
        load             Print a skill's instructions with arguments applied, in a
                         model envelope
        read             Print a file of a skill by its skill:// URL
        enable           Enable a skill by name, plugin:name or path (user settings;
                         --project for this project)
        disable          Disable a skill by name, plugin:name or path (user settings;
                         --project for this project)
        state            Show the saved enable/disable settings (user and project)
        trust            Trust this project: let its own settings files widen what you
                         allow (--revoke, --list)
        new              Create a skill folder with a SKILL.md that passes validate
                         --strict and lint
        watch            Print skills as they are added, changed or removed
        mcp              Serve the skills to MCP clients (stdio, or Streamable HTTP)
        add              Install skills from a folder, git repository, archive URL or
                         .well-known index
        remove           Uninstall skills that add installed (folder, agent links,
                         lock entry)
        install          Restore the skills recorded in skills-lock.json, verifying
                         their digests
        check            Report installed skills edited locally, missing, changed
                         upstream or whose source is gone
        update           Update installed skills from their sources (changed digests
                         need approval)
        registry         Build a static .well-known/skills/index.json from a folder of
                         skills
        remote           Remote skills from your MCP servers: list, check for changes,
                         approve label:name
        compose          Write a message with the $ skill popup; Enter shows what the
                         turn would load
        pick             Pick a skill with a fuzzy finder and print its name (or
                         --path)
        completion       Print the shell completion script (bash, zsh or fish)

      Run \`skillset <command> --help\` for a command's options.
      "
    `);
  });

  it("prints the command list with no arguments, -h, and a bare help", async () => {
    const { stdout: expected } = await cli("--help");
    for (const argv of [[], ["-h"], ["help"]]) {
      expect(await cli(...argv)).toEqual({ code: 0, stdout: expected, stderr: "" });
    }
  });

  it("`help <unknown>` exits 2 with a suggestion", async () => {
    expect(await cli("help", "lsit")).toEqual({
      code: 2,
      stdout: "",
      stderr:
        "skillset help: unknown command 'lsit'. Did you mean list? Run `skillset --help` for the list.\n",
    });
    expect((await cli("help", "nosuch")).code).toBe(2);
  });

  it("`help <command>` prints the command's help", async () => {
    const { code, stdout } = await cli("help", "show");
    expect(code).toBe(0);
    expect(stdout).toMatchInlineSnapshot(`
      "Usage: skillset show <name|path> [--json]

      Show one skill: metadata, path, state and diagnostics

      A name is a skill's name (or plugin:name); a path is its SKILL.md or its folder.

      Options:
            --json                   Print JSON
            --cwd DIR                Run as if started in this directory
            --no-color               Never colour the output (also NO_COLOR=1)
            --follow-external-links  Follow links leaving the project's skill folders
        -h, --help                   Show help for the command
      "
    `);
  });

  it("finds each command's row under its own name", () => {
    expect(commands.map((command) => command.name)).toEqual(commandNames);
  });

  it.each(commands.map((command) => [command.name]))(
    "%s --help prints its usage and exits 0",
    async (name) => {
      const result = await cli(name, "--help");
      expect(result.code).toBe(0);
      expect(result.stderr).toBe("");
      expect(result.stdout.startsWith(`Usage: skillset ${name}`)).toBe(true);
      expect(result.stdout).toContain("--cwd DIR");
      expect(await cli("help", name)).toEqual(result);
    },
  );

  it("an unknown command exits 2 and suggests near names", async () => {
    expect(await cli("lsit")).toMatchInlineSnapshot(`
      {
        "code": 2,
        "stderr": "skillset: unknown command 'lsit'. Did you mean list? Run \`skillset --help\` for the list.
      ",
        "stdout": "",
      }
    `);
    expect((await cli("val")).stderr).toContain("Did you mean validate?");
    expect((await cli("frobnicate")).stderr).toMatchInlineSnapshot(`
      "skillset: unknown command 'frobnicate'. Run \`skillset --help\` for the list.
      "
    `);
  });

  it("an unknown flag exits 2, names the flag and prints the usage", async () => {
    // The middle of the message is Node's (parseArgs), so only its edges are pinned.
    const { code, stdout, stderr } = await cli("list", "--bogus");
    expect({ code, stdout }).toEqual({ code: 2, stdout: "" });
    expect(stderr).toMatch(/^skillset list: .*'--bogus'/);
    expect(stderr.endsWith("\nUsage: skillset list [--all] [--scope SCOPE] [--json]\n")).toBe(true);
  });

  it("an unknown flag gets a did-you-mean", async () => {
    const { code, stderr } = await cli("list", "--jsno");
    expect(code).toBe(2);
    expect(stderr.split("\n")[0]).toBe("skillset list: unknown option '--jsno'. Did you mean --json?");
  });

  it("--cwd that is not a folder is a usage error, not an empty result", async () => {
    const { code, stdout, stderr } = await cli("list", "--cwd", "/nonexistent/skillset-nowhere");
    expect({ code, stdout }).toEqual({ code: 2, stdout: "" });
    expect(stderr.split("\n")[0]).toBe("skillset list: --cwd /nonexistent/skillset-nowhere: no such folder");
  });

  it("too many or too few positionals exit 2", async () => {
    expect(await cli("show", "pdf", "docx")).toMatchInlineSnapshot(`
      {
        "code": 2,
        "stderr": "skillset show: unexpected argument 'docx'
      Usage: skillset show <name|path> [--json]
      ",
        "stdout": "",
      }
    `);
    expect(await cli("show")).toMatchInlineSnapshot(`
      {
        "code": 2,
        "stderr": "skillset show: missing argument
      Usage: skillset show <name|path> [--json]
      ",
        "stdout": "",
      }
    `);
  });

  it("--version prints the version of the skillset package", async () => {
    const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
    expect(await cli("--version")).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
    expect(await cli("-v")).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
  });
});

describe("help fits the terminal", () => {
  const tooWide = (text: string, width: number) =>
    text.split("\n").filter((line) => [...line].length > width);

  it("--help and every command's --help fit 80 columns, and a narrower terminal", async () => {
    expect(tooWide((await cli("--help")).stdout, 80)).toEqual([]);
    for (const command of commands) {
      const { stdout } = await cli(command.name, "--help");
      expect(tooWide(stdout, 80)).toEqual([]);
    }
    const narrow = await runCliCaptured({
      argv: ["validate", "--help"],
      cwd: temp.path,
      env: isolatedEnv(temp),
      columns: 50,
    });
    expect(tooWide(narrow.stdout, 50)).toEqual([]);
    expect(narrow.stdout).toContain("--strict");
  });
});
