import { describe, expect, it } from "vitest";
import { ApiError, errorMessage } from "./api.ts";
import { COMPANY, NOT_SENT } from "./company.ts";

describe("errorMessage: the words a failed call shows", () => {
  it("a submit that failed on our side says nothing was sent, to try again, and the number", () => {
    for (const failed of [
      ApiError.fromAnswer(500, "Internal Server Error", "Internal Server Error", "POST /api/inquiries"),
      ApiError.fromAnswer(502, "", "Bad Gateway", "POST /api/inquiries"),
      ApiError.fromAnswer(500, '{"message":"Something went wrong on our side."}', "", "POST /api/inquiries"),
      new ApiError(0, "Could not reach the server.", {}, "", false, "POST /api/inquiries"),
    ]) {
      const words = errorMessage(failed, "Please try again later");
      expect(words).toBe(NOT_SENT);
      expect(words).toMatch(/^Nothing was sent.*try again.*call us on/);
      expect(words).toContain(COMPANY.phones[0]);
      expect(words).not.toMatch(/Internal Server Error|Bad Gateway/);
    }
  });

  it("a failed read, or staff's call, says the page's own fallback; the server's words for a refusal stay", () => {
    const staff = new ApiError(
      0,
      "Could not reach the server.",
      {},
      "",
      false,
      "POST /api/admin/tickets/5/assign",
    );
    expect(errorMessage(staff, "Failed to assign ticket")).toBe("Failed to assign ticket");
    expect(errorMessage(ApiError.fromAnswer(500, "Internal Server Error"), "Please reload the page.")).toBe(
      "Please reload the page.",
    );
    const refused = ApiError.fromAnswer(
      409,
      '{"message":"Username already exists"}',
      "",
      "POST /api/inquiries",
    );
    expect(errorMessage(refused, "Could not create account.")).toBe("Username already exists");
  });
});
