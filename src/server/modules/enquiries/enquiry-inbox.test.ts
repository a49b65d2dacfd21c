import { describe, expect, it } from "vitest";
import { appForFile, callsAs, createSignedInTestApp, lastAudit } from "../../../../tests/support/test-app.ts";

const t = appForFile(createSignedInTestApp);

describe("enquiry inbox", () => {
  it("stores enquiries from the public form, lists them newest first, updates status, exports CSV", async () => {
    const first = await t.app.inject({
      method: "POST",
      url: "/api/inquiries",
      headers: { referer: "http://localhost:5000/contact" },
      payload: {
        name: "Ravi Kumar",
        email: "ravi@example.in",
        phone: "9876543210",
        interest: "b2c-premium",
        message: "Please call me about the Premium plan.",
      },
    });
    expect(first.statusCode).toBe(201);
    await t.call("POST", "/api/inquiries", undefined, {
      name: '=HYPERLINK("x")',
      email: "lead@example.in",
      phone: "9876500000",
      interest: "b2b",
      message: 'We are a Chennai interior studio, "quotes", commas.',
    });
    const list = (await callsAs(t, t.admin).get("/api/admin/inquiries")).json<
      { id: number; name: string; source: string | null; status: string }[]
    >();
    expect(list.map((x) => x.name)).toEqual(['=HYPERLINK("x")', "Ravi Kumar"]);
    expect(list[1]).toMatchObject({ source: "/contact", status: "new" });
    const upd = await callsAs(t, t.admin).patch(`/api/admin/inquiries/${list[1].id}`, {
      status: "contacted",
    });
    expect(upd.json().status).toBe("contacted");
    expect(await lastAudit(t)).toMatchObject({ action: "inquiry.status", entityId: list[1].id });
    const contacted = (await callsAs(t, t.admin).get("/api/admin/inquiries?status=contacted")).json();
    expect(contacted).toHaveLength(1);
    const b2b = (await callsAs(t, t.admin).get("/api/admin/inquiries?interest=b2b")).json();
    expect(b2b).toHaveLength(1);
    const csv = await callsAs(t, t.admin).get("/api/admin/inquiries.csv");
    expect(csv.headers["content-type"]).toMatch(/text\/csv/);
    expect(csv.headers["content-disposition"]).toMatch(
      /attachment; filename="enquiries-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toBe('"id","createdAt","status","name","email","phone","interest","message","source"');
    expect(lines).toHaveLength(3);
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv.body).toContain('"We are a Chennai interior studio, ""quotes"", commas."');
    const filtered = await callsAs(t, t.admin).get("/api/admin/inquiries.csv?status=contacted");
    expect(filtered.body.trim().split("\r\n")).toHaveLength(2);
  });

  it("refuses invalid enquiries with the spec's messages and stores nothing", async () => {
    const before = (await callsAs(t, t.admin).get("/api/admin/inquiries")).json<unknown[]>().length;
    const res = await t.call("POST", "/api/inquiries", undefined, {
      name: "R",
      email: "x",
      phone: "123",
      interest: "",
      message: "short",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: "Name must be at least 2 characters",
      email: "Please enter a valid email address",
      phone: "Please enter a valid phone number",
      interest: "Please select your area of interest",
      message: "Message must be at least 10 characters",
    });
    expect((await callsAs(t, t.admin).get("/api/admin/inquiries")).json<unknown[]>()).toHaveLength(before);
  });

  it("is closed to customers", async () => {
    expect((await callsAs(t, t.customer).get("/api/admin/inquiries")).statusCode).toBe(403);
    expect((await callsAs(t, t.customer).get("/api/admin/inquiries.csv")).statusCode).toBe(403);
  });
});
