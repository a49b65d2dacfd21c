import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { respelt } from "../../../tests/support/respelt.ts";
import { sameSignature } from "./signatures.ts";

describe("sameSignature", () => {
  const signature = createHmac("sha256", "key")
    .update("user 7")
    .digest()
    .subarray(0, 16)
    .toString("base64url");

  it("accepts the signature as written", () => {
    expect(sameSignature(signature, signature)).toBe(true);
  });

  it("refuses another spelling of the same bytes, and any other text", () => {
    const other = respelt(signature);
    // decoded, the two are the same bytes: that is why signatures are compared as text
    expect(Buffer.from(other, "base64url").equals(Buffer.from(signature, "base64url"))).toBe(true);
    expect(sameSignature(other, signature)).toBe(false);
    expect(sameSignature(signature.slice(1), signature)).toBe(false);
    expect(sameSignature("", signature)).toBe(false);
  });
});
