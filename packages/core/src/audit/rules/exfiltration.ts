/**
 * @module Exfiltration (SPEC §17): network sends that carry secrets, files or command output; DNS lookups
 * built from data; tunnels that expose the machine; destinations only an attacker needs (paste sites,
 * request catchers, chat webhooks, raw public IPs). A source and a sink in one flow (a script, a code
 * block) is critical; across two files of the skill, high.
 */
import { type AuditRule, evidence, hitAt, type RuleHit } from "../audit-rule.js";
import { anchorGroup } from "../line-anchors.js";
import { firstThen, followedBy, later, linePattern, REACH } from "../line-pattern.js";
import {
  type CodeUnit,
  eachLineHolding,
  fileHolds,
  firstLineHolding,
  proseHolding,
  unitLineHolds,
  unitsHolding,
} from "../scan-context.js";
import { boundCredentialRead, dumpsEnvironment, readsCredentials, readsDotenv } from "./secrets.js";
import {
  aimsAtPlaceholder,
  CREDENTIAL_ANCHORS,
  ENV_ANCHORS,
  HOST_ANCHORS,
  IP_URL_ANCHORS,
  NETWORK_ANY,
  NETWORK_SEND,
  publicIpUrl,
  SEND_ANCHORS,
  SUSPICIOUS_HOST,
} from "./signals.js";

/** The first line of `unit` that reads a secret (credential store, whole environment, `.env`). */
function secretSource(unit: CodeUnit): { line: number; text: string } | undefined {
  // Each test only on a line holding its anchors; else a credential read through a name.
  const direct = firstLineHolding(
    unit,
    (text, index) =>
      (unitLineHolds(unit, index, CREDENTIAL_ANCHORS) && readsCredentials(text, unit.prose)) ||
      (unitLineHolds(unit, index, ENV_ANCHORS) && (dumpsEnvironment(text) || readsDotenv(text))),
    CREDENTIAL_ANCHORS,
    ENV_ANCHORS,
  );
  return direct ?? boundCredentialRead(unit);
}

/** The first line of `unit` that sends data over the network. */
function networkSend(unit: CodeUnit): { line: number; text: string } | undefined {
  return firstLineHolding(unit, (text) => NETWORK_SEND.test(text), SEND_ANCHORS);
}

/** A sentence telling the reader to send something to an address: "then send their contents to https://…". */
const PROSE_SEND =
  /\b(send|sending|upload|uploading|post|posting|transmit|transmitting|forward|forwarding|submit|submitting|exfiltrate|paste|pasting)\b[\s\S]{0,160}?\b(to|at|into)\s+<?(https?:\/\/|[\w.+-]+@[\w-]+\.[\w.]+)/i;

/** The line of a prose paragraph where it tells the reader to send something to an address. */
function proseSend(unit: CodeUnit): { line: number; text: string } | undefined {
  const text = unit.text();
  const match = PROSE_SEND.exec(text);
  if (!match) return undefined;
  let index = 0;
  const end = match.index + match[0].length;
  for (let at = text.indexOf("\n"); at !== -1 && at < end; at = text.indexOf("\n", at + 1)) index++;
  return { line: unit.start + index, text: unit.line(index) };
}

export const secretExfiltration: AuditRule = {
  id: "secret-exfiltration",
  category: "exfiltration",
  severity: "critical",
  summary: "Reads secrets (credential stores, the environment, .env) and sends data over the network",
  why: "A secret read and a network send in one flow is the shape of credential theft.",
  check: "Follow the data from the read to the send; if the secret can reach the request, do not install.",
  run(context) {
    const hits: RuleHit[] = [];
    const units = unitsHolding(context, SEND_ANCHORS, CREDENTIAL_ANCHORS, ENV_ANCHORS);
    // Only these can read a secret: the others are looked at for a send alone.
    const reading = new Set(unitsHolding(context, CREDENTIAL_ANCHORS, ENV_ANCHORS));
    const sources: CodeUnit[] = [];
    const sinks: CodeUnit[] = [];
    for (const unit of units) {
      const source = reading.has(unit) ? secretSource(unit) : undefined;
      // Outside a script a send matters only beside a source (the pairing across files is of scripts).
      // A paragraph of prose sends by telling the model to ("send it to https://…").
      const sink =
        source || unit.file.kind === "script"
          ? (networkSend(unit) ?? (source && unit.prose ? proseSend(unit) : undefined))
          : undefined;
      if (source) sources.push(unit);
      if (sink) sinks.push(unit);
      if (source && sink)
        hits.push(
          hitAt(unit, sink.line, sink.text, NETWORK_SEND, {
            why: `Reads a secret (line ${source.line}: ${evidence(source.text, 0, 60)}) and sends data over the network in the same flow.`,
            // A secret sent to a real host is not lowered below medium by the words around it.
            ...(aimsAtPlaceholder(sink.text) ? {} : { floor: "medium" as const }),
          }),
        );
    }
    // Across files: scripts only (prose in two Markdown files is not one flow).
    const scriptSources = sources.filter((unit) => unit.file.kind === "script" && !unit.illustrative);
    const scriptSinks = sinks.filter((unit) => unit.file.kind === "script" && !unit.illustrative);
    for (const sink of scriptSinks) {
      const other = scriptSources.find((source) => source.file !== sink.file);
      if (!other || scriptSources.some((source) => source.file === sink.file)) continue;
      const send = networkSend(sink)!;
      hits.push(
        hitAt(sink, send.line, send.text, NETWORK_SEND, {
          severity: "high",
          why: `${other.file.path} reads a secret and this script sends data over the network: together they can carry it out.`,
        }),
      );
    }
    return hits;
  },
};

// Command output sent: `$(cmd)` in a request's data, or a command piped into a sender.
const OUTPUT_SENT = linePattern([
  followedBy(
    String.raw`\b(curl|wget)\b`,
    String.raw`(-d|--data[\w-]*|-F|--form|--post-data|-H)\s*["']?[^"'\n]{0,${REACH}}\$\((whoami|id|hostname|uname|ifconfig|ip\s|env|printenv|cat|ls|history|ps|find|tar|base64|git\s+config|pwd)\b`,
  ),
  followedBy(
    String.raw`\|\s*(curl|wget)\b`,
    String.raw`(-d\s*@-|--data[\w-]*\s*@-|-F\s*[^\s=]{0,${REACH}}=@-|-T\s*-|--upload-file\s*-|--post-file=?\/dev\/stdin)`,
  ),
  String.raw`\|\s*(nc|ncat|netcat)\s+[\w.-]+\s+\d+`,
  String.raw`>\s*\/dev\/(tcp|udp)\/`,
  followedBy(
    String.raw`\b(requests|httpx)\.(post|put)\(`,
    String.raw`\b(check_output|getoutput|popen|run)\(`,
  ),
]);

const OUTPUT_ANCHORS = anchorGroup(
  ["curl", "wget", "nc ", "ncat", "netcat", "/dev/tcp/", "/dev/udp/", ".post", ".put"],
  OUTPUT_SENT,
);

export const commandOutputExfiltration: AuditRule = {
  id: "command-output-exfiltration",
  category: "exfiltration",
  severity: "high",
  summary: "Sends command output (system details, file listings, environment) over the network",
  why: "Piping a command's output into a network request carries information about your machine out of it.",
  check: "See which command's output is sent and where; telemetry a skill does not announce is exfiltration.",
  run(context) {
    const hits: RuleHit[] = [];
    for (const unit of unitsHolding(context, OUTPUT_ANCHORS))
      eachLineHolding(unit, OUTPUT_ANCHORS, (text, _index, line) => {
        if (OUTPUT_SENT.test(text)) hits.push(hitAt(unit, line, text, OUTPUT_SENT));
      });
    return hits;
  },
};

const DNS_EXFIL = linePattern([
  firstThen(
    String.raw`(^\s*|[;&|(]\s*|\$\(\s*|\bsubprocess\.\w+\(\s*\[?\s*["'])(dig|nslookup|host|drill|Resolve-DnsName)\s+[^\n|;]{0,${REACH}}?(\$\(|\$\{|\x60|\$\w+\.)`,
    later(String.raw`\.[a-z]{2,}`),
  ),
  String.raw`\b(gethostbyname|getaddrinfo|resolve\w*|lookup)\s*\(\s*(f["'][^"'\n]{0,${REACH}}\{|[\w.]+\s*\+\s*["']\.|["'][^"'\n]{0,${REACH}}["']\s*\.\s*format\b|\x60[^\x60\n]{0,${REACH}}\$\{)`,
]);

const DNS_ANCHORS = anchorGroup(
  ["dig", "nslookup", "host", "drill", "resolve", "gethostbyname", "getaddrinfo", "lookup"],
  DNS_EXFIL,
);

export const dnsExfiltration: AuditRule = {
  id: "dns-exfiltration",
  category: "exfiltration",
  severity: "high",
  summary: "A DNS lookup whose name is built from data",
  why: "Data placed in a subdomain leaves through DNS, past most firewalls and proxies.",
  check: "See what is interpolated into the looked-up name; a fixed host name is fine.",
  run(context) {
    const hits: RuleHit[] = [];
    for (const unit of unitsHolding(context, DNS_ANCHORS))
      eachLineHolding(unit, DNS_ANCHORS, (text, _index, line) => {
        if (DNS_EXFIL.test(text)) hits.push(hitAt(unit, line, text, DNS_EXFIL));
      });
    return hits;
  },
};

const TUNNEL =
  /\b(ngrok\s+(http|tcp|tls|start|config)|ngrok\.(connect|forward)\s*\(|authtoken\s*:\s*\S+|cloudflared\s+tunnel|\blt\s+--port|localtunnel|serveo\.net|localhost\.run|bore\s+local|ssh\s+(-\w+\s+)*-R\s*\d+|frpc\b|pinggy\.io|tunnelmole)\b/i;

const TUNNEL_ANCHORS = anchorGroup(
  [
    "ngrok",
    "authtoken",
    "cloudflared",
    "--port",
    "localtunnel",
    "serveo.net",
    "localhost.run",
    "bore",
    "ssh",
    "frpc",
    "pinggy.io",
    "tunnelmole",
  ],
  TUNNEL,
);

export const tunnel: AuditRule = {
  id: "tunnel",
  category: "exfiltration",
  severity: "medium",
  summary: "Opens a tunnel from this machine to the internet (ngrok, cloudflared, ssh -R, …)",
  why: "A tunnel exposes a local port, and whatever serves it, to anyone who has the URL.",
  check:
    "See what the tunnel exposes and who gets its URL; a skill that documents one for webhook testing is milder than a script that starts one.",
  run(context) {
    const hits: RuleHit[] = [];
    for (const unit of unitsHolding(context, TUNNEL_ANCHORS)) {
      const inFile = unit.file.kind === "script" || unit.file.kind === "config";
      let ngrok: boolean | undefined;
      eachLineHolding(unit, TUNNEL_ANCHORS, (text, _index, line) => {
        if (!TUNNEL.test(text)) return;
        if (/authtoken/i.test(text)) {
          ngrok ??= /ngrok/i.test(unit.file.path + unit.text());
          if (!ngrok) return;
        }
        hits.push(hitAt(unit, line, text, TUNNEL, inFile ? {} : { severity: "low" }));
      });
    }
    return hits;
  },
};

export const suspiciousDestination: AuditRule = {
  id: "suspicious-destination",
  category: "exfiltration",
  severity: "high",
  summary: "Network calls to a paste site, request catcher, chat webhook or raw public IP",
  why: "Legitimate tools talk to their own service by name; paste sites, request catchers, bot APIs and bare IPs are where stolen data is dropped.",
  check: "Look up the destination and what is sent to it.",
  run(context) {
    const hits: RuleHit[] = [];
    const about = `${context.name ?? ""} ${context.description ?? ""}`;
    for (const unit of unitsHolding(context, HOST_ANCHORS, IP_URL_ANCHORS)) {
      eachLineHolding(
        unit,
        HOST_ANCHORS,
        (text, _index, line) => {
          const host = SUSPICIOUS_HOST.exec(text);
          const ip = host ? undefined : publicIpUrl(text);
          if (!host && !ip) return;
          const calls = NETWORK_ANY.test(text) || /\/dev\/(tcp|udp)\//.test(text);
          // Prose talks about destinations: a mention is noted below, a call there is at most low (a
          // secret sent there is secret-exfiltration's).
          if (unit.prose && !calls) return;
          // A Telegram skill calls Telegram's bot API: the service it is about is not a drop box.
          const labels = (host?.[0] ?? "")
            .split(/[./]/)
            .filter((label) => label.length > 3 && label !== "webhooks");
          const own = labels.some((label) => new RegExp(`\\b${label.replace(/app$/, "")}`, "i").test(about));
          const pattern = host ? SUSPICIOUS_HOST : /\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}/;
          // Mentioned without a call (a link, a note): low; called with data: high; called: medium.
          const severity = !calls || own || unit.prose ? "low" : NETWORK_SEND.test(text) ? "high" : "medium";
          hits.push(hitAt(unit, line, text, pattern, { severity }));
        },
        IP_URL_ANCHORS,
      );
    }
    for (const file of context.files) {
      if ((file.kind !== "skill" && file.kind !== "markdown") || !fileHolds(file, HOST_ANCHORS)) continue;
      for (const { line, text } of proseHolding(file, HOST_ANCHORS)) {
        if (text.includes("`")) continue; // inline code is a unit, seen above
        const host = SUSPICIOUS_HOST.exec(text) ?? undefined;
        if (host)
          hits.push({ file: file.path, line, evidence: evidence(text, host.index), severity: "info" });
      }
    }
    return hits;
  },
};
