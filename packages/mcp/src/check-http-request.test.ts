import { describe, expect, it } from "vitest";
import { checkHttpRequest } from "./check-http-request.js";

const access = { host: "127.0.0.1", port: 4000 };

describe("checkHttpRequest", () => {
  it("lets a loopback Host through and refuses any other name (DNS rebinding)", () => {
    for (const host of ["127.0.0.1:4000", "localhost:4000", "[::1]:4000"]) {
      expect(checkHttpRequest({ host }, access)).toBeUndefined();
    }
    for (const host of ["evil.invalid:4000", "127.0.0.1:4001", "", undefined]) {
      expect(checkHttpRequest({ host }, access)?.status).toBe(403);
    }
  });

  it("skips the Host check when bound to another address", () => {
    expect(checkHttpRequest({ host: "box.lan:4000" }, { host: "0.0.0.0", port: 4000 })).toBeUndefined();
  });

  it("allows no Origin, the server's own, and listed ones; refuses the rest", () => {
    const host = "127.0.0.1:4000";
    expect(checkHttpRequest({ host, origin: "http://localhost:4000" }, access)).toBeUndefined();
    expect(checkHttpRequest({ host, origin: "http://localhost:3000" }, access)?.status).toBe(403);
    expect(checkHttpRequest({ host, origin: "null" }, access)?.status).toBe(403);
    const listed = { ...access, allowedOrigins: ["http://localhost:3000"] };
    expect(checkHttpRequest({ host, origin: "http://localhost:3000" }, listed)).toBeUndefined();
  });

  it("requires the exact bearer token when one is set", () => {
    const guarded = { ...access, token: "s3cret-token" };
    const host = "127.0.0.1:4000";
    expect(checkHttpRequest({ host, authorization: "Bearer s3cret-token" }, guarded)).toBeUndefined();
    expect(checkHttpRequest({ host, authorization: "bearer s3cret-token" }, guarded)).toBeUndefined();
    for (const authorization of [
      undefined,
      "",
      "Bearer s3cret-toke",
      "Bearer s3cret-token2",
      "Basic s3cret-token",
    ]) {
      expect(checkHttpRequest({ host, authorization }, guarded)?.status).toBe(401);
    }
  });
});
