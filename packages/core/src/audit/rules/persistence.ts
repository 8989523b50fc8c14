/**
 * @module Persistence and backdoors (SPEC §17): writing shell profiles, cron jobs, launch agents and
 * systemd units, git hooks and `authorized_keys`; reverse shells. Putting a tool on the PATH from a profile
 * is an install step (low); a profile, cron job or hook that fetches or decodes is a backdoor (high).
 */

import type { AuditSeverity } from "../audit-finding.js";
import { type AuditRule, hitAt, type RuleHit } from "../audit-rule.js";
import { anchorGroup } from "../line-anchors.js";
import { firstThen, followedBy, later, linePattern, next, REACH } from "../line-pattern.js";
import { type CodeUnit, eachLineHolding, unitsHolding } from "../scan-context.js";
import { boundUse, WRITE_SINK } from "./flows.js";

const WRITE = String.raw`(>>?|\btee\b(\s+-a)?|\bcp\b|\bmv\b|\bln\s+-s|\bopen\s*\([^\n)]{0,${REACH}}?["'](a|w)|appendFile\w*|writeFile\w*|write_text|Add-Content|Set-Content|Out-File)`;
/** {@link WRITE} after the target: a redirection there writes something else. */
const WRITE_AFTER = WRITE.replace("(>>?|", "(");
const PROFILE = String.raw`(~|\$HOME|\$\{HOME\}|home)[/\\]*\.(bashrc|bash_profile|zshrc|zprofile|zshenv|profile|bash_login|config/fish/config\.fish)\b|\$PROFILE\b`;
/** `open(…target…, "a")`: the target inside the call that opens it for writing (`expanduser(…)` and all). */
function openFor(target: string): string {
  return String.raw`\bopen\s*\([^\n]{0,${REACH}}?(?:${target})[^\n]{0,${REACH}}?,\s*["'](a|w)`;
}
const WRITES_PROFILE = linePattern([
  followedBy(WRITE, PROFILE),
  followedBy(PROFILE, WRITE_AFTER),
  openFor(PROFILE),
]);
/** What makes persisted content a backdoor rather than an install step. */
const PAYLOAD =
  /\b(curl|wget|nc|ncat|netcat|base64|\/dev\/tcp|python[0-9.]*\s+-c|bash\s+-i|Invoke-Expression|iex|DownloadString|mkfifo|socat)\b|https?:\/\//i;

const PROFILE_ANCHORS = anchorGroup(
  [
    ".bashrc",
    ".bash_profile",
    ".zshrc",
    ".zprofile",
    ".zshenv",
    ".profile",
    ".bash_login",
    ".config/fish/config.fish",
    "$profile",
  ],
  WRITES_PROFILE,
);

/** Whether the unit's whole text carries a payload: asked only once a line of it matched. */
function carriesPayload(unit: CodeUnit): boolean {
  return PAYLOAD.test(unit.text());
}

/** Whether the write on 1-based line `line` of `unit`, or the lines just after it, carries a payload. */
function writesPayload(unit: CodeUnit, line: number): boolean {
  const index = line - unit.start;
  return PAYLOAD.test(unit.text(index, index + 4));
}

function severityOf(text: string, unit: CodeUnit, install: AuditSeverity): AuditSeverity {
  if (PAYLOAD.test(text)) return "high";
  return unit.file.kind === "script" ? install : "low";
}

export const shellProfileWrite: AuditRule = {
  id: "shell-profile-write",
  category: "persistence",
  severity: "medium",
  summary: "Writes to a shell profile (~/.bashrc, ~/.zshrc, ~/.profile, $PROFILE)",
  why: "A profile runs in every new shell: what a skill writes there keeps running after the skill is gone.",
  check:
    "Read what is written; a PATH line for a tool you chose is an install step, anything that fetches or decodes is a backdoor.",
  run(context) {
    const hits: RuleHit[] = [];
    for (const unit of unitsHolding(context, PROFILE_ANCHORS)) {
      eachLineHolding(unit, PROFILE_ANCHORS, (text, _index, line) => {
        if (!WRITES_PROFILE.test(text)) return;
        const pathOnly =
          /\b(export\s+PATH|PATH=|alias\s|source\s|eval\s+"\$\(\w[\w-]*\s+(init|activate|completion|hook|env)\b|fpath|completion)/.test(
            text,
          );
        const severity = writesPayload(unit, line)
          ? "high"
          : pathOnly
            ? "low"
            : severityOf(text, unit, "medium");
        hits.push(hitAt(unit, line, text, WRITES_PROFILE, { severity }));
      });
      // A profile's path kept in a name, then written: `rc = path.join(os.homedir(), ".zshrc")` … `appendFileSync(rc, …)`.
      const written = boundUse(unit, ["profile"], WRITE_SINK, [PROFILE_ANCHORS]);
      if (written)
        hits.push(
          hitAt(unit, written.line, written.text, undefined, {
            severity: writesPayload(unit, written.line) ? "high" : severityOf(written.text, unit, "medium"),
          }),
        );
    }
    return hits;
  },
};

const SCHEDULE = linePattern([
  String.raw`\|\s*crontab\s+-`,
  String.raw`\bcrontab\s+([\w$~-]*[./$][\w./$~-]*|-(\s|$))`,
  String.raw`["']crontab["']\s*,\s*["'](-|[\w$~-]*[./$][\w./$~-]*)["']`,
  followedBy(String.raw`(>>?|\btee\b|\bcp\b|\bmv\b)`, String.raw`(\/etc\/cron\.?\w*|\/var\/spool\/cron)`),
  String.raw`\bschtasks\s+\/create\b`,
  String.raw`\bRegister-ScheduledTask\b`,
  String.raw`\blaunchctl\s+(load|bootstrap|submit)\b`,
  String.raw`Library\/Launch(Agents|Daemons)\/[^\s"']{0,${REACH}}\.plist`,
  String.raw`\.config\/systemd\/user\/[^\s"']+`,
  String.raw`\bsystemctl\s+(--user\s+)?enable\b`,
  String.raw`\bat\s+now\b`,
  followedBy(String.raw`\bnohup\b`, String.raw`&\s*(disown\s*)?$`),
]);

const SCHEDULE_ANCHORS = anchorGroup(
  [
    "crontab",
    "/etc/cron",
    "/var/spool/cron",
    "schtasks",
    "register-scheduledtask",
    "launchctl",
    "library/launch",
    ".config/systemd/user/",
    "systemctl",
    "now",
    "nohup",
  ],
  SCHEDULE,
);

export const scheduledPersistence: AuditRule = {
  id: "scheduled-persistence",
  category: "persistence",
  severity: "medium",
  summary: "Installs a cron job, launch agent, scheduled task or systemd unit",
  why: "A scheduled job keeps running on its own, long after the skill was used.",
  check: "Read what the job runs and how often; a skill should not schedule anything you did not ask for.",
  run(context) {
    const hits: RuleHit[] = [];
    for (const unit of unitsHolding(context, SCHEDULE_ANCHORS)) {
      let payload: boolean | undefined;
      eachLineHolding(unit, SCHEDULE_ANCHORS, (text, _index, line) => {
        if (!SCHEDULE.test(text)) return;
        // `nohup … &` alone is a background job; it persists only with a payload beside it.
        if (/\bnohup\b/.test(text) && !PAYLOAD.test(text)) return;
        payload ??= carriesPayload(unit);
        const severity = payload ? "high" : unit.file.kind === "script" ? "medium" : "low";
        hits.push(hitAt(unit, line, text, SCHEDULE, { severity }));
      });
    }
    return hits;
  },
};

const GIT_HOOK = linePattern([
  followedBy(WRITE, String.raw`\.git/hooks/`),
  followedBy(String.raw`\.git/hooks/`, WRITE_AFTER),
  openFor(String.raw`\.git/hooks/`),
  followedBy(String.raw`\bgit\s+config\b`, String.raw`core\.hooksPath`),
]);

const HOOK_ANCHORS = anchorGroup([".git/hooks/", "hookspath"], GIT_HOOK);
/** A hook's path written in pieces (`os.path.join(".git", "hooks", …)`): a unit that may bind one. */
const HOOK_PIECES = anchorGroup([".git"]);

export const gitHookWrite: AuditRule = {
  id: "git-hook-write",
  category: "persistence",
  severity: "low",
  summary: "Writes a git hook or points core.hooksPath elsewhere",
  why: "A git hook runs on every commit, checkout or push in that repository.",
  check: "Read the hook; a formatter or test run is common, one that fetches or sends is a backdoor.",
  run(context) {
    const hits: RuleHit[] = [];
    for (const unit of unitsHolding(context, HOOK_ANCHORS, HOOK_PIECES)) {
      let payload: boolean | undefined;
      eachLineHolding(unit, HOOK_ANCHORS, (text, _index, line) => {
        if (!GIT_HOOK.test(text)) return;
        payload ??= carriesPayload(unit);
        hits.push(hitAt(unit, line, text, GIT_HOOK, payload ? { severity: "high" } : {}));
      });
      // A hook's path kept in a name, then written: `hook = os.path.join(".git", "hooks", "pre-commit")` … `open(hook, "w")`.
      const written = boundUse(unit, ["hook"], WRITE_SINK, [HOOK_ANCHORS, HOOK_PIECES]);
      if (written) {
        payload ??= carriesPayload(unit);
        hits.push(hitAt(unit, written.line, written.text, undefined, payload ? { severity: "high" } : {}));
      }
    }
    return hits;
  },
};

const AUTHORIZED_KEYS = linePattern([
  followedBy(WRITE, String.raw`authorized_keys\b`),
  followedBy(String.raw`authorized_keys\b`, WRITE_AFTER),
  openFor(String.raw`authorized_keys\b`),
]);

const KEYS_ANCHORS = anchorGroup(["authorized_keys"], AUTHORIZED_KEYS);

export const authorizedKeysWrite: AuditRule = {
  id: "authorized-keys-write",
  category: "persistence",
  severity: "critical",
  summary: "Adds a key to ~/.ssh/authorized_keys",
  why: "Whoever holds the matching private key can log in to this machine from then on.",
  check: "Find whose key it is; a skill never needs to grant SSH access to this machine.",
  run(context) {
    const hits: RuleHit[] = [];
    for (const unit of unitsHolding(context, KEYS_ANCHORS)) {
      eachLineHolding(unit, KEYS_ANCHORS, (text, _index, line) => {
        // A key added stays at least medium in an example.
        if (AUTHORIZED_KEYS.test(text) && !/\bssh-copy-id\b/.test(text))
          hits.push(hitAt(unit, line, text, AUTHORIZED_KEYS, { floor: "medium" }));
      });
      // The file's path kept in a name, then written: `ak = Path.home() / ".ssh" / "authorized_keys"` … `ak.open("a")`.
      const written = boundUse(unit, ["keys"], WRITE_SINK, [KEYS_ANCHORS]);
      if (written) hits.push(hitAt(unit, written.line, written.text, undefined, { floor: "medium" }));
    }
    return hits;
  },
};

const REVERSE_SHELL = linePattern([
  followedBy(String.raw`\b(ba)?sh\s+-i\b`, String.raw`\/dev\/(tcp|udp)\/`),
  followedBy(String.raw`\/dev\/(tcp|udp)\/`, String.raw`\b(0>&1|<&\d|>&\s*\d)`),
  followedBy(String.raw`\b(nc|ncat|netcat)\b`, String.raw`\s-(e|c)\s+\S*(sh|cmd|powershell)\b`),
  followedBy(String.raw`\bsocat\b`, String.raw`\bexec:`),
  followedBy(String.raw`\bmkfifo\b`, String.raw`\|\s*(nc|ncat|netcat)\b`),
  String.raw`\bpty\.spawn\s*\(`,
  followedBy(String.raw`\bos\.dup2\s*\(`, "fileno"),
  String.raw`New-Object\s+System\.Net\.Sockets\.TCPClient`,
  firstThen(String.raw`\bsocket\.socket\b`, next(";") + later(String.raw`\bsubprocess\b`)),
]);

// netcat's branch needs its `-e`/`-c` flag: a far rarer word than `nc` inside others.
const REVERSE_ANCHORS = anchorGroup(
  [
    "/dev/tcp/",
    "/dev/udp/",
    "-e",
    "-c",
    "socat",
    "mkfifo",
    "pty.spawn",
    "os.dup2",
    "tcpclient",
    "socket.socket",
  ],
  REVERSE_SHELL,
);

export const reverseShell: AuditRule = {
  id: "reverse-shell",
  category: "persistence",
  severity: "critical",
  summary: "A reverse shell: a shell wired to a network connection",
  why: "A reverse shell hands control of this machine to whoever listens at the other end.",
  check: "There is no legitimate reason for a skill to ship one; do not install it.",
  run(context) {
    const hits: RuleHit[] = [];
    for (const unit of unitsHolding(context, REVERSE_ANCHORS))
      eachLineHolding(unit, REVERSE_ANCHORS, (text, _index, line) => {
        if (REVERSE_SHELL.test(text)) hits.push(hitAt(unit, line, text, REVERSE_SHELL));
      });
    return hits;
  },
};
