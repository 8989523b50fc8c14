/**
 * @module One HTTP(S) download: a timeout, a byte bound enforced while reading, the person's interruption,
 * and the network rules of SPEC §14 — redirects only within one origin (each hop checked again), and no
 * connection to this machine, its link or a private network unless the person allows it with
 * `SKILLSET_ALLOW_PRIVATE_NETWORK=1` (an environment variable: no project file can set it). Addresses are
 * checked where the connection is made (the socket's own DNS lookup), so a name cannot resolve to a public
 * address for the check and a private one for the connection.
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import type { IncomingMessage } from "node:http";
import { isIP, type LookupFunction } from "node:net";
import { SkillsetError } from "@skillset/core/model";
import { interruptedError } from "./interrupted.js";
import { blockedAddressReason } from "./network-address.js";

/** What a person decides about the network for one command. */
export interface NetworkOptions {
  /** Aborted when the person interrupts the command. */
  signal?: AbortSignal;
  /** Allow loopback, link-local and private addresses (tests, an intranet mirror). */
  allowPrivate?: boolean;
}

export interface FetchBytesOptions extends NetworkOptions {
  timeoutMs: number;
  maxBytes: number;
}

/** The environment variable that allows private addresses; only the person's environment can set it. */
export const ALLOW_PRIVATE_NETWORK = "SKILLSET_ALLOW_PRIVATE_NETWORK";

/** The network options a command's environment gives. */
export function networkFrom(
  env: Record<string, string | undefined>,
  signal: AbortSignal | undefined,
): NetworkOptions {
  const allowPrivate = /^(1|true|yes)$/i.test(env[ALLOW_PRIVATE_NETWORK] ?? "");
  return { allowPrivate, ...(signal ? { signal } : {}) };
}

/** Redirects followed within one origin before giving up. */
const MAX_REDIRECTS = 5;

/** The body of `url` and the URL it ended at (after same-origin redirects). */
export async function fetchBytes(
  url: string,
  options: FetchBytesOptions,
): Promise<{ body: Buffer; url: string; status: number }> {
  let current = new URL(url);
  for (let hop = 0; ; hop++) {
    const { response, stopped } = await request(current, url, options);
    const location = response.headers.location;
    if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
      response.resume();
      const next = new URL(location, current);
      if (next.origin !== current.origin)
        throw new SkillsetError(
          "install-redirect-refused",
          `Refused ${url}: it redirects to ${next.href}, another origin. skillset follows redirects only within one origin; nothing was installed. Give the final address itself if you trust it.`,
        );
      if (hop >= MAX_REDIRECTS)
        throw new SkillsetError(
          "install-redirect-refused",
          `Refused ${url}: more than ${MAX_REDIRECTS} redirects. Nothing was installed.`,
        );
      current = next;
      continue;
    }
    const status = response.statusCode ?? 0;
    if (status < 200 || status > 299) {
      response.resume();
      return { body: Buffer.alloc(0), url: current.href, status };
    }
    return { body: await readBody(response, url, options, stopped), url: current.href, status };
  }
}

/** Like `fetchBytes`, but a non-2xx status is an `install-http-failed` error. */
export async function fetchOk(
  url: string,
  options: FetchBytesOptions,
): Promise<{ body: Buffer; url: string }> {
  const result = await fetchBytes(url, options);
  if (result.status < 200 || result.status > 299)
    throw new SkillsetError("install-http-failed", `${url} answered HTTP ${result.status}.`);
  return result;
}

/** A response, and why it was cut short (a timeout, an interruption) if it was. */
interface Answer {
  response: IncomingMessage;
  stopped: () => SkillsetError | undefined;
}

/** One GET of `target`, its address checked; resolves when the response's headers are in. */
async function request(target: URL, shown: string, options: FetchBytesOptions): Promise<Answer> {
  if (target.protocol !== "http:" && target.protocol !== "https:")
    throw new SkillsetError(
      "install-unsafe-url",
      `Refused ${shown}: ${target.protocol} is not HTTP(S). Nothing was installed.`,
    );
  const host = target.hostname.replace(/^\[|\]$/g, "");
  // An address written as such is never looked up: it is checked here.
  if (isIP(host) && !options.allowPrivate) refuseAddress(shown, host, blockedAddressReason(host));
  // Loaded on first download: a git or local install never pays for the HTTP stack.
  const { get } = (await import(
    target.protocol === "https:" ? "node:https" : "node:http"
  )) as typeof import("node:http");
  if (options.signal?.aborted) throw interruptedError(options.signal);
  return new Promise((resolve, reject) => {
    let refusal: SkillsetError | undefined;
    let stopped: SkillsetError | undefined;
    const checkedLookup: LookupFunction = (hostname, lookupOptions, callback) => {
      dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses: LookupAddress[]) => {
        if (error) return callback(error, "", 4);
        if (!options.allowPrivate) {
          for (const { address } of addresses) {
            const reason = blockedAddressReason(address);
            if (reason) {
              refusal = addressError(shown, `${hostname} (${address})`, reason);
              return callback(refusal, "", 4);
            }
          }
        }
        if (lookupOptions.all)
          return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
        const first = addresses[0]!;
        callback(null, first.address, first.family);
      });
    };
    const timer = setTimeout(() => fail(timedOut(shown, options.timeoutMs)), options.timeoutMs);
    const onAbort = () => fail(interruptedError(options.signal!));
    options.signal?.addEventListener("abort", onAbort, { once: true });
    const done = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
    };
    const call = get(target, { lookup: checkedLookup, headers: { "user-agent": "skillset" } }, (response) => {
      // The body is read by `readBody`, still under the timeout and the person's signal.
      response.once("close", done);
      response.once("end", done);
      resolve({ response, stopped: () => stopped });
    });
    function fail(error: SkillsetError): void {
      stopped = error;
      done();
      call.destroy(error);
      reject(error);
    }
    call.on("error", (error: Error) => {
      done();
      reject(refusal ?? stopped ?? (SkillsetError.isInstance(error) ? error : unreachable(shown, error)));
    });
  });
}

async function readBody(
  response: IncomingMessage,
  url: string,
  options: FetchBytesOptions,
  stopped: () => SkillsetError | undefined,
): Promise<Buffer> {
  const declared = Number(response.headers["content-length"] ?? "0");
  if (declared > options.maxBytes) {
    response.destroy();
    throw tooLarge(url, options.maxBytes);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      total += chunk.byteLength;
      if (total > options.maxBytes) throw tooLarge(url, options.maxBytes);
      chunks.push(chunk);
    }
  } catch (error) {
    response.destroy();
    if (SkillsetError.isInstance(error)) throw error;
    throw stopped() ?? unreachable(url, error);
  }
  return Buffer.concat(chunks);
}

function refuseAddress(url: string, host: string, reason: string | undefined): void {
  if (reason) throw addressError(url, host, reason);
}

function addressError(url: string, host: string, reason: string): SkillsetError {
  return new SkillsetError(
    "install-private-address",
    `Refused ${url}: ${host} is ${reason}; skillset downloads only from public addresses. Nothing was installed. If you mean to install from this machine or your own network, set ${ALLOW_PRIVATE_NETWORK}=1 in your environment.`,
  );
}

function timedOut(url: string, timeoutMs: number): SkillsetError {
  return new SkillsetError(
    "install-unreachable",
    `Cannot reach ${url}: no answer within ${timeoutMs} ms (timed out). Check the address and your network; nothing was installed. Raise the limit with --timeout if it is slow.`,
  );
}

function unreachable(url: string, error: unknown): SkillsetError {
  const reason = (error as { code?: string }).code ?? (error as Error).message;
  return new SkillsetError(
    "install-unreachable",
    `Cannot reach ${url}: ${reason}. Check the address and your network; nothing was installed.`,
    { cause: error },
  );
}

function tooLarge(url: string, maxBytes: number): SkillsetError {
  return new SkillsetError(
    "install-too-large",
    `Refused ${url}: larger than ${maxBytes} bytes. Nothing was installed. Raise --max-total-bytes if you trust it.`,
  );
}
