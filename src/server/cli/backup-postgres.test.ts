import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { allRows } from "../../../tests/support/db-rows.ts";
import { createScratchDatabase, type ScratchDatabase } from "../../../tests/support/global-setup.ts";
import { runCli } from "../../../tests/support/server-process.ts";
import { openDatabase } from "../db/client.ts";
import { seedBaseContent } from "../db/seed/base-content.ts";
import { seedDemo } from "../db/seed/demo.ts";
import { createEnquiry } from "../modules/enquiries/enquiries.service.ts";

/** `npm run backup` / `npm run restore` on PostgreSQL (pg_dump, pg_restore): in the postgres project only. */
const url = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB === "postgres" && !!url;
const created: ScratchDatabase[] = [];
const dirs: string[] = [];

async function newDatabase(): Promise<string> {
  const database = await createScratchDatabase(url!, "bk");
  created.push(database);
  return database.url;
}
afterAll(async () => {
  for (const database of created) await database.drop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.runIf(onPostgres)("backup and restore (PostgreSQL)", () => {
  it("pg_dump a database with rows and pg_restore it into an empty one, refusing a non-empty one", async () => {
    const source = await newDatabase();
    const database = await openDatabase({ databaseUrl: source });
    await database.migrate();
    await seedBaseContent(database.db);
    await seedDemo(database.db, "demo-password-1");
    await createEnquiry(
      database.db,
      {
        name: "PG Lead",
        email: "pg@example.in",
        phone: "9840033333",
        interest: "b2b",
        message: "Backed up by pg_dump.",
      },
      null,
    );
    const before = await allRows(database.db);
    await database.close();

    const dir = mkdtempSync(path.join(tmpdir(), "hipws-pgbk-"));
    dirs.push(dir);
    const file = path.join(dir, "copy.dump");
    const backup = await runCli("backup", ["--out", file], { DATABASE_URL: source, DATA_DIR: dir });
    expect(backup.code, backup.stderr).toBe(0);
    expect(existsSync(file)).toBe(true);

    const target = await newDatabase();
    const restore = await runCli("restore", ["--from", file], { DATABASE_URL: target, DATA_DIR: dir });
    expect(restore.code, restore.stderr).toBe(0);
    const restored = await openDatabase({ databaseUrl: target });
    const after = await allRows(restored.db);
    await restored.close();
    for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);

    const again = await runCli("restore", ["--from", file], { DATABASE_URL: target, DATA_DIR: dir });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already has \d+ tables/);
    const forced = await runCli("restore", ["--from", file, "--force"], {
      DATABASE_URL: target,
      DATA_DIR: dir,
    });
    expect(forced.code, forced.stderr).toBe(0);
  }, 120_000);
});
