import { dehydrate, hydrate } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { ApiError } from "./api.ts";
import { createQueryClient } from "./query-client.ts";

describe("a failed read rendered on the server", () => {
  it("is the same ApiError in the browser after the dehydrated cache's trip through JSON", async () => {
    const server = createQueryClient();
    const answer = JSON.stringify({ message: "Ticket not found" });
    await server.prefetchQuery({
      queryKey: ["/api/tickets/9"],
      queryFn: () => Promise.reject(ApiError.fromAnswer(404, answer)),
    });
    const browser = createQueryClient();
    hydrate(browser, JSON.parse(JSON.stringify(dehydrate(server))));
    const error = browser.getQueryState(["/api/tickets/9"])?.error;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: "Ticket not found", fieldErrors: {} });
    expect(String(error)).toBe(`404: ${answer}`);
  });

  it("keeps the server's field errors, and says status and body when the answer was not JSON", () => {
    const conflict = ApiError.fromAnswer(
      409,
      JSON.stringify({
        message: "Username already exists",
        errors: { username: "This username is already taken" },
      }),
    );
    expect(conflict.fieldErrors).toEqual({ username: "This username is already taken" });
    const proxy = ApiError.fromAnswer(502, "<html>Bad gateway</html>");
    expect(proxy).toMatchObject({ status: 502, message: "502: <html>Bad gateway</html>", fromServer: false });
  });
});
