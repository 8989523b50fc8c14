import { describe, expect, it } from "vitest";
import { auditText, severityOf } from "../audit-rule-harness.js";

describe("secret rules", () => {
  it("credential-store-read: reading a private key, not authenticating with it or showing the public half", () => {
    expect(
      severityOf(auditText({ "scripts/a.sh": "cat ~/.ssh/id_rsa > /tmp/k\n" }), "credential-store-read"),
    ).toBe("high");
    expect(
      severityOf(
        auditText({ "scripts/a.sh": "security dump-keychain -d login.keychain\n" }),
        "credential-store-read",
      ),
    ).toBe("high");
    const use =
      "scp -i ~/.ssh/deploy_key dist.tgz host:/srv\ncat ~/.ssh/id_ed25519.pub\nchmod 600 ~/.ssh/id_rsa\n";
    expect(severityOf(auditText({ "scripts/a.sh": use }), "credential-store-read")).toBeUndefined();
  });

  it("environment-dump: the whole environment serialised, not one variable or a filtered look", () => {
    expect(
      severityOf(
        auditText({ "scripts/a.js": "fs.writeFileSync(f, JSON.stringify(process.env));\n" }),
        "environment-dump",
      ),
    ).toBe("medium");
    const near =
      "env | grep -i proxy\nprintenv HOME\nconst env = { ...process.env, CI: '1' }; spawn('npm', [], { env });\nenv = {**os.environ, 'A': '1'}\n";
    expect(severityOf(auditText({ "scripts/a.sh": near }), "environment-dump")).toBeUndefined();
    expect(
      severityOf(auditText({ "scripts/a.ts": "const f = (env) => env.mail.send(x);\n" }), "environment-dump"),
    ).toBeUndefined();
  });
});
