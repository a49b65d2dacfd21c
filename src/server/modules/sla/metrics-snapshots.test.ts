import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  activePolicyId,
  appForFile,
  callsAs,
  createSignedInTestApp,
} from "../../../../tests/support/test-app.ts";
import { addDays, todayInIndia } from "../../../shared/dates.ts";
import type { Metrics } from "../../../shared/schemas/sla.ts";
import { metricsRefreshHandler, REFRESH_MINUTES } from "./metrics-snapshots.ts";

const t = appForFile(createSignedInTestApp);

const metrics = async (query: string) =>
  (await callsAs(t, t.admin).get(`/api/admin/metrics?${query}`)).json<Metrics>();

async function raise() {
  const res = await t.call("POST", "/api/tickets", t.customer, {
    purchaseId: await activePolicyId(t.app, t.customer),
    subject: "Shutter hinge came loose",
    description: "The hinge of the overhead kitchen shutter came loose from the carcass.",
  });
  expect(res.statusCode).toBe(201);
}

const refresh = () => metricsRefreshHandler(t.database.db)({} as never);

describe("the metrics of the last 7, 30 and 90 days", () => {
  it("are answered as last counted, saying when, until the scheduled count", async () => {
    const first = await metrics("period=30");
    expect(first.refreshMinutes).toBe(REFRESH_MINUTES);
    expect(Math.abs(Date.parse(first.asOf) - Date.now())).toBeLessThan(60_000);

    await raise();
    const kept = await metrics("period=30");
    expect(kept.raised).toBe(first.raised);
    expect(kept.asOf).toBe(first.asOf);

    await refresh();
    const counted = await metrics("period=30");
    expect(counted.raised).toBe(first.raised + 1);
    expect(Date.parse(counted.asOf)).toBeGreaterThan(Date.parse(first.asOf));
    // the same figures in the spreadsheet, with the time they were counted
    const csv = (await callsAs(t, t.admin).get("/api/admin/metrics.csv?period=30")).body.split("\r\n");
    expect(csv).toEqual(
      expect.arrayContaining([`tickets,raised,${counted.raised}`, `period,counted at,${counted.asOf}`]),
    );
  });

  it("are counted again when the last count is older than two refreshes (no job runner)", async () => {
    const before = await metrics("period=7");
    await raise();
    await t.database.db.execute(
      sql`update metrics_snapshots set computed_at = computed_at - interval '1 hour'`,
    );
    const after = await metrics("period=7");
    expect(after.raised).toBe(before.raised + 1);
  });

  it("leave a custom period counted for its answer", async () => {
    const today = todayInIndia();
    const from = addDays(today, -700);
    const before = await metrics(`period=custom&from=${from}&to=${today}`);
    expect(before.refreshMinutes).toBeNull();
    await raise();
    expect((await metrics(`period=custom&from=${from}&to=${today}`)).raised).toBe(before.raised + 1);
  });
});
