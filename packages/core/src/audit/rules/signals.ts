/**
 * @module The signals the rules combine, one definition each: where secrets live, what sends data over the
 * network, what runs code, which destinations only an attacker needs. A signal alone is rarely a finding;
 * a source and a sink in one flow is. Each signal has its anchors (`line-anchors.ts`): the words any line
 * it matches holds, so the rules test it only on those lines.
 */
import { anchorGroup } from "../line-anchors.js";
import { followedBy, linePattern } from "../line-pattern.js";

/** A credential store: SSH private keys, cloud and tool credentials, keychains, browser and wallet data. */
export const CREDENTIAL_STORE = new RegExp(
  [
    String.raw`\.ssh/(id_[\w-]+|identity)\b(?!\.pub)`,
    String.raw`\.ssh/?\*`,
    String.raw`\.ssh["']?\s*(\)|$|[|>;&])`,
    // A whole folder of keys or credentials as an argument (`tar czf x ~/.ssh ~/.aws`), or joined onto.
    String.raw`(~|\$HOME|\$\{HOME\}|\/home\/[\w.-]+|\/root)\/\.(ssh|aws|gnupg|kube|docker|azure)\/?["']?(?=[\s)]|$)`,
    String.raw`~\/\.ssh["']\s*[/,+]`,
    String.raw`\.aws/credentials`,
    String.raw`\.config/gcloud\b`,
    String.raw`application_default_credentials\.json`,
    String.raw`\.azure/(accessTokens|msal_token_cache)`,
    String.raw`\.kube/config\b`,
    String.raw`\.docker/config\.json`,
    String.raw`\.netrc\b`,
    String.raw`\.git-credentials\b`,
    String.raw`\.pypirc\b`,
    String.raw`\.config/gh/hosts\.yml`,
    String.raw`\bsecurity\s+(find-(generic|internet)-password|dump-keychain)\b`,
    String.raw`\bLibrary/Keychains\b`,
    String.raw`login\.keychain`,
    String.raw`\bsecret-tool\s+lookup\b`,
    String.raw`\bLogin Data\b`,
    String.raw`(Chrome|Chromium|Brave|Edge)[^\n]{0,40}\bCookies\b`,
    String.raw`\.mozilla/firefox\b`,
    String.raw`\blogins\.json\b`,
    String.raw`\bkey[34]\.db\b`,
    String.raw`\bwallet\.dat\b`,
    String.raw`\.electrum\b`,
    String.raw`solana/id\.json`,
    String.raw`\.ethereum/keystore`,
    String.raw`/etc/shadow\b`,
    String.raw`\.(bash|zsh)_history\b`,
  ].join("|"),
  "i",
);

/** The anchors of a credential read (see {@link CREDENTIAL_STORE} and `readsCredentials`). */
export const CREDENTIAL_ANCHORS = anchorGroup(
  [
    ".ssh",
    ".aws",
    ".config/gcloud",
    "gcloud",
    ".gnupg",
    "application_default_credentials.json",
    ".azure",
    ".kube",
    ".docker",
    ".netrc",
    ".git-credentials",
    ".pypirc",
    ".config/gh/hosts.yml",
    "find-generic-password",
    "find-internet-password",
    "dump-keychain",
    "library/keychains",
    "login.keychain",
    "secret-tool",
    "login data",
    "cookies",
    ".mozilla",
    "logins.json",
    "key3.db",
    "key4.db",
    "wallet.dat",
    ".electrum",
    "solana",
    ".ethereum",
    "/etc/shadow",
    ".bash_history",
    ".zsh_history",
  ],
  CREDENTIAL_STORE,
);

/** Uses of a key that only authenticate with it (`ssh -i key`, `IdentityFile`), removed before looking for reads. */
const KEY_USE =
  /(\s-i\s+\S+|IdentityFile\s+\S+|ssh-add\s+\S+|ssh-keygen\b.*|chmod\s+\d+\s+\S+|ssh-copy-id\b.*|--identity[-_]file[=\s]+\S+|GIT_SSH_COMMAND=.*)/gi;

/** `line` without the parts that only use a key to authenticate. */
export function withoutKeyUse(line: string): string {
  return line.replace(KEY_USE, " ");
}

/**
 * Where a command writes, not reads: a redirection's target (`> ~/.kube/config`), `tee`'s, a download's
 * output (`-o`, `-O`, `-OutFile`), a copy's destination, a file opened to write. A credential file named
 * there is written (a CI secret put in place), not read.
 */
const WRITE_TARGET = new RegExp(
  [
    String.raw`(>>?\s*|\btee\s+(-a\s+)?|\s(-o|--output|-O|-OutFile)\s+|\b(Out-File|Set-Content|Add-Content)\s+(-(FilePath|Path)\s+)?)["']?[^\s"';|&)]+["']?`,
    String.raw`\b(cp|mv|install)\s+(-[\w-]+\s+)*["']?[^\s"';|&]+["']?\s+["']?[^\s"';|&]+["']?\s*($|[;|&])`,
    String.raw`\bopen\s*\([^\n]{0,200}?,\s*["'][wa]b?\+?["']\s*\)`,
  ].join("|"),
  "gi",
);

/** `line` without the places it writes to (see {@link WRITE_TARGET}); a copy keeps its source. */
export function withoutWriteTargets(line: string): string {
  if (!/>|\btee\b|\s-o|-O|OutFile|Content|\bcp\b|\bmv\b|\binstall\b|\bopen\b/i.test(line)) return line;
  return line.replace(WRITE_TARGET, (target: string) => {
    // A copy's source is read: only its destination goes.
    const copy = /^(cp|mv|install)\s+(-[\w-]+\s+)*(["']?[^\s"';|&]+["']?)\s+/i.exec(target);
    return copy ? ` ${copy[1]} ${copy[3]} ` : " ";
  });
}

/** An operation that reads or copies a file's content. */
export const READ_OPERATION =
  /\b(cat|less|more|head|tail|base64|xxd|od|cp|scp|tar|zip|7z|rsync|strings|sqlite3|Get-Content|gc|type|grep|awk|sed|open|read_text|read_bytes|readFile\w*|fs\.read\w*|readlines|read|copy\w*|shutil\.\w+|find|curl|wget|http|nc|security|secret-tool)\b|</;

/** The whole environment, dumped or serialised (not one variable read). */
export const ENV_DUMP = new RegExp(
  [
    String.raw`\bprintenv\s*($|[|>;&)])`,
    String.raw`(^\s*|[|;&]\s*|\$\(\s*|\bsudo\s+)env\s*($|[|>;&)])`,
    String.raw`\bexport\s+-p\b`,
    String.raw`\b(dict|json\.dumps?|str|repr|list)\s*\(\s*os\.environ\s*\)`,
    String.raw`\bos\.environ\s*\.\s*(items|copy|keys|values)\s*\(\s*\)`,
    String.raw`\{\s*\*\*os\.environ\s*\}`,
    String.raw`\bdict\s*\(\s*\*\*os\.environ\s*\)`,
    // The whole environment handed to a request as its data.
    String.raw`\b(data|json|params|body|payload|files)\s*=\s*os\.environ\b(?!\s*[[.])`,
    String.raw`JSON\.stringify\s*\(\s*process\.env\s*[,)]`,
    String.raw`Object\.(entries|keys|values|assign)\s*\(\s*(\{\s*\}\s*,\s*)?process\.env\s*\)`,
    String.raw`\{\s*\.\.\.process\.env\s*\}(?![^\n]*?\b(env|spawn|exec\w*)\b)`,
    // `{ env: process.env }` as a value of an object (not a child process's options: see dumpsEnvironment).
    String.raw`\bprocess\.env(?<=[{,]\s*["']?\w+["']?\s*:\s*process\.env)\s*[,}]`,
    String.raw`\b(Get-ChildItem|gci|dir|ls)\s+env:`,
    String.raw`\bENV\.to_h\b`,
  ].join("|"),
  "i",
);

/** An `env | grep X`-style look at one variable: not a dump. */
export const ENV_FILTERED = /\b(printenv|env)\s*\|\s*(grep|rg|findstr|select-string)\b/i;

/** Reading a `.env` file (its secrets), not loading it through a library. */
export const DOTENV_READ = new RegExp(
  [
    String.raw`\b(cat|base64|open|readFile\w*|read_text|Get-Content|type|tar|zip|cp)\b[^\n]{0,40}[\s"'\x60/(]\.env(\.\w+)?\b(?!\.example|\.sample|\.template)`,
    // Read after it is named (`Path(".env").read_text()`), or attached to a request (`curl --data-binary @.env`).
    String.raw`["'\x60/]\.env(\.\w+)?["']\s*\)\s*\.\s*(read_text|read_bytes|open)\b`,
    String.raw`(^|[\s=])@\.?\/?\.env(\.\w+)?\b(?!\.example|\.sample|\.template)`,
  ].join("|"),
  "i",
);

/** The anchors of {@link ENV_DUMP} and {@link DOTENV_READ}. */
export const ENV_ANCHORS = anchorGroup(["env", "export"], ENV_DUMP, DOTENV_READ);

/** A network call that sends data (a body, a form, an upload) or a raw socket. */
export const NETWORK_SEND = linePattern([
  followedBy(
    String.raw`\bcurl\b`,
    String.raw`\s(-d|--data(-binary|-raw|-urlencode|-ascii)?|-F|--form|-T|--upload-file|--json)\b`,
  ),
  followedBy(String.raw`\bcurl\b`, String.raw`-X\s*(POST|PUT)\b`),
  followedBy(String.raw`\bwget\b`, "--(post|body)-(data|file)"),
  String.raw`\b(requests|httpx|session|client|http)\.(post|put|patch)\s*\(`,
  followedBy(String.raw`\burllib\.request\.(urlopen|Request)\s*\(`, String.raw`\bdata\s*=`),
  String.raw`\baxios\.(post|put|patch)\s*\(`,
  followedBy(String.raw`\bfetch\s*\(`, String.raw`\bmethod\s*:\s*["'](POST|PUT|PATCH)`),
  String.raw`\bmethod\s*:\s*["'](POST|PUT|PATCH)["']`,
  String.raw`\b(nc|ncat|netcat)\s+(-\w+\s+)*[\w.-]+\s+\d{2,5}\b`,
  "/dev/(tcp|udp)/",
  followedBy(String.raw`\bscp\b`, String.raw`\s[\w.-]+@[\w.-]+:`),
  followedBy(
    String.raw`\b(Invoke-WebRequest|Invoke-RestMethod|iwr|irm)\b`,
    String.raw`(-Method\s+(Post|Put)|-Body\b|-InFile\b)`,
  ),
  String.raw`\b(sock|socket|s|conn|client|udp|tcp)\.(send|sendall|sendto)\s*\(`,
  String.raw`\bsmtplib\b|\bsendmail\b`,
  followedBy(String.raw`\bftp\b`, String.raw`\bput\b`),
  String.raw`\bftplib\b`,
]);

const SEND_ANCHOR_WORDS = [
  "curl",
  "wget",
  ".post",
  ".put",
  ".patch",
  "urllib.request",
  "method",
  "nc ",
  "ncat",
  "netcat",
  "/dev/tcp/",
  "/dev/udp/",
  "scp",
  "invoke-webrequest",
  "invoke-restmethod",
  "iwr",
  "irm",
  ".send",
  "smtplib",
  "sendmail",
  "ftp",
];

/** The anchors of {@link NETWORK_SEND}. */
export const SEND_ANCHORS = anchorGroup(SEND_ANCHOR_WORDS, NETWORK_SEND);

/** Any network request. */
export const NETWORK_ANY = linePattern([
  ...NETWORK_SEND.branches,
  String.raw`\b(curl|wget)\b`,
  String.raw`\b(requests|httpx|aiohttp|urllib3?)\b[.\w]*\.(get|request|urlopen|Session|ClientSession)\b`,
  String.raw`\burlopen\s*\(`,
  String.raw`\bfetch\s*\(\s*[\w"'\x60]`,
  String.raw`\baxios\b`,
  String.raw`\bhttps?\.(get|request)\s*\(`,
  String.raw`\b(Invoke-WebRequest|Invoke-RestMethod|iwr|irm|Net\.WebClient|DownloadString|DownloadFile)\b`,
  String.raw`\bsocket\.(socket|create_connection)\b`,
  String.raw`\bnet\.(connect|createConnection|Socket)\b`,
]);

/** The anchors of {@link NETWORK_ANY}. */
export const NETWORK_ANCHORS = anchorGroup(
  [
    ...SEND_ANCHOR_WORDS,
    "requests",
    "httpx",
    "aiohttp",
    "urllib",
    "urlopen",
    "fetch",
    "axios",
    "http",
    "net.webclient",
    "downloadstring",
    "downloadfile",
    "socket.",
    "net.",
  ],
  NETWORK_ANY,
);

/** Destinations only an exfiltration needs: paste sites, request catchers, chat webhooks and bots. */
export const SUSPICIOUS_HOST =
  /\b(pastebin\.com|paste\.ee|hastebin\.com|ghostbin\.\w+|termbin\.com|transfer\.sh|file\.io|0x0\.st|temp\.sh|webhook\.site|requestbin\.\w+|pipedream\.net|requestcatcher\.com|beeceptor\.com|interact\.sh|oast\.(fun|pro|live|site|online|me)|burpcollaborator\.net|canarytokens\.com|ngrok\.io|ngrok-free\.app|trycloudflare\.com|discord(app)?\.com\/api\/webhooks|api\.telegram\.org\/bot)\b/i;

/** The anchors of {@link SUSPICIOUS_HOST}. */
export const HOST_ANCHORS = anchorGroup(
  [
    "pastebin.com",
    "paste.ee",
    "hastebin.com",
    "ghostbin.",
    "termbin.com",
    "transfer.sh",
    "file.io",
    "0x0.st",
    "temp.sh",
    "webhook.site",
    "requestbin.",
    "pipedream.net",
    "requestcatcher.com",
    "beeceptor.com",
    "interact.sh",
    "oast.",
    "burpcollaborator.net",
    "canarytokens.com",
    "ngrok.io",
    "ngrok-free.app",
    "trycloudflare.com",
    "/api/webhooks",
    "api.telegram.org/bot",
  ],
  SUSPICIOUS_HOST,
);

/** A URL whose host is a public IPv4 address (loopback, private and link-local ranges excepted). */
const RAW_IP_URL = /\b(?:https?|ftp|tcp):\/\/(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\b/gi;

/** The first URL (or `/dev/tcp/` address) in `text` whose host is a public IP address, if any. */
export function publicIpUrl(text: string): string | undefined {
  const candidates = [
    ...text.matchAll(RAW_IP_URL),
    ...text.matchAll(/\/dev\/(?:tcp|udp)\/(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\b/gi),
  ];
  for (const match of candidates) {
    const [a, b] = [Number(match[1]), Number(match[2])];
    const octets = [a, b, Number(match[3]), Number(match[4])];
    if (octets.some((octet) => octet > 255)) continue;
    const local =
      a === 127 ||
      a === 10 ||
      a === 0 ||
      (a === 192 && b === 168) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 169 && b === 254);
    if (!local) return match[0];
  }
  return undefined;
}

/** The anchors of {@link publicIpUrl}. */
export const IP_URL_ANCHORS = anchorGroup(
  [..."0123456789"].flatMap((digit) => [`://${digit}`, `/dev/tcp/${digit}`, `/dev/udp/${digit}`]),
  publicIpUrl,
);

/** A command or call that runs code or a shell. */
export const RUNS_CODE =
  /(\|\s*(sudo\s+)?(ba|z|da|k)?sh\b|\|\s*(sudo\s+)?(python[0-9.]*|node|perl|ruby|php)\b|\b(eval|exec|execSync|spawn|spawnSync|system|popen|Function)\s*\(|\bsubprocess\.\w+\s*\(|\bos\.(system|popen|exec\w*)\s*\(|\b(bash|sh|zsh)\s+-c\b|\bInvoke-Expression\b|\biex\b|\bchild_process\b|^\s*eval\s)/i;

/** Words that make a line about the network, shell or secrets: what a hidden or triggered action does. */
export const RISKY_ACTION =
  /\b(send|sends|sending|upload\w*|post(ing)?|transmit\w*|exfiltrat\w*|curl|wget|https?:\/\/|credential\w*|password\w*|tokens?|api[_ ]?keys?|secrets?|ssh|\.env|environment variables|cookies?|install\w*|execut\w*|download\w*|delet\w*|remov\w*|\brm\b|wallet|private keys?)\b/i;

/** Hosts whose `curl | sh` installers are the documented way to install a well-known tool. */
export const KNOWN_INSTALLER_HOSTS =
  /^(sh\.rustup\.rs|astral\.sh|bun\.sh|deno\.land|get\.docker\.com|get\.pnpm\.io|install\.python-poetry\.org|raw\.githubusercontent\.com\/(Homebrew|nvm-sh|pyenv|ohmyzsh|rvm|foundry-rs|pnpm|cargo-bins|helm|golangci|anchore|aquasecurity)\b.*|github\.com\/(Homebrew|nvm-sh|pyenv|foundry-rs|helm|anchore|aquasecurity)\/.*|claude\.ai|ollama\.com|fly\.io|cli\.github\.com|sdk\.cloud\.google\.com|get\.helm\.sh|starship\.rs|mise\.run|mise\.jdx\.dev|pixi\.sh|get\.volta\.sh|fnm\.vercel\.app|install\.determinate\.systems|nixos\.org|get\.sdkman\.io|supabase\.com|vercel\.com|railway\.app|cli\.doppler\.com|tailscale\.com|opencode\.ai|cursor\.com|dot\.net|awscli\.amazonaws\.com)$/i;

/**
 * A target only an example names: a reserved example domain or TLD, a documentation or private address, an
 * `ATTACKER_IP` or `<host>` placeholder, an elided URL. Code aimed there cannot reach a real machine.
 */
const PLACEHOLDER_TARGET =
  /\battacker\w*\b|\b(ATTACKER|YOUR|REMOTE|TARGET|LHOST)_\w+|<[\w .:/-]+>|\b[\w-]+\.(example|test|invalid|localhost)\b|\bexample\.(com|org|net)\b|\b(192\.0\.2|198\.51\.100|203\.0\.113)\.\d{1,3}\b|\b(10|127)\.\d{1,3}\.\d{1,3}\.\d{1,3}\b|\b192\.168\.\d{1,3}\.\d{1,3}\b|\b172\.(1[6-9]|2\d|3[01])\.\d{1,3}\.\d{1,3}\b|\blocalhost\b|:\/\/(\.\.\.|…)/i;

/** Whether `text` aims at a placeholder rather than a real host (see {@link PLACEHOLDER_TARGET}). */
export function aimsAtPlaceholder(text: string): boolean {
  return PLACEHOLDER_TARGET.test(text);
}

/**
 * `line` with paths written in pieces put together, so the path patterns see them whole: a home folder
 * as code names it (`Path.home()`, `os.path.expanduser("~")`, `os.homedir()`, `$env:USERPROFILE`) becomes `~`,
 * pieces joined by `/`, `,` or `+` between quotes (`".ssh" / "id_rsa"`, `".aws", "credentials"`) become one
 * path, and backslashes become slashes (`$env:USERPROFILE\.aws\credentials`).
 */
export function pathView(line: string): string {
  if (!/[\\"'(:%]/.test(line)) return line;
  return line
    .replace(HOME_CALL, "~")
    .replace(/(~|["'])\s*(?:\/|,|\+(?:\s*os\.sep\s*\+)?)\s*["']/g, (_, left: string) =>
      left === "~" ? "~/" : "/",
    )
    .replace(/\\+/g, "/");
}

/** How code names the home folder. */
const HOME_CALL =
  /\bos\.path\.expanduser\s*\(\s*["']~["']\s*\)|\b(pathlib\.)?Path\.home\s*\(\s*\)|\bos\.homedir\s*\(\s*\)|\bos\.UserHomeDir\s*\(\s*\)|\bos\.environ\s*\[\s*["']HOME["']\s*\]|\bos\.getenv\s*\(\s*["']HOME["']\s*\)|\bprocess\.env\.HOME\b|\$env:(USERPROFILE|HOME)\b|%USERPROFILE%|\[Environment\]::GetFolderPath\(\s*["']UserProfile["']\s*\)/gi;
