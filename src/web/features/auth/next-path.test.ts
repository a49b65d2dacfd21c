import { describe, expect, it } from "vitest";
import { authPathFor, nextFromSearch, safeNextPath } from "./next-path.ts";

describe("safeNextPath", () => {
  it("keeps a path on this site, with its query and hash", () => {
    expect(safeNextPath("/tickets/3")).toBe("/tickets/3");
    expect(safeNextPath("/tickets/new?purchaseId=2#form")).toBe("/tickets/new?purchaseId=2#form");
  });

  it.each([
    ["absolute URL", "https://evil.example/"],
    ["protocol-relative", "//evil.example/x"],
    ["backslash trick", "/\\evil.example"],
    ["embedded backslash", "/a\\b"],
    ["javascript:", "javascript:alert(1)"],
    ["relative", "dashboard"],
    ["control character", "/dash\nboard"],
    ["the login page itself", "/auth?next=/x"],
    ["empty", ""],
    // each of these is a path until it is normalised, and then another site
    ["a dot segment before //", "/.//evil.example"],
    ["a parent segment before //", "/..//evil.example/phish"],
    ["encoded dot segments", "/%2e%2e//evil.example"],
    ["dot segments climbing past the root", "/a/../..//evil.example"],
    ["encoded slashes", "/%2F%2Fevil.example"],
    ["an encoded slash after a dot", "/.%2F/evil.example"],
    ["an encoded backslash", "/%5Cevil.example"],
    ["a backslash after a dot segment", "/.\\/evil.example"],
    ["a tab between the slashes", "/\t/evil.example"],
    ["a line break between the slashes", "/\r\n/evil.example"],
  ])("refuses %s", (_label, next) => {
    expect(safeNextPath(next)).toBeNull();
  });

  it("normalises dot segments of a path on this site", () => {
    expect(safeNextPath("/./tickets/../tickets/3")).toBe("/tickets/3");
    expect(safeNextPath("/%2e/profile")).toBe("/profile");
  });

  it("refuses nothing at all", () => {
    expect(safeNextPath(null)).toBeNull();
    expect(safeNextPath(undefined)).toBeNull();
  });
});

describe("authPathFor and nextFromSearch", () => {
  it("round-trips a guarded page through /auth?next=", () => {
    const to = authPathFor("/tickets/3");
    expect(to).toBe("/auth?next=%2Ftickets%2F3");
    expect(nextFromSearch(to.split("?")[1])).toBe("/tickets/3");
  });

  it("falls back to the home page", () => {
    expect(authPathFor("/")).toBe("/auth");
    expect(nextFromSearch("next=%2F%2Fevil.example")).toBe("/");
    expect(nextFromSearch("next=/.//evil.example")).toBe("/");
    expect(nextFromSearch("next=%2F..%2F%2Fevil.example%2Fphish")).toBe("/");
    expect(nextFromSearch("")).toBe("/");
  });
});
