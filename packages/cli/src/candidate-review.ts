/**
 * @module The review screen of a skill about to be installed or updated (`add`, `update`, `install`): its
 * name and source, the new version, the files it adds, removes and changes — a new or changed file that
 * runs, calls a URL or trips an audit rule highlighted — then warnings, the audit and the risk summary.
 * Everything fits `width` columns (80 at most): long paths are elided in the middle, long lines wrap under
 * their indent. Text from the source is inert (`inertForTerminal`); the audit's evidence is escaped already.
 */
import { type AuditFinding, reaches } from "@skillset/core/audit";
import { inertForTerminal } from "@skillset/core/model";
import { type Candidate, type FileChange, sameDigests } from "@skillset/install";
import { formatFinding } from "./audit-text.js";
import { painter } from "./color.js";
import { elideMiddle, REVIEW_WIDTH } from "./terminal/elide-middle.js";
import { wrapWidth } from "./terminal/wrap-width.js";

type Paint = ReturnType<typeof painter>;

/** A short digest: the algorithm and the first 12 hex digits (two full digests overflow a line). */
function shortDigest(digest: string | undefined): string {
  if (!digest) return "none";
  const [algorithm, value] = digest.includes(":") ? digest.split(":", 2) : ["", digest];
  return `${algorithm ? `${algorithm}:` : ""}${(value ?? "").slice(0, 12)}…`;
}

const SIGN: Record<FileChange["kind"], string> = { added: "+", removed: "-", changed: "~" };

/** The lines of the file list: sign, path (elided to a column), then what is risky about the file. */
function fileLines(files: readonly FileChange[], paint: Paint, width: number): string[] {
  const pathWidth = Math.min(
    32,
    Math.max(12, ...files.map((file) => [...inertForTerminal(file.path)].length)),
  );
  const lines: string[] = [];
  for (const file of files) {
    const style = file.kind === "added" ? "green" : file.kind === "removed" ? "red" : "yellow";
    const path = elideMiddle(inertForTerminal(file.path), pathWidth).padEnd(pathWidth);
    const marks = [...(file.runs ? ["runs"] : []), ...(file.becameExecutable ? ["new executable bit"] : [])];
    const head = `    ${paint(style, SIGN[file.kind])} ${file.risky ? paint("bold", path) : path}`;
    const note = marks.length > 0 ? `  ${paint("red", marks.join(" · "))}` : "";
    // Under the file, one line each: the audit rules it trips, then every URL it calls.
    const column = " ".repeat(8 + pathWidth);
    const under = [
      ...(file.rules.length > 0 ? [`audit ${file.rules.join(", ")}`] : []),
      ...file.urls.map((url) => `url ${inertForTerminal(url)}`),
    ];
    lines.push(wrapWidth(`${head}${note}`.trimEnd(), width, column));
    for (const text of under) lines.push(wrapWidth(`${column}${paint("red", text)}`, width, `${column}  `));
  }
  return lines;
}

function describeRules(findings: readonly AuditFinding[]): string {
  return [...new Set(findings.map((finding) => finding.rule))].join(", ");
}

/** The review of one candidate, each line at most `width` (≤ 80) columns. */
export function describeCandidate(candidate: Candidate, color: boolean, columns?: number): string {
  const width = Math.max(20, Math.min(columns ?? REVIEW_WIDTH, REVIEW_WIDTH));
  const paint = painter(color);
  const safe = (text: string) => inertForTerminal(text);
  const { examination, entry, previous, changes } = candidate;
  const lines: string[] = [];
  const push = (line: string, indent = "    ") => lines.push(wrapWidth(line, width, indent));
  const name = safe(candidate.name);
  const where = elideMiddle(
    safe(`${entry.source}  ${candidate.skill.path}`),
    Math.max(10, width - name.length - 2),
  );
  lines.push(`${paint("bold", name)}  ${paint("gray", where)}`);
  // Like with like: an entry of vercel's CLI has only `computedHash`, so that is what is compared and shown.
  if (previous && !sameDigests(previous, entry)) {
    push(
      `  ${paint("yellow", "new version")}  ${
        previous.integrity
          ? `${shortDigest(previous.integrity)} → ${shortDigest(entry.integrity)}`
          : `computedHash ${shortDigest(previous.computedHash)} → ${shortDigest(entry.computedHash)}`
      }`,
    );
  } else push(`  integrity ${shortDigest(entry.integrity)}`);
  if (changes && changes.files.length > 0) {
    push(
      `  ${paint("yellow", "files")}  ${changes.added} added, ${changes.removed} removed, ${changes.changed} changed`,
    );
    lines.push(...fileLines(changes.files, paint, width));
  }
  for (const warning of examination.warnings) {
    const label = warning.severity === "info" ? paint("blue", "note") : paint("yellow", "warning");
    push(`  ${label}  ${safe(warning.message)}  ${paint("gray", warning.code)}`);
  }
  const flagged = examination.audit.findings.filter((finding) => reaches(finding.severity, "medium"));
  const mild = examination.audit.findings.filter((finding) => finding.severity === "low");
  if (flagged.length > 0)
    push(
      `  ${paint("red", "audit")}  ${flagged.length} finding${flagged.length === 1 ? "" : "s"} to approve:`,
    );
  for (const finding of flagged)
    for (const line of formatFinding(finding, paint, "    ")) push(line, "             ");
  if (mild.length > 0)
    push(
      `  ${paint("gray", `audit  ${mild.length} low finding${mild.length === 1 ? "" : "s"} (${describeRules(mild)})`)}`,
    );
  const risks = examination.risks;
  // Paths in these lists are elided too: a path cut by wrapping reads as two files.
  const show = (label: string, items: string[]) => {
    if (items.length > 0)
      push(
        `  ${paint("red", label)}  ${items.map((item) => elideMiddle(safe(item), width - 16)).join(", ")}`,
      );
  };
  show("scripts", risks.scripts);
  show("allowed-tools", risks.broadTools);
  show("shell lines", risks.shellLines);
  show("hooks", risks.hooks);
  show("urls", risks.urls);
  if (changes?.risky) {
    const risky = changes.files.filter((file) => file.risky).length;
    push(
      `  ${paint("red", "risky change")}  ${risky === 1 ? "a new or changed file" : `${risky} new or changed files`} (marked above) ${risky === 1 ? "runs" : "run"} code, ${risky === 1 ? "calls" : "call"} a URL or ${risky === 1 ? "trips" : "trip"} the audit: the answer defaults to No.`,
    );
  }
  return `${lines.join("\n")}\n`;
}
