import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { ConfigError, loadConfig } from "../config.ts";
import { backupBlob } from "../db/backup.ts";
import { createPglite } from "../db/client.ts";
import { acquireDataDirLock, DataDirLockedError } from "../db/data-dir-lock.ts";
import { commandOptions, exitWithUsage } from "./args.ts";

/**
 * `npm run restore -- --from FILE [--force]`: brings a backup back.
 * Embedded: into DATA_DIR, which must hold no database (or --force: the old one is kept
 * beside it as pg.before-restore-<time>); refused while a process owns the folder.
 * PostgreSQL: pg_restore into DATABASE_URL, which must have no tables (or --force: they
 * are dropped first), in one transaction.
 * The server applies any newer migrations when it next starts.
 */
async function main() {
  const usage = "Usage: npm run restore -- --from FILE [--force]";
  const { from, force = false } = commandOptions(
    { from: { type: "string" }, force: { type: "boolean" } },
    usage,
  );
  if (!from) exitWithUsage(usage, "Missing --from: the backup file to restore.");
  if (!existsSync(from)) throw new Error(`No backup at ${from}.`);
  const config = loadConfig();
  const started = Date.now();

  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')",
    );
    await client.end();
    if (rows[0].n > 0 && !force) {
      throw new Error(
        `The database in DATABASE_URL already has ${rows[0].n} tables; restore into an empty database, or pass --force to replace them.`,
      );
    }
    const args = ["--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error"];
    if (force) args.push("--clean", "--if-exists");
    const r = spawnSync("pg_restore", [...args, `--dbname=${config.databaseUrl}`, from], {
      stdio: ["ignore", "inherit", "inherit"],
    });
    if (r.error)
      throw new Error(`Could not run pg_restore (${r.error.message}); install the PostgreSQL client.`);
    if (r.status !== 0) throw new Error(`pg_restore failed with exit code ${r.status}; nothing was changed.`);
    console.log(`Restored ${from} into the PostgreSQL database (${Date.now() - started} ms).`);
    return;
  }

  const release = acquireDataDirLock(config.dataDir);
  try {
    const pgDir = path.join(config.dataDir, "pg");
    let keptAside: string | undefined;
    if (existsSync(pgDir) && readdirSync(pgDir).length > 0) {
      if (!force) {
        throw new Error(
          `DATA_DIR ${config.dataDir} already holds a database; restore into an empty DATA_DIR, or pass --force to replace it (the old one is kept aside).`,
        );
      }
      keptAside = `${pgDir}.before-restore-${new Date().toISOString().replace(/[-:.]/g, "")}`;
      renameSync(pgDir, keptAside);
    }
    try {
      const client = await createPglite(pgDir, { loadDataDir: backupBlob(readFileSync(from)) });
      // prove it opens and has the application's tables
      const { rows } = await client.query<{ n: number }>("select count(*)::int as n from users");
      await client.close();
      console.log(
        `Restored ${from} into ${config.dataDir} (${rows[0].n} users, ${Date.now() - started} ms).` +
          (keptAside ? ` The previous database is kept in ${keptAside}.` : ""),
      );
    } catch (err) {
      rmSync(pgDir, { recursive: true, force: true });
      if (keptAside) renameSync(keptAside, pgDir);
      throw new Error(`Could not restore ${from}: ${err instanceof Error ? err.message : err}`);
    }
  } finally {
    release();
  }
}

main().catch((err: unknown) => {
  const known = err instanceof ConfigError || err instanceof DataDirLockedError;
  console.error(known || err instanceof Error ? (err as Error).message : err);
  process.exit(1);
});
