import { describe, expect, it } from "vitest";
import { SkillsetError } from "../model/errors.js";
import { makeSkill } from "../test/make-skill.js";
import { checkPermissionRules, type PolicyRule } from "./permission-rules.js";
import { createPermissions } from "./permissions.js";

const home = "/home/me";
const rules = (list: object[]): PolicyRule[] => checkPermissionRules(list, { kind: "host" });
const pdf = makeSkill({ name: "pdf" });
const deploy = makeSkill({ name: "deploy-prod" });
const plugin = makeSkill({ name: "pdf", namespace: "acme" });

describe("createPermissions", () => {
  it("deny beats allow beats ask, whatever the order", () => {
    for (const order of [
      [
        { action: "allow", skill: "*" },
        { action: "deny", skill: "deploy-*" },
        { action: "ask", skill: "*" },
      ],
      [
        { action: "ask", skill: "*" },
        { action: "deny", skill: "deploy-*" },
        { action: "allow", skill: "*" },
      ],
    ]) {
      const permissions = createPermissions(rules(order), { home });
      expect(permissions.decide(deploy).action).toBe("deny");
      expect(permissions.decide(pdf).action).toBe("allow");
    }
    const asking = createPermissions(rules([{ action: "ask", skill: "*" }]), { home });
    expect(asking.decide(pdf)).toMatchObject({ action: "ask", rule: { skill: "*" } });
  });

  it("allows a skill no rule names", () => {
    expect(createPermissions([], { home }).decide(pdf)).toEqual({ action: "allow" });
  });

  it("a bare glob matches the qualified name, so pdf never names acme:pdf", () => {
    const permissions = createPermissions(rules([{ action: "deny", skill: "pdf" }]), { home });
    expect(permissions.isDenied(pdf)).toBe(true);
    expect(permissions.isDenied(plugin)).toBe(false);
    expect(createPermissions(rules([{ action: "deny", skill: "acme:*" }]), { home }).isDenied(plugin)).toBe(
      true,
    );
  });

  it("a glob with a slash matches the SKILL.md path or folder, ~ being home", () => {
    const mine = makeSkill({
      name: "mine",
      dir: `${home}/.agents/skills/mine`,
      path: `${home}/.agents/skills/mine/SKILL.md`,
      id: `${home}/.agents/skills/mine/SKILL.md`,
    });
    const permissions = createPermissions(rules([{ action: "deny", skill: "~/.agents/skills/**" }]), {
      home,
    });
    expect(permissions.isDenied(mine)).toBe(true);
    expect(permissions.isDenied(pdf)).toBe(false);
  });

  it("a tool rule applies only to calls of that tool", () => {
    const permissions = createPermissions(rules([{ action: "deny", tool: "use_skill", skill: "pdf" }]), {
      home,
    });
    expect(permissions.decide(pdf, "use_skill").action).toBe("deny");
    expect(permissions.decide(pdf, "skill_load").action).toBe("allow");
    expect(permissions.decide(pdf).action).toBe("allow");
    expect(permissions.isDenied(pdf)).toBe(false);
  });

  it("a remembered answer settles an ask, for its tool or for every path", () => {
    const ask = rules([{ action: "ask", skill: "*" }]);
    const permissions = createPermissions(ask, {
      home,
      answers: [
        { skill: pdf.id, tool: "skill_load", action: "allow" },
        { skill: deploy.id, tool: "*", action: "deny" },
      ],
    });
    expect(permissions.decide(pdf, "skill_load").action).toBe("allow");
    expect(permissions.decide(pdf, "use_skill").action).toBe("ask");
    expect(permissions.decide(deploy, "use_skill").action).toBe("deny");
    expect(permissions.isDenied(deploy)).toBe(true);
  });

  it("`except` steps aside for later globs", () => {
    const permissions = createPermissions(
      [
        { action: "deny", skill: "*", except: ["pdf"], origin: { kind: "opencode" } },
        { action: "allow", skill: "pdf", origin: { kind: "opencode" } },
      ],
      { home },
    );
    expect(permissions.decide(pdf).action).toBe("allow");
    expect(permissions.decide(deploy).action).toBe("deny");
  });

  it("reports rules whose glob names no skill", () => {
    const permissions = createPermissions(
      rules([
        { action: "deny", skill: "pfd" },
        { action: "deny", skill: "pdf" },
      ]),
      { home },
    );
    expect(permissions.unmatched([pdf, deploy]).map((rule) => rule.skill)).toEqual(["pfd"]);
  });
});

describe("checkPermissionRules", () => {
  const error = (value: unknown) => {
    try {
      checkPermissionRules(value, { kind: "config", file: "/repo/.skillset/config.json" });
    } catch (caught) {
      if (SkillsetError.isInstance(caught)) return caught;
    }
    throw new Error("expected a SkillsetError");
  };

  it("names the rule, its text, the field and what is expected", () => {
    const bad = error([
      { action: "deny", skill: "a" },
      { action: "block", skill: "b" },
    ]);
    expect(bad.code).toBe("permission-rule-invalid");
    expect(bad.field).toBe("permissions[1].action");
    expect(bad.message).toContain("Permission rule 2 from config (/repo/.skillset/config.json)");
    expect(bad.message).toContain('{"action":"block","skill":"b"}');
    expect(bad.message).toContain("must be allow, deny or ask");
    expect(error([{ action: "deny", skill: "" }]).message).toContain("`skill` must be a non-empty glob");
    expect(error([{ action: "deny", tool: "bash", skill: "x" }]).message).toContain(
      "`tool` must be skill_load, use_skill or *",
    );
    expect(error([{ action: "deny", skill: "x", when: "now" }]).message).toContain("is not a rule field");
    expect(error({ action: "deny" }).message).toContain("must be a list");
  });
});
