import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { allRows } from "../../../tests/support/db-rows.ts";
import { runCli, startServer } from "../../../tests/support/server-process.ts";
import { tempDirsForThisFile } from "../../../tests/support/temp-dirs.ts";
import { createPglite, openDatabase } from "../db/client.ts";
import { acquireDataDirLock } from "../db/data-dir-lock.ts";
import { seedDemo } from "../db/seed/demo.ts";
import { createEnquiry } from "../modules/enquiries/enquiries.service.ts";

const tempDir = tempDirsForThisFile();
/** a DATA_DIR holding the migrated, seeded test image (initdb in a folder costs ~6 s, this ~1 s) */
async function seededDataDir(name: string): Promise<string> {
  const dir = tempDir(name);
  const client = await createPglite(path.join(dir, "pg"), {
    loadDataDir: new Blob([readFileSync(inject("pgliteImage"))]),
  });
  await client.close();
  return dir;
}
const pgliteEnv = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: undefined });

async function rowsIn(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    return await allRows(database.db);
  } finally {
    await database.close();
  }
}

describe.concurrent("backup and restore (embedded database)", () => {
  it("restores a backup into an empty DATA_DIR with every row, and refuses to overwrite", async () => {
    const source = await seededDataDir("backup-src");
    const database = await openDatabase({ dataDir: source });
    await seedDemo(database.db, "demo-password-1");
    await createEnquiry(
      database.db,
      {
        name: "Meena Iyer",
        email: "meena@example.in",
        phone: "9840011111",
        interest: "b2c-premium",
        message: "Please call me about the Premium plan.",
      },
      "/b2c",
    );
    const before = await allRows(database.db);
    await database.close();
    expect(before.inquiries).toHaveLength(1);
    expect(before.tickets.length).toBeGreaterThan(0);

    const file = path.join(tempDir("backup-out"), "copy.tar.gz");
    const backup = await runCli("backup", ["--out", file], pgliteEnv(source));
    expect(backup.code, backup.stderr).toBe(0);
    expect(existsSync(file)).toBe(true);

    const target = tempDir("backup-dst");
    const restore = await runCli("restore", ["--from", file], pgliteEnv(target));
    expect(restore.code, restore.stderr).toBe(0);
    const after = await rowsIn(target);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);

    // a second restore into the now non-empty folder is refused, and so is one while the folder is owned
    const again = await runCli("restore", ["--from", file], pgliteEnv(target));
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already holds a database/);
    const release = acquireDataDirLock(target, "test holder");
    try {
      const locked = await runCli("restore", ["--from", file, "--force"], pgliteEnv(target));
      expect(locked.code).toBe(1);
      expect(locked.stderr).toMatch(/is in use by process/);
    } finally {
      release();
    }
    // --force replaces it and keeps the old database aside
    const forced = await runCli("restore", ["--from", file, "--force"], pgliteEnv(target));
    expect(forced.code, forced.stderr).toBe(0);
    expect(readdirSync(target).some((n) => n.startsWith("pg.before-restore-"))).toBe(true);
  }, 120_000);

  it("takes a backup through a running server that owns DATA_DIR", async () => {
    const dataDir = await seededDataDir("backup-live");
    const server = await startServer(pgliteEnv(dataDir));
    try {
      const sent = await fetch(`${server.url}/api/inquiries`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          name: "Live Backup",
          email: "live@example.in",
          phone: "9840022222",
          interest: "custom",
          message: "Written while the server runs.",
        }),
      });
      expect(sent.status).toBe(201);

      const backup = await runCli("backup", [], pgliteEnv(dataDir));
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain(`Asking the server (process ${server.pid})`);
      const files = readdirSync(path.join(dataDir, "backups")).filter((n) => n.endsWith(".tar.gz"));
      expect(files).toHaveLength(1);
      // the server writes only into DATA_DIR/backups: a copy asked for elsewhere is moved there after
      const elsewhere = path.join(tempDir("backup-live-out"), "copy.tar.gz");
      const moved = await runCli("backup", ["--out", elsewhere], pgliteEnv(dataDir));
      expect(moved.code, moved.stderr).toBe(0);
      expect(statSync(elsewhere).mode & 0o777).toBe(0o600);
      expect(readdirSync(path.join(dataDir, "backups")).filter((n) => !n.startsWith("."))).toEqual(files);
      // the server keeps serving
      expect((await fetch(`${server.url}/api/faqs`)).status).toBe(200);

      const target = tempDir("backup-live-dst");
      const restore = await runCli(
        "restore",
        ["--from", path.join(dataDir, "backups", files[0])],
        pgliteEnv(target),
      );
      expect(restore.code, restore.stderr).toBe(0);
      const rows = await rowsIn(target);
      expect(rows.inquiries).toMatchObject([
        { name: "Live Backup", message: "Written while the server runs." },
      ]);
      expect(rows.cities.length).toBe(39);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 120_000);
});
