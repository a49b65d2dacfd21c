import { type EndpointName, endpoints } from "@shared/endpoints/index.ts";
import { describe, expect, it } from "vitest";
import { apiPath } from "./api.ts";
import { createQueryClient } from "./query-client.ts";
import { dropAccountData, USER_QUERY_KEY } from "./use-user.ts";

/** every read of the contract, at an address with each parameter filled in */
const reads = (Object.keys(endpoints) as EndpointName[])
  .filter((key) => key.startsWith("GET "))
  .map((key) => ({
    key,
    access: (endpoints[key] as { access: string }).access,
    address: apiPath(key as never, { params: new Proxy({}, { get: () => "7" }) } as never),
  }));

describe("dropAccountData, when who is signed in changes", () => {
  it("forgets every answer that belongs to a signed-in person, and keeps the site's content", () => {
    const client = createQueryClient();
    for (const read of reads) client.setQueryData([read.address], { cached: read.key });
    client.setQueryData(["transfer-offer", "a-token"], { cached: true });

    dropAccountData(client);

    const kept = client
      .getQueryCache()
      .getAll()
      .map((q) => String(q.queryKey[0]));
    // a read for staff, partners or any signed-in person must be gone, whatever it is
    // (but the user: the caller sets it at once, to the new person or to nobody)
    const personal = reads
      .filter((r) => r.access !== "public" && r.address !== USER_QUERY_KEY[0])
      .map((r) => r.address);
    expect(personal.length).toBeGreaterThan(50);
    expect(kept.filter((address) => personal.includes(address))).toEqual([]);
    expect(kept).not.toContain("transfer-offer");
    // the plans, cities and articles every visitor sees stay, so the page does not reload them
    expect(kept).toEqual(
      expect.arrayContaining(["/api/plans/7", "/api/cities", "/api/faqs", "/api/blog/post/slug/7"]),
    );
  });
});
