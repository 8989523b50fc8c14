/**
 * @module Which IP addresses a download may connect to (SPEC §14): not this machine, its link or a
 * private network — a hostile index or redirect must not make `add` fetch a cloud metadata service or a
 * router's admin page and store the answer where the model reads it. IPv4 and IPv6, with the IPv6 forms
 * that carry an IPv4 address (mapped, compatible, NAT64, 6to4) judged by that address.
 */
import { isIP } from "node:net";

/** IPv4 ranges refused, as [first octets, prefix length, what it is]. */
const V4_BLOCKED: ReadonlyArray<[number[], number, string]> = [
  [[0], 8, "an unspecified address"],
  [[10], 8, "a private address"],
  [[100, 64], 10, "a shared (carrier-grade NAT) address"],
  [[127], 8, "a loopback address"],
  [[169, 254], 16, "a link-local address"],
  [[172, 16], 12, "a private address"],
  [[192, 0, 0], 24, "a reserved address"],
  [[192, 168], 16, "a private address"],
  [[198, 18], 15, "a reserved address"],
  [[224], 4, "a multicast address"],
  [[240], 4, "a reserved address"],
];

/**
 * Why `address` (an IP literal, v4 or v6, without brackets) may not be fetched from, or undefined when
 * it is a public address. Anything that is not an IP address is refused too.
 */
export function blockedAddressReason(address: string): string | undefined {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 4) return blockedV4(bare.split(".").map(Number));
  if (family === 6) return blockedV6(expandV6(bare));
  return "not an IP address";
}

function blockedV4(octets: number[]): string | undefined {
  const value = ((octets[0]! << 24) | (octets[1]! << 16) | (octets[2]! << 8) | octets[3]!) >>> 0;
  if (value === 0xffffffff) return "a broadcast address";
  for (const [start, prefix, reason] of V4_BLOCKED) {
    const base = (((start[0] ?? 0) << 24) | ((start[1] ?? 0) << 16) | ((start[2] ?? 0) << 8)) >>> 0;
    const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
    if ((value & mask) >>> 0 === base) return reason;
  }
  return undefined;
}

function blockedV6(groups: number[]): string | undefined {
  const embedded = (high: number, low: number) => blockedV4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const zerosUntil = (end: number) => groups.slice(0, end).every((group) => group === 0);
  if (zerosUntil(8)) return "an unspecified address";
  if (zerosUntil(7) && groups[7] === 1) return "a loopback address";
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible), 64:ff9b::a.b.c.d (NAT64): the IPv4 address decides.
  if (zerosUntil(5) && groups[5] === 0xffff) return embedded(groups[6]!, groups[7]!);
  if (zerosUntil(6)) return embedded(groups[6]!, groups[7]!);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0))
    return embedded(groups[6]!, groups[7]!);
  if (groups[0] === 0x2002) return embedded(groups[1]!, groups[2]!);
  const first = groups[0]!;
  if ((first & 0xfe00) === 0xfc00) return "a private (unique local) address";
  if ((first & 0xffc0) === 0xfe80) return "a link-local address";
  if ((first & 0xffc0) === 0xfec0) return "a site-local address";
  if ((first & 0xff00) === 0xff00) return "a multicast address";
  return undefined;
}

/** The eight 16-bit groups of a valid IPv6 address (a dotted IPv4 tail becomes the last two). */
function expandV6(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (part: string) =>
    part === "" ? [] : part.split(":").map((group) => Number.parseInt(group, 16));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}
