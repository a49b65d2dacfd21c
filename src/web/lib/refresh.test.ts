import { describe, expect, it } from "vitest";
import { apiPageQuery, apiQuery } from "./api.ts";
import { createQueryClient } from "./query-client.ts";
import { refreshReads } from "./refresh.ts";

/** a client holding the answers these reads were cached under, as pages leave them */
function cacheOf(keys: readonly (readonly [string])[]) {
  const client = createQueryClient();
  for (const key of keys) client.setQueryData(key, { cached: true });
  return client;
}

const stale = (client: ReturnType<typeof createQueryClient>, key: readonly [string]) =>
  client.getQueryState(key)?.isInvalidated;

describe("refreshReads", () => {
  const ticketList = apiPageQuery("GET /api/admin/tickets", {
    query: { status: "open", cursor: "" },
  }).queryKey;
  const ticket = apiQuery("GET /api/admin/tickets/:id", { params: { id: 5 } }).queryKey;
  const otherTicket = apiQuery("GET /api/admin/tickets/:id", { params: { id: 7 } }).queryKey;
  const ticketMails = apiQuery("GET /api/admin/tickets/:id/notifications", { params: { id: 5 } }).queryKey;
  const customers = apiPageQuery("GET /api/admin/customers", { query: {} }).queryKey;
  const enquiriesCsv = ["/api/admin/inquiries.csv"] as const;
  const enquiries = apiPageQuery("GET /api/admin/inquiries", { query: {} }).queryKey;

  it("marks every cached address of the named reads stale, whatever their params and query", async () => {
    const client = cacheOf([ticketList, ticket, otherTicket, ticketMails, customers]);
    await refreshReads(client, "GET /api/admin/tickets", "GET /api/admin/tickets/:id");
    expect(ticketList[0]).toBe("/api/admin/tickets?status=open");
    expect([stale(client, ticketList), stale(client, ticket), stale(client, otherTicket)]).toEqual([
      true,
      true,
      true,
    ]);
  });

  it("leaves the reads it was not given, even those whose address begins the same", async () => {
    const client = cacheOf([ticket, ticketMails, customers, enquiries, enquiriesCsv]);
    await refreshReads(client, "GET /api/admin/tickets/:id", "GET /api/admin/inquiries");
    expect(stale(client, ticket)).toBe(true);
    expect(stale(client, enquiries)).toBe(true);
    expect([stale(client, ticketMails), stale(client, customers), stale(client, enquiriesCsv)]).toEqual([
      false,
      false,
      false,
    ]);
  });
});
