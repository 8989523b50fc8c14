import { readFile, writeFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RemoteOrigin } from "../model/remote-origin.js";
import { createTempDir, type TempDir } from "../test/index.js";
import { readRemoteApprovals, remoteApprovalState, saveRemoteApproval } from "./remote-approvals.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir("skillset-remote-approvals-");
});
afterEach(() => temp.cleanup());

const origin = (digest: string): Pick<RemoteOrigin, "label" | "uri" | "resources"> => ({
  label: "docs",
  uri: "skill://tidy-code/SKILL.md",
  resources: [{ uri: "skill://tidy-code/SKILL.md", digest, size: 10 }],
});

describe("remote approvals (SPEC §16, §17)", () => {
  it("records the audit rules accepted with an approval, sorted and once each; none leaves the field out", async () => {
    const file = temp.join("remote-approvals.json");
    await saveRemoteApproval(file, origin("sha256:a"), {
      allowedTools: [],
      acceptedRisks: ["suspicious-destination", "download-execute", "download-execute"],
    });
    const [held] = await readRemoteApprovals(file);
    expect(held?.acceptedRisks).toEqual(["download-execute", "suspicious-destination"]);
    await saveRemoteApproval(file, origin("sha256:b"), { allowedTools: ["Read"] });
    const [again] = await readRemoteApprovals(file);
    expect(again).not.toHaveProperty("acceptedRisks");
    expect(remoteApprovalState(origin("sha256:b"), [again!])).toBe("approved");
    expect(remoteApprovalState(origin("sha256:c"), [again!])).toBe("changed");
  });

  it("a damaged acceptedRisks names the file and the field, and the fix", async () => {
    const file = temp.join("remote-approvals.json");
    await saveRemoteApproval(file, origin("sha256:a"), { allowedTools: [], acceptedRisks: ["x"] });
    const document = JSON.parse(await readFile(file, "utf8"));
    document.approvals[0].acceptedRisks = "download-execute";
    await writeFile(file, JSON.stringify(document));
    await expect(readRemoteApprovals(file)).rejects.toThrow(
      /remote-approvals\.json: `approvals\[0\]` needs .*acceptedRisks, when present, a list of rule ids.*skillset remote approve/,
    );
  });
});
