/**
 * @module One HTTP(S) download through Node's fetch: a timeout, a byte bound enforced while reading, and
 * messages that say what went wrong (refused, timed out, HTTP status).
 */
import { SkillsetError } from "@skillset/core/model";

export interface FetchBytesOptions {
  timeoutMs: number;
  maxBytes: number;
}

/** The body of `url` and the URL it ended at (after redirects). */
export async function fetchBytes(
  url: string,
  options: FetchBytesOptions,
): Promise<{ body: Buffer; url: string; status: number }> {
  let response: Response;
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    response = await fetch(url, { signal, redirect: "follow" });
  } catch (error) {
    throw unreachable(url, error, options.timeoutMs);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    return { body: Buffer.alloc(0), url: response.url || url, status: response.status };
  }
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > options.maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge(url, options.maxBytes);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of response.body ?? []) {
      total += chunk.byteLength;
      if (total > options.maxBytes) throw tooLarge(url, options.maxBytes);
      chunks.push(Buffer.from(chunk));
    }
  } catch (error) {
    if (SkillsetError.isInstance(error)) throw error;
    throw unreachable(url, error, options.timeoutMs);
  }
  return { body: Buffer.concat(chunks), url: response.url || url, status: response.status };
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

function unreachable(url: string, error: unknown, timeoutMs: number): SkillsetError {
  const name = (error as Error).name;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const reason =
    name === "TimeoutError" || name === "AbortError"
      ? `no answer within ${timeoutMs} ms (timed out)`
      : (cause?.code ?? cause?.message ?? (error as Error).message);
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
