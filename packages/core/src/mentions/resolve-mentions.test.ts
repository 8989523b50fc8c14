import { describe, expect, it } from "vitest";
import type { RegistryEntry } from "../registry/registry-types.js";
import { makeEntry } from "../test/make-skill.js";
import {
  chooseOneMessage,
  deniedMessage,
  disabledMessage,
  linkInvalidMessage,
  modelOnlyMessage,
  notFoundMessage,
  notInvocableMessage,
  suggestionMessage,
  userOnlyMessage,
} from "./messages.js";
import { type ResolveMentionsOptions, resolveMentions } from "./resolve-mentions.js";

const debugging = makeEntry({ skill: { name: "systematic-debugging" } });
const rootCause = makeEntry({ skill: { name: "root-cause-debugging" } });
const superpowers = makeEntry({
  skill: { name: "systematic-debugging", namespace: "superpowers", scope: "plugin" },
});
const tdd = makeEntry({ skill: { name: "test-driven-development" } });
const ghFixCi = makeEntry({ skill: { name: "gh-fix-ci", namespace: "github", scope: "plugin" } });
const aleph = makeEntry({ skill: { name: "aleph" }, enabled: false });
const pdf = makeEntry({ skill: { name: "pdf", dir: "/home/me/my skills/pdf" } });

const registry: RegistryEntry[] = [debugging, rootCause, superpowers, tdd, ghFixCi, aleph, pdf];

function resolve(text: string, entries = registry, options: Partial<ResolveMentionsOptions> = {}) {
  return resolveMentions(text, entries, { source: "user", ...options });
}

/** `[code, message]` of each diagnostic. */
function said(text: string, entries = registry, options: Partial<ResolveMentionsOptions> = {}) {
  return resolve(text, entries, options).diagnostics.map((d) => [d.code, d.message]);
}

function activated(text: string, entries = registry, options: Partial<ResolveMentionsOptions> = {}) {
  return resolve(text, entries, options).activations.map((a) => a.skill.qualifiedName);
}

describe("resolveMentions: the SPEC §8 table", () => {
  it("$systematic-debugging fix the auth bug → activates it; the task is the rest", () => {
    const turn = resolve("$systematic-debugging fix the auth bug");
    expect(turn.activations.map((a) => a.skill)).toEqual([debugging.skill]);
    expect(turn.activations[0]?.mention).toMatchObject({ kind: "dollar", raw: "$systematic-debugging" });
    expect(turn.visibleLines).toEqual(["Using skill: systematic-debugging"]);
    expect(turn.task).toBe("fix the auth bug");
    expect(turn.diagnostics).toEqual([]);
    expect(turn.source).toBe("user");
  });

  it("$github:gh-fix-ci inspect failing checks → activates the namespaced skill", () => {
    const turn = resolve("$github:gh-fix-ci inspect failing checks");
    expect(turn.activations.map((a) => a.skill)).toEqual([ghFixCi.skill]);
    expect(turn.visibleLines).toEqual(["Using skill: github:gh-fix-ci"]);
    expect(turn.task).toBe("inspect failing checks");
  });

  it("$nope do a thing → not found; nothing activated; text passed on", () => {
    const turn = resolve("$nope do a thing");
    expect(turn.diagnostics).toMatchObject([
      {
        severity: "warning",
        code: "mention-not-found",
        message: "No skill named 'nope'. Run /skill list to see available skills.",
        mention: { kind: "dollar", id: "nope" },
      },
    ]);
    expect(turn.activations).toEqual([]);
    expect(turn.visibleLines).toEqual([]);
    expect(turn.task).toBe("$nope do a thing");
  });

  it("$debugging matching 3 → lists them and names a disambiguated id; nothing activated", () => {
    const turn = resolve("$debugging the login");
    expect(turn.diagnostics.map((d) => [d.code, d.message])).toEqual([
      [
        "mention-ambiguous",
        "$debugging matched 3 skills: systematic-debugging, root-cause-debugging, " +
          "superpowers:systematic-debugging — use $superpowers:systematic-debugging.",
      ],
    ]);
    expect(turn.activations).toEqual([]);
    expect(turn.task).toBe("$debugging the login");
  });

  it("$systematic-debug with one fuzzy candidate → a suggestion only", () => {
    const entries = [debugging, tdd];
    expect(said("$systematic-debug the login", entries)).toEqual([
      ["mention-suggestion", "No exact skill 'systematic-debug'. Did you mean $systematic-debugging?"],
    ]);
    expect(activated("$systematic-debug the login", entries)).toEqual([]);
  });

  it("$aleph while disabled → the disabled message; nothing activated", () => {
    expect(said("$aleph search the planning doc")).toEqual([
      ["mention-disabled", "Skill 'aleph' is disabled. Enable it with /skill enable aleph."],
    ]);
    expect(activated("$aleph search the planning doc")).toEqual([]);
  });

  it("two mentions → choose one, naming the skills; nothing activated", () => {
    const turn = resolve("$tdd $systematic-debugging fix it");
    expect(turn.diagnostics.map((d) => [d.code, d.message])).toEqual([
      [
        "mention-choose-one",
        "Choose one skill to lead this turn: $test-driven-development or $systematic-debugging.",
      ],
    ]);
    expect(turn.activations).toEqual([]);
    expect(turn.task).toBe("$tdd $systematic-debugging fix it");
  });

  it("three mentions → `$a, $b or $c`", () => {
    expect(said("$test-driven-development $systematic-debugging $pdf go")).toEqual([
      [
        "mention-choose-one",
        "Choose one skill to lead this turn: $test-driven-development, $systematic-debugging or $pdf.",
      ],
    ]);
  });

  it("echo $PATH in a code fence → not a mention", () => {
    const turn = resolve("run this:\n```sh\necho $PATH $pdf\n```\n");
    expect(turn.mentions).toEqual([]);
    expect(turn.diagnostics).toEqual([]);
    expect(turn.task).toBe("run this:\n```sh\necho $PATH $pdf\n```\n");
  });
});

describe("resolveMentions: the agents' own slash commands", () => {
  it("/skills and /compact are not mistyped skills, even with a skill named skill-creator nearby", () => {
    const creator = makeEntry({ skill: { name: "skill-creator" } });
    const compactor = makeEntry({ skill: { name: "compacting" } });
    for (const text of ["/skills", "/compact now", "/Skills"]) {
      expect(said(text, [...registry, creator, compactor])).toEqual([]);
      expect(activated(text, [...registry, creator, compactor])).toEqual([]);
    }
  });
});

describe("resolveMentions: configuration", () => {
  it("uses the host's command names in hints", () => {
    const config = { listCommand: "/skills", enableCommand: ":enable" };
    expect(said("$nope", registry, { config })).toEqual([
      ["mention-not-found", notFoundMessage("nope", "/skills")],
    ]);
    expect(said("$aleph", registry, { config })).toEqual([
      ["mention-disabled", disabledMessage("aleph", ":enable")],
    ]);
  });

  it("activates every mentioned skill when composition is on", () => {
    const turn = resolve("$tdd $systematic-debugging $test-driven-development fix it", registry, {
      config: { composition: true },
    });
    expect(turn.activations.map((a) => a.skill.name)).toEqual([
      "systematic-debugging",
      "test-driven-development",
    ]);
    expect(turn.visibleLines).toEqual([
      "Using skill: systematic-debugging",
      "Using skill: test-driven-development",
    ]);
    // `$tdd` was only a guess; it is left in the task, and no suggestion is made for an active skill.
    expect(turn.task).toBe("$tdd fix it");
    expect(turn.diagnostics).toEqual([]);
  });

  it("mentions of one skill twice activate it once and drop both tokens", () => {
    const turn = resolve("$pdf read this, then $pdf again");
    expect(turn.activations).toHaveLength(1);
    expect(turn.task).toBe("read this, then again");
  });

  it("never resolves a connector slug by bare name, and says nothing about it", () => {
    const slug = makeEntry({ skill: { name: "github" } });
    const namespaced = makeEntry({ skill: { name: "github", namespace: "tools", scope: "plugin" } });
    const options = { config: { connectorSlugs: ["GitHub"] } };
    const turn = resolve("$github open the PR", [slug, namespaced], options);
    expect(turn.activations).toEqual([]);
    expect(turn.diagnostics).toEqual([]);
    expect(turn.task).toBe("$github open the PR");
    expect(activated("$tools:github open the PR", [slug, namespaced], options)).toEqual(["tools:github"]);
    expect(activated(`[$github](${slug.skill.path}) open`, [slug, namespaced], options)).toEqual(["github"]);
  });
});

describe("resolveMentions: namespaces and ambiguity", () => {
  it("a bare name means the un-namespaced skill when both exist", () => {
    expect(activated("$systematic-debugging")).toEqual(["systematic-debugging"]);
    expect(activated("$superpowers:systematic-debugging")).toEqual(["superpowers:systematic-debugging"]);
  });

  it("a bare name reaches a namespaced skill when it is the only one with that name", () => {
    expect(activated("$gh-fix-ci")).toEqual(["github:gh-fix-ci"]);
  });

  it("two namespaced skills with one bare name are ambiguous, listed by qualified name", () => {
    const gitlab = makeEntry({ skill: { name: "gh-fix-ci", namespace: "gitlab", scope: "plugin" } });
    expect(said("$gh-fix-ci", [ghFixCi, gitlab])).toEqual([
      [
        "mention-ambiguous",
        "$gh-fix-ci matched 2 skills: github:gh-fix-ci, gitlab:gh-fix-ci — use $github:gh-fix-ci.",
      ],
    ]);
  });

  it("same name, same scope (registry status ambiguous): lists paths and suggests a link", () => {
    const a = makeEntry({
      skill: { name: "deploy", dir: "/repo/.agents/skills/deploy" },
      status: "ambiguous",
    });
    const b = makeEntry({
      skill: { name: "deploy", dir: "/repo/.claude/skills/deploy" },
      status: "ambiguous",
    });
    const turn = resolve("$deploy now", [a, b]);
    expect(turn.activations).toEqual([]);
    expect(turn.diagnostics.map((d) => d.message)).toEqual([
      "$deploy matched 2 skills: /repo/.agents/skills/deploy/SKILL.md, /repo/.claude/skills/deploy/SKILL.md" +
        " — use [$deploy](/repo/.agents/skills/deploy/SKILL.md).",
    ]);
    // The suggested link resolves.
    expect(activated("[$deploy](/repo/.agents/skills/deploy/SKILL.md) now", [a, b])).toEqual(["deploy"]);
  });

  it("a lone entry marked ambiguous is never picked", () => {
    const a = makeEntry({ skill: { name: "deploy" }, status: "ambiguous" });
    expect(activated("$deploy", [a])).toEqual([]);
    expect(said("$deploy", [a])[0]?.[0]).toBe("mention-ambiguous");
  });

  it("across scopes the effective skill wins and the shadowed one is not what a name means", () => {
    const repo = makeEntry({ skill: { name: "review", scope: "repo" } });
    const user = makeEntry({
      skill: { name: "review", scope: "user" },
      status: "shadowed",
      shadowedBy: repo.skill.id,
    });
    const turn = resolve("$review this", [user, repo]);
    expect(turn.activations.map((a) => a.skill)).toEqual([repo.skill]);
    // …but a link reaches the shadowed one.
    expect(
      resolve(`[$review](${user.skill.path}) this`, [user, repo]).activations.map((a) => a.skill),
    ).toEqual([user.skill]);
  });

  it("a fuzzy match over many skills lists at most 8 and counts the rest", () => {
    const many = Array.from({ length: 11 }, (_, index) => makeEntry({ skill: { name: `lint-${index}` } }));
    const [message] = said("$lint", many).map(([, text]) => text);
    expect(message).toMatch(
      /^\$lint matched 11 skills: lint-0, lint-1, .*lint-7 and 3 more — use \$lint-0\.$/,
    );
  });
});

describe("resolveMentions: links", () => {
  it("the path decides; the label is only a label", () => {
    expect(activated(`[$anything](${pdf.skill.path}) summarise`)).toEqual(["pdf"]);
  });

  it("accepts the folder, a relative path, <…> and percent-encoded spaces", () => {
    const cwd = "/home/me";
    expect(activated("[$pdf](</home/me/my skills/pdf>)")).toEqual(["pdf"]);
    expect(activated("[$pdf](/home/me/my skills/pdf/)")).toEqual(["pdf"]);
    expect(activated("[$pdf](my%20skills/pdf/SKILL.md)", registry, { cwd })).toEqual(["pdf"]);
    expect(activated("[$pdf](./my skills/pdf/skill.md)", registry, { cwd })).toEqual(["pdf"]);
    expect(activated("[$pdf](file:///home/me/my%20skills/pdf/SKILL.md)")).toEqual(["pdf"]);
    expect(activated("[$x](skill://pdf/references/a.md)")).toEqual(["pdf"]);
  });

  it("a path that is no skill → link-invalid, nothing activated, no fallback to the label", () => {
    const turn = resolve("[$pdf](/tmp/nothing/SKILL.md) go");
    expect(turn.activations).toEqual([]);
    expect(turn.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ["mention-link-invalid", linkInvalidMessage("/tmp/nothing/SKILL.md", "pdf")],
    ]);
    expect(said("[$pdf](/home/me/my skills/pdf/README.md)")[0]?.[0]).toBe("mention-link-invalid");
    expect(said("[$pdf](relative/SKILL.md)")[0]?.[0]).toBe("mention-link-invalid"); // no cwd given
  });

  it("an empty path means the plain $name", () => {
    const turn = resolve("[$pdf]() summarise");
    expect(turn.activations.map((a) => a.skill.name)).toEqual(["pdf"]);
    expect(turn.task).toBe("summarise");
  });

  it("a linked disabled skill is refused", () => {
    expect(said(`[$aleph](${aleph.skill.path})`)[0]?.[0]).toBe("mention-disabled");
  });
});

describe("resolveMentions: slash commands", () => {
  it("/name args activates a user-invocable skill with its args", () => {
    const turn = resolve("/pdf extract the tables\nfrom page 3");
    expect(turn.activations).toMatchObject([{ skill: pdf.skill, args: "extract the tables\nfrom page 3" }]);
    expect(turn.task).toBe("extract the tables\nfrom page 3");
  });

  it("/skill:name always means the skill", () => {
    const turn = resolve("/skill:pdf go", registry, { config: { hostCommands: ["pdf"] } });
    expect(turn.activations.map((a) => a.skill.name)).toEqual(["pdf"]);
    expect(turn.activations[0]?.args).toBe("go");
  });

  it("a host command of that name wins: no activation, no diagnostic", () => {
    const turn = resolve("/pdf go", registry, { config: { hostCommands: ["/pdf"] } });
    expect(turn.activations).toEqual([]);
    expect(turn.diagnostics).toEqual([]);
    expect(turn.task).toBe("/pdf go");
  });

  it("/skill list (the default hint command) is the host's", () => {
    const skill = makeEntry({ skill: { name: "skill" } });
    expect(activated("/skill list", [skill])).toEqual([]);
  });

  it("an unknown /word passes silently; a near one is suggested with a slash", () => {
    expect(resolve("/tmp is full").diagnostics).toEqual([]);
    expect(said("/systematic-debug now", [debugging])).toEqual([
      ["mention-suggestion", suggestionMessage("systematic-debug", "/systematic-debugging")],
    ]);
    expect(said("/skill:nope", [debugging])).toEqual([
      ["mention-not-found", notFoundMessage("nope", "/skill list")],
    ]);
  });

  it("is not a command unless at the start", () => {
    expect(activated("please /pdf")).toEqual([]);
  });
});

describe("resolveMentions: invocation control and policy", () => {
  const modelOnly = makeEntry({ skill: { name: "model-only", invocation: { model: true, user: false } } });
  const userOnly = makeEntry({ skill: { name: "user-only", invocation: { model: false, user: true } } });
  const entries = [modelOnly, userOnly];

  it("user-invocable: false is refused for the user and the palette, allowed for the model", () => {
    for (const source of ["user", "palette"] as const) {
      expect(said("$model-only go", entries, { source })).toEqual([
        ["mention-not-invocable", modelOnlyMessage("model-only")],
      ]);
      expect(said("/model-only go", entries, { source })).toEqual([
        ["mention-not-invocable", modelOnlyMessage("model-only")],
      ]);
    }
    expect(activated("$model-only go", entries, { source: "model" })).toEqual(["model-only"]);
  });

  it("disable-model-invocation: true is refused for the model, allowed for the user", () => {
    expect(said("$user-only go", entries, { source: "model" })).toEqual([
      ["mention-not-invocable", userOnlyMessage("user-only")],
    ]);
    expect(activated("$user-only go", entries, { source: "user" })).toEqual(["user-only"]);
  });

  it("a skill neither may invoke is refused for everyone, and the message says so", () => {
    const nobody = makeEntry({ skill: { name: "nobody", invocation: { model: false, user: false } } });
    for (const source of ["user", "palette", "model"] as const) {
      expect(said("$nobody go", [nobody], { source })).toEqual([
        ["mention-not-invocable", notInvocableMessage("nobody")],
      ]);
    }
  });

  it("source model resolves like user: $name, links, namespaces, diagnostics", () => {
    const options = { source: "model" as const };
    expect(activated("$systematic-debugging fix", registry, options)).toEqual(["systematic-debugging"]);
    expect(activated("$github:gh-fix-ci", registry, options)).toEqual(["github:gh-fix-ci"]);
    expect(said("$nope", registry, options)).toEqual(said("$nope", registry));
    expect(resolve("$pdf do it", registry, options).source).toBe("model");
  });

  it("does not suggest skills the source may not invoke", () => {
    expect(said("$model-onl go", entries, { source: "user" })).toEqual([
      ["mention-not-found", notFoundMessage("model-onl", "/skill list")],
    ]);
  });

  it("a denied skill is refused on every path and never suggested or referenced", () => {
    const isDenied = (skill: { name: string }) => skill.name === "pdf";
    const options = { isDenied, cwd: "/" };
    expect(said("$pdf go", registry, options)).toEqual([["mention-denied", deniedMessage("pdf")]]);
    expect(said("/pdf go", registry, options)).toEqual([["mention-denied", deniedMessage("pdf")]]);
    expect(said(`[$pdf](${pdf.skill.path})`, registry, options)).toEqual([
      ["mention-denied", deniedMessage("pdf")],
    ]);
    expect(said("$pd go", registry, options)[0]?.[0]).not.toBe("mention-suggestion");
    expect(resolve("skill://pdf/a.md", registry, options).references[0]?.skill).toBeUndefined();
  });
});

describe("resolveMentions: skill:// references", () => {
  it("records references, resolved when the name exists, and never activates", () => {
    const turn = resolve("compare skill://pdf/references/tables.md with skill://nope");
    expect(turn.activations).toEqual([]);
    expect(turn.diagnostics).toEqual([]);
    expect(turn.references).toMatchObject([
      { id: "pdf", relativePath: "references/tables.md", skill: pdf.skill },
      { id: "nope" },
    ]);
    expect(turn.references[1]?.skill).toBeUndefined();
    expect(turn.task).toBe("compare skill://pdf/references/tables.md with skill://nope");
  });
});

describe("resolveMentions: the task text", () => {
  it.each([
    ["$pdf summarise", "summarise"],
    ["summarise this with $pdf", "summarise this with"],
    ["use $pdf, then stop", "use, then stop"],
    ["use  $pdf   here", "use here"],
    ["$pdf\nline two", "line two"],
    ["one\n$pdf\ttwo", "one\ntwo"],
    ["[$pdf](/home/me/my skills/pdf) read it", "read it"],
  ])("%j → %j", (text, task) => {
    expect(resolve(text).task).toBe(task);
  });

  it("keeps the text unchanged when nothing activated", () => {
    const text = "  $nope   spaced  \n";
    expect(resolve(text).task).toBe(text);
  });

  it("keeps code intact while removing the mention", () => {
    expect(resolve("$pdf run:\n```\necho $pdf\n```").task).toBe("run:\n```\necho $pdf\n```");
  });
});

describe("resolveMentions: messages", () => {
  it("reports an identical diagnostic once", () => {
    expect(said("$nope and $nope again")).toHaveLength(1);
  });

  it("keeps activations alongside diagnostics about other mentions", () => {
    const turn = resolve("$pdf and $nope");
    expect(turn.activations.map((a) => a.skill.name)).toEqual(["pdf"]);
    expect(turn.diagnostics.map((d) => d.code)).toEqual(["mention-not-found"]);
  });

  it("chooseOneMessage handles one and two names", () => {
    expect(chooseOneMessage(["$a"])).toBe("Choose one skill to lead this turn: $a.");
    expect(chooseOneMessage(["$a", "$b"])).toBe("Choose one skill to lead this turn: $a or $b.");
  });

  it("works with an empty registry", () => {
    expect(said("$pdf", [])).toEqual([["mention-not-found", notFoundMessage("pdf", "/skill list")]]);
  });
});

describe("resolveMentions: dotted names", () => {
  // Plugins `a.b` and `c.d` each hold `fmt`; a lenient skill is named `gh.fix` beside `gh` and `pdf`.
  const fmtAb = makeEntry({ skill: { name: "fmt", namespace: "a.b", scope: "plugin" } });
  const fmtCd = makeEntry({ skill: { name: "fmt", namespace: "c.d", scope: "plugin" } });
  const ghFix = makeEntry({ skill: { name: "gh.fix" } });
  const gh = makeEntry({ skill: { name: "gh" } });
  const dotted: RegistryEntry[] = [fmtAb, fmtCd, ghFix, gh, pdf];

  it("activates what the ambiguity message says to type", () => {
    expect(said("$fmt go", dotted)[0]?.[1]).toContain("use $a.b:fmt");
    const turn = resolve("$a.b:fmt go", dotted);
    expect(turn.activations.map((a) => a.skill.qualifiedName)).toEqual(["a.b:fmt"]);
    expect(turn.task).toBe("go");
    expect(activated("[$c.d:fmt]() go", dotted)).toEqual(["c.d:fmt"]);
  });

  it("reads /a.b:fmt and /gh.fix as commands, with their args", () => {
    for (const [text, name] of [
      ["/a.b:fmt go", "a.b:fmt"],
      ["/skill:c.d:fmt go", "c.d:fmt"],
      ["/gh.fix go", "gh.fix"],
    ]) {
      const turn = resolve(text ?? "", dotted);
      expect(turn.activations.map((a) => [a.skill.qualifiedName, a.args])).toEqual([[name, "go"]]);
    }
  });

  it("reads $gh.fix whole, and $pdf. or $pdf.then as $pdf and text", () => {
    expect(activated("run $gh.fix now", dotted)).toEqual(["gh.fix"]);
    expect(activated("run $gh now", dotted)).toEqual(["gh"]);
    expect(resolve("use $pdf.", dotted).task).toBe("use.");
    expect(resolve("$pdf.then go", dotted)).toMatchObject({ task: ".then go", diagnostics: [] });
    expect(said("$a.b:nope go", dotted)).toEqual([
      ["mention-not-found", notFoundMessage("a.b:nope", "/skill list")],
    ]);
  });
});

describe("resolveMentions: pasted code", () => {
  it("reports at most 32 distinct unknown ids", () => {
    const text = Array.from({ length: 100 }, (_, index) => `$var${index}`).join(" ");
    const turn = resolve(text);
    expect(turn.diagnostics).toHaveLength(32);
    expect(turn.diagnostics.every((d) => d.code === "mention-not-found")).toBe(true);
    expect(turn.task).toBe(text);
  });
});
