import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../tests/support/db-rows.ts";
import { program } from "../../../tests/support/server-process.ts";
import { openDatabase } from "../db/client.ts";
import { authenticate } from "../modules/users/users.service.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "hipws-cli-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function npmScript(script: string, args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [...program(script), ...args], {
    env: { ...process.env, NODE_ENV: "development", DATA_DIR: dataDir, ...env },
    encoding: "utf8",
    timeout: 60_000,
    stdio: ["ignore", "pipe", "pipe"],
  });
}

async function counts() {
  const database = await openDatabase({ dataDir });
  try {
    const one = async (table: string) =>
      Number(
        (await queryRows<{ n: number }>(database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]
          .n,
      );
    return { users: await one("users"), purchases: await one("purchases"), tickets: await one("tickets") };
  } finally {
    await database.close();
  }
}

describe("commands of the contract", () => {
  it("seed:demo needs DEMO_PASSWORD and refuses production without --force", () => {
    const noPassword = npmScript("seed-demo", [], { DEMO_PASSWORD: "" });
    expect(noPassword.status).toBe(1);
    expect(noPassword.stderr).toMatch(/^Missing DEMO_PASSWORD/);
    const production = npmScript("seed-demo", [], { DEMO_PASSWORD: "demo-pass-1", NODE_ENV: "production" });
    expect(production.status).toBe(1);
    expect(production.stderr).toMatch(/Refusing to add demo accounts with NODE_ENV=production/);
  });

  it("seed:demo adds the contract's accounts and data, and a second run changes nothing", async () => {
    const first = npmScript("seed-demo", [], { DEMO_PASSWORD: "demo-pass-1" });
    expect(first.status, first.stderr).toBe(0);
    const after1 = await counts();
    // demo-admin, demo-customer, demo-customer-2, demo-technician, demo-partner,
    // demo-partner-member and the partner's three homeowners, with their three policies, and
    // demo-buyer with the policies of an online order waiting for payment and a paid one
    expect(after1).toEqual({ users: 10, purchases: 9, tickets: 5 });
    const second = npmScript("seed-demo", [], { DEMO_PASSWORD: "demo-pass-1" });
    expect(second.status, second.stderr).toBe(0);
    expect(await counts()).toEqual(after1);
  }, 120_000);

  it("admin:create makes an admin from ADMIN_PASSWORD and refuses without one", async () => {
    const missing = npmScript("admin-create", ["--username", "priya", "--email", "priya@example.in"], {
      ADMIN_PASSWORD: "",
    });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/ADMIN_PASSWORD/);
    const made = npmScript("admin-create", ["--username", "priya", "--email", "priya@example.in"], {
      ADMIN_PASSWORD: "very-secret-9",
    });
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toContain("Admin priya <priya@example.in> created.");
    const again = npmScript("admin-create", ["--username", "priya", "--email", "p2@example.in"], {
      ADMIN_PASSWORD: "very-secret-9",
    });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("Username already exists");
    const database = await openDatabase({ dataDir });
    try {
      const admin = await authenticate(database.db, "priya", "very-secret-9");
      expect(admin.role).toBe("admin");
    } finally {
      await database.close();
    }
  }, 120_000);

  it("refuse an option whose value is missing or is another option, and name the usage", () => {
    const ambiguous = npmScript("restore", ["--from", "--force"], {});
    expect(ambiguous.status).toBe(1);
    expect(ambiguous.stderr).toContain("Option '--from' argument is ambiguous");
    expect(ambiguous.stderr).toContain("Usage: npm run restore -- --from FILE [--force]");
    const missing = npmScript("backup", ["--out"], {});
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain("Option '--out <value>' argument missing");
    const unknown = npmScript("admin-create", ["--user", "priya", "--email", "priya@example.in"], {
      ADMIN_PASSWORD: "very-secret-9",
    });
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain("Unknown option '--user'");
    expect(unknown.stderr).toContain("Usage: npm run admin:create");
  }, 60_000);
});
