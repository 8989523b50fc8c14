/**
 * @module Destruction and resource abuse (SPEC §17): deleting a home or root folder, wiping disks, fork
 * bombs, unbounded loops over the network. `rm -rf ./build` or `~/.cache/tool` is housekeeping, not this.
 */
import { type AuditRule, evidence, hitAt, type RuleHit } from "../audit-rule.js";
import { anchorGroup } from "../line-anchors.js";
import { firstThen, followedBy, later, linePattern, next, REACH } from "../line-pattern.js";
import { eachLineHolding, unitsHolding } from "../scan-context.js";
import { boundUse, DELETE_SINK } from "./flows.js";

// A home or root folder, quoted or not, maybe with everything in it (`/*`): `~`, `"$HOME"/*`, `${HOME:?}/*`.
const HOME_NAME = String.raw`(~|\$HOME|\$\{HOME(:[?-][^}\n]{0,40})?\}|\/home|\/Users|\/root)`;
const TARGET = String.raw`["']?(\/|\/\*|${HOME_NAME}|\/etc|\/usr|\/var|\.\*|[A-Za-z]:\\?)["']?(\/\*?|\/\.\*)?["']?(\s|$|;|&|\|)`;
const HOME_TARGET = String.raw`(~|\$HOME|\$env:USERPROFILE|C:\\)["']?([\\/]\*?)?`;
const DESTROY = linePattern([
  // Each flag one way only (a flag holding r or f): `-rf -rf …` is not tried in every split.
  String.raw`\brm\s+(-(?=[a-zA-Z]*[rRf])[a-zA-Z]+\s+|--(recursive|force|no-preserve-root)\s+)+(--\s+)?${TARGET}`,
  String.raw`\bshutil\.rmtree\s*\(\s*(os\.path\.expanduser\s*\(\s*["']~["']\s*\)|["']\/["']|Path\.home\(\)|os\.environ\[["']HOME["']\])\s*[,)]`,
  String.raw`\b(fs\.)?(rmSync|rm|rmdir)\s*\(\s*(os\.homedir\(\)|["']\/["'])\s*,\s*\{[^}\n]{0,${REACH}}recursive`,
  firstThen(String.raw`\bRemove-Item\b`, next(String.raw`${HOME_TARGET}\s`) + later("-Recurse")),
  firstThen(String.raw`\bRemove-Item\b`, next("-Recurse") + later(String.raw`\s${HOME_TARGET}["']?\s*$`)),
  String.raw`\b(del|rd|rmdir)\s+\/s\s+\/q\s+[A-Za-z]:\\?\s*$`,
  followedBy(String.raw`\bdd\s+`, String.raw`\bof=\/dev\/(sd[a-z]|nvme\d|disk\d|hd[a-z]|mmcblk\d)`),
  followedBy(String.raw`\bmkfs(\.\w+)?\s+`, String.raw`\/dev\/(sd[a-z]|nvme\d|disk\d|hd[a-z])`),
  String.raw`>\s*\/dev\/(sd[a-z]|nvme\d\w*|disk\d)\b`,
  followedBy(String.raw`\bfind\s+["']?(\/|${HOME_NAME})\/?["']?\s`, String.raw`-delete\b`),
  String.raw`\bchmod\s+-R\s+0*0{3}\s+(\/|~)`,
  String.raw`\bformat\s+[A-Za-z]:\s*\/[qy]`,
]);

/** A home folder named as a target. */
const HOME = /~|\$\{?HOME\b|\/home\b|\/Users\b|USERPROFILE|Path\.home|expanduser|homedir/i;

const DESTROY_ANCHORS = anchorGroup(
  [
    "rm ",
    "rm(",
    "rmsync",
    "rmdir",
    "rmtree",
    "remove-item",
    "/q",
    "of=/dev/",
    "mkfs",
    "/dev/sd",
    "/dev/nvme",
    "/dev/disk",
    "-delete",
    "chmod",
    "format",
  ],
  DESTROY,
);

export const destructiveDelete: AuditRule = {
  id: "destructive-delete",
  category: "destruction",
  severity: "critical",
  summary: "Deletes a home or root folder, or wipes a disk",
  why: "This destroys your files or the system, and nothing brings them back.",
  check: "Nothing legitimate deletes a whole home or root; do not install.",
  run(context) {
    const hits: RuleHit[] = [];
    for (const unit of unitsHolding(context, DESTROY_ANCHORS)) {
      eachLineHolding(unit, DESTROY_ANCHORS, (text, _index, line) => {
        if (!DESTROY.test(text)) return;
        // A home folder deleted stays at least medium in an example (lists of commands to block name `rm -rf /`).
        hits.push(hitAt(unit, line, text, DESTROY, HOME.test(text) ? { floor: "medium" } : {}));
      });
      // A home folder kept in a name, then deleted: `home = os.path.expanduser("~")` … `shutil.rmtree(home)`.
      const deleted = boundUse(unit, ["home"], DELETE_SINK, []);
      if (deleted)
        hits.push(
          hitAt(unit, deleted.line, deleted.text, undefined, {
            floor: "medium",
            why: `Deletes the home folder that line ${deleted.binding.line} names (${evidence(deleted.binding.text, 0, 60)}): this destroys your files, and nothing brings them back.`,
          }),
        );
    }
    return hits;
  },
};

const FORK_BOMB =
  /(?:^|[\s;])(\w+|:)\s*\(\)\s*\{\s*\1\s*\|\s*\1\s*&\s*\}\s*;\s*\1|\bwhile\s+(True|1|true)\s*:\s*os\.fork\s*\(\)|\bwhile\s*\(\s*(true|1)\s*\)\s*\{?\s*fork\s*\(\)|%0\|%0/;

// `()` then `{` (a function defined), `fork`, or the batch file's `%0|%0`.
const FORK_ANCHORS = anchorGroup(["(){", "() ", "fork", "%0|%0"], FORK_BOMB);
/** What each branch of {@link FORK_BOMB} needs besides its anchors: a cheap test before the pattern. */
const mayForkBomb = (text: string): boolean =>
  text.includes("fork") || (text.includes("|") && (text.includes("&") || text.includes("%0")));
const PYTHON_FORK = /^\s*os\.fork\s*\(\)/;
const FORK_LOOP_ANCHORS = anchorGroup(["fork"], PYTHON_FORK);

export const forkBomb: AuditRule = {
  id: "fork-bomb",
  category: "destruction",
  severity: "critical",
  summary: "A fork bomb",
  why: "It spawns processes until the machine stops responding.",
  check: "There is no legitimate use in a skill; do not install.",
  run(context) {
    const hits: RuleHit[] = [];
    for (const unit of unitsHolding(context, FORK_ANCHORS, FORK_LOOP_ANCHORS)) {
      eachLineHolding(unit, FORK_ANCHORS, (text, _index, line) => {
        if (mayForkBomb(text) && FORK_BOMB.test(text)) hits.push(hitAt(unit, line, text, FORK_BOMB));
      });
      // A Python fork loop over two lines: `while True:` then `os.fork()`.
      eachLineHolding(unit, FORK_LOOP_ANCHORS, (text, index, line) => {
        const loop = index > 0 ? unit.line(index - 1) : undefined;
        if (loop !== undefined && /^\s*while\s+(True|1)\s*:\s*$/.test(loop) && PYTHON_FORK.test(text))
          hits.push(hitAt(unit, line - 1, loop));
      });
    }
    return hits;
  },
};

const LOOP_START =
  /^\s*(while\s+(true|:|\[\s*1\s*\]|\(\(\s*1\s*\)\))\s*(;\s*do)?|for\s*\(\(\s*;\s*;\s*\)\)|while\s+True\s*:|while\s*\(\s*(true|1)\s*\)|for\s*\(\s*;\s*;\s*\))/;
const NETWORK_IN_LOOP =
  /\b(curl|wget|nc|ping|hping3|ab|requests\.\w+|urlopen|fetch|http\.get|axios|socket)\b/;
const LOOP_ANCHORS = anchorGroup(["while", "for ", "for("], LOOP_START);
const LOOP_BOUND =
  /\b(sleep|break|return|exit|time\.sleep|setTimeout|await\s+new\s+Promise|asyncio\.sleep|timeout)\b/;

export const networkLoop: AuditRule = {
  id: "network-loop",
  category: "destruction",
  severity: "high",
  summary: "An endless loop making network requests with no pause or exit",
  why: "An unbounded request loop floods a service (a denial of service) and burns your bandwidth and quota.",
  check: "Find the loop's exit and pause; polling needs both.",
  run(context) {
    const hits: RuleHit[] = [];
    for (const unit of unitsHolding(context, LOOP_ANCHORS))
      eachLineHolding(unit, LOOP_ANCHORS, (text, index, line) => {
        if (!LOOP_START.test(text)) return;
        const body = unit.text(index, index + 12);
        if (NETWORK_IN_LOOP.test(body) && !LOOP_BOUND.test(body))
          hits.push(hitAt(unit, line, text, LOOP_START));
      });
    return hits;
  },
};
