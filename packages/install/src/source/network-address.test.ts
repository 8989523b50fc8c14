import { describe, expect, it } from "vitest";
import { blockedAddressReason } from "./network-address.js";

// A pure function over literal addresses: nothing here connects anywhere.
describe("blockedAddressReason", () => {
  it.each([
    ["169.254.169.254", /link-local/],
    ["127.0.0.1", /loopback/],
    ["127.255.255.254", /loopback/],
    ["10.0.0.1", /private/],
    ["10.255.255.255", /private/],
    ["172.16.0.1", /private/],
    ["172.31.255.255", /private/],
    ["192.168.1.1", /private/],
    ["100.64.0.1", /shared/],
    ["0.0.0.0", /unspecified/],
    ["0.1.2.3", /unspecified/],
    ["224.0.0.1", /multicast/],
    ["240.0.0.1", /reserved/],
    ["255.255.255.255", /broadcast/],
    ["198.18.0.1", /reserved/],
    ["::", /unspecified/],
    ["::1", /loopback/],
    ["[::1]", /loopback/],
    ["fc00::1", /unique local/],
    ["fd12:3456:789a::1", /unique local/],
    ["fe80::1", /link-local/],
    ["fe80::1%eth0", /link-local/],
    ["febf::1", /link-local/],
    ["fec0::1", /site-local/],
    ["ff02::1", /multicast/],
    ["::ffff:127.0.0.1", /loopback/],
    ["::ffff:7f00:1", /loopback/],
    ["::ffff:169.254.169.254", /link-local/],
    ["::ffff:a9fe:a9fe", /link-local/],
    ["::ffff:10.0.0.1", /private/],
    ["::127.0.0.1", /loopback/],
    ["64:ff9b::169.254.169.254", /link-local/],
    ["64:ff9b::a00:1", /private/],
    ["2002:a9fe:a9fe::1", /link-local/],
    ["2002:7f00:1::", /loopback/],
    ["localhost", /not an IP/],
    ["169.254.169.254.nip.io", /not an IP/],
  ])("%s is refused", (address, reason) => {
    expect(blockedAddressReason(address)).toMatch(reason);
  });

  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "172.15.255.255",
    "172.32.0.1",
    "100.63.255.255",
    "100.128.0.1",
    "169.253.0.1",
    "192.169.0.1",
    "1.1.1.1",
    "2606:4700:4700::1111",
    "2001:db9::1",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:808:808::1",
    "fe00::1",
  ])("%s is a public address", (address) => {
    expect(blockedAddressReason(address)).toBeUndefined();
  });
});
