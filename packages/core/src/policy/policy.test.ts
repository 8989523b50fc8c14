import { readFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultConfig, type PolicyConfig } from "../config/config-schema.js";
import { SkillsetError } from "../model/errors.js";
import { trustProject } from "../state/trust-project.js";
import { makeSkill } from "../test/make-skill.js";
import { createTempDir, isolatedEnv, type TempDir } from "../test/temp-tree.js";
import { loadPolicy } from "./policy.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir();
});
afterEach(() => temp.cleanup());

const pdf = makeSkill({ name: "pdf" });
const config = (policy: Partial<PolicyConfig> = {}): PolicyConfig => ({
  ...defaultConfig.policy,
  hostTimeoutMs: 500,
  ...policy,
});
const load = (policy: Partial<PolicyConfig> = {}, rules?: unknown) => {
  const env = isolatedEnv(temp);
  return loadPolicy({
    config: config(policy),
    projectRoot: temp.join("project"),
    home: env.HOME,
    env,
    ...(rules === undefined ? {} : { rules }),
  });
};

describe("loadPolicy", () => {
  it("honours a remembered allow in the project's state file only in a project the person trusts", async () => {
    const ask = { permissions: [{ action: "ask" as const, skill: "pdf" }] };
    await temp.write({
      "project/.skillset/state.json": JSON.stringify({
        disabled: [],
        enabled: [],
        answers: [{ skill: pdf.id, tool: "*", action: "allow" }],
      }),
    });
    const untrusted = await load(ask);
    expect(untrusted.permissions.decide(pdf).action).toBe("ask");
    expect(untrusted.diagnostics).toEqual([
      expect.objectContaining({
        code: "project-setting-ignored",
        path: temp.join("project/.skillset/state.json"),
        message: expect.stringContaining("run `skillset trust` in this project to allow it"),
      }),
    ]);
    await trustProject({ projectRoot: temp.join("project"), env: isolatedEnv(temp) });
    const trusted = await load(ask);
    expect(trusted.permissions.decide(pdf).action).toBe("allow");
    expect(trusted.diagnostics).toEqual([]);
    // The person's own answer remembered in the project's file keeps their trust.
    await trusted.remember(makeSkill({ name: "docx" }), "*", "deny", "project");
    expect((await load(ask)).diagnostics).toEqual([]);
    expect((await load(ask)).permissions.decide(pdf).action).toBe("allow");
  });

  it("asks the host and remembers the answer in the user's state file, atomically", async () => {
    const policy = await load({ permissions: [{ action: "ask", skill: "pdf" }] });
    const asked: string[] = [];
    const first = await policy.authorize(pdf, "skill_load", ({ skill, tool, rule }) => {
      asked.push(`${skill.name} ${tool} ${rule.origin.kind}`);
      return { allow: true, remember: true };
    });
    expect(first.allowed).toBe(true);
    expect(asked).toEqual(["pdf skill_load config"]);
    const state = JSON.parse(await readFile(temp.join("home/.config/skillset/state.json"), "utf8"));
    expect(state.answers).toEqual([{ skill: pdf.id, tool: "skill_load", action: "allow" }]);
    // A new policy (a new process) reads the answer back and does not ask again.
    const again = await load({ permissions: [{ action: "ask", skill: "pdf" }] });
    const second = await again.authorize(pdf, "skill_load", () => {
      throw new Error("must not ask");
    });
    expect(second).toMatchObject({
      allowed: true,
      decision: { action: "allow", answer: { action: "allow" } },
    });
  });

  it("keeps an allow the host asked to remember for the project in the person's own file when the project is not trusted", async () => {
    const ask = { permissions: [{ action: "ask" as const, skill: "pdf" }] };
    const policy = await load(ask);
    expect(
      (await policy.authorize(pdf, undefined, () => ({ allow: true, remember: "project" }))).allowed,
    ).toBe(true);
    const user = JSON.parse(await readFile(temp.join("home/.config/skillset/state.json"), "utf8"));
    expect(user.answers).toEqual([{ skill: pdf.id, tool: "*", action: "allow" }]);
    // The next process honours it, with nothing ignored.
    const again = await load(ask);
    expect(again.permissions.decide(pdf).action).toBe("allow");
    expect(again.diagnostics).toEqual([]);
  });

  it("a callback that throws, never answers, or is missing refuses with a clear diagnostic; the policy keeps working", async () => {
    const policy = await load({ permissions: [{ action: "ask", skill: "*" }] });
    const thrown = await policy.authorize(pdf, undefined, () => {
      throw new Error("host crashed");
    });
    expect(thrown.allowed).toBe(false);
    expect(thrown.diagnostic?.message).toContain("confirm callback threw: host crashed");
    const silent = await policy.authorize(pdf, "use_skill", () => new Promise<boolean>(() => {}));
    expect(silent.diagnostic).toMatchObject({ code: "permission-unanswered" });
    expect(silent.diagnostic?.message).toContain("did not answer within 500 ms");
    expect((await policy.authorize(pdf, undefined)).diagnostic?.message).toContain(
      "is not provided by the host",
    );
    expect((await policy.authorize(pdf, undefined, () => true)).allowed).toBe(true);
    expect((await policy.authorize(pdf, undefined, () => false)).diagnostic?.code).toBe(
      "permission-declined",
    );
  });

  it("deny names the rule and its origin; a host rule that is malformed throws naming it", async () => {
    const policy = await load({}, [{ action: "deny", skill: "p*" }]);
    const denied = await policy.authorize(pdf, "skill_load");
    expect(denied.diagnostic?.message).toBe(`Skill 'pdf' is denied by the rule deny "p*" from host.`);
    await expect(load({}, [{ action: "nope", skill: "x" }])).rejects.toSatisfy(
      (error) =>
        SkillsetError.isInstance(error) &&
        error.code === "permission-rule-invalid" &&
        error.message.includes("Permission rule 1 from host"),
    );
  });

  it("imports the agents' settings unless switched off", async () => {
    await temp.write({ "home/.claude/settings.json": '{"permissions":{"deny":["Skill(pdf)"]}}' });
    expect((await load()).isDenied(pdf)).toBe(true);
    expect((await load({ importAgentSettings: false })).isDenied(pdf)).toBe(false);
  });
});

describe("Policy.check", () => {
  it("warns about a rule whose glob names no skill, naming the rule and its origin", async () => {
    const policy = await load({
      permissions: [
        { action: "deny", skill: "pfd" },
        { action: "deny", skill: "pdf" },
      ],
    });
    const found = policy.check([pdf]);
    expect(found.map((item) => item.code)).toEqual(["permission-rule-unmatched"]);
    expect(found[0]?.message).toBe(
      'Permission rule deny "pfd" from config names no skill found here; check the glob for a typo.',
    );
  });
});
