import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  closeSync,
  constants,
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  rmSync,
  statSync,
} from "node:fs";
import path from "node:path";
import { ConfigError, loadConfig } from "../config.ts";
import {
  backupsDir,
  createNewFile,
  dataDirHolder,
  defaultBackupPath,
  dumpPglite,
  requestBackupFromServer,
  writeFileAtomically,
} from "../db/backup.ts";
import { openDatabase } from "../db/client.ts";
import { DataDirLockedError, secureDataDir } from "../db/data-dir-lock.ts";
import { commandOptions } from "./args.ts";

/**
 * `npm run backup [-- --out FILE|DIR]`: a consistent copy of the database.
 * PostgreSQL (DATABASE_URL): pg_dump in its custom format. Embedded (DATA_DIR): through the
 * running server that owns the folder, or by opening the folder when no process holds it.
 * Default destination: DATA_DIR/backups/hipws-<UTC time>.tar.gz (or .dump).
 */
async function main() {
  let { out } = commandOptions({ out: { type: "string" } }, "Usage: npm run backup [-- --out FILE|DIR]");
  const config = loadConfig();
  const kind = config.databaseUrl ? "postgres" : "pglite";
  if (!out) out = defaultBackupPath(config.dataDir, kind);
  else if (existsSync(out) && statSync(out).isDirectory()) {
    out = path.join(out, path.basename(defaultBackupPath(config.dataDir, kind)));
  }
  out = path.resolve(out);
  if (existsSync(out)) throw new Error(`${out} already exists; choose another --out.`);
  mkdirSync(path.dirname(out), { recursive: true });
  const started = Date.now();

  if (config.databaseUrl) {
    // pg_dump writes to a file we opened (new, owner-only, never through a link)
    const partial = `${out}.partial`;
    const fd = createNewFile(partial);
    let r: ReturnType<typeof spawnSync>;
    try {
      r = spawnSync("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", config.databaseUrl], {
        stdio: ["ignore", fd, "inherit"],
      });
    } finally {
      closeSync(fd);
    }
    try {
      if (r.error)
        throw new Error(`Could not run pg_dump (${r.error.message}); install the PostgreSQL client.`);
      if (r.status !== 0) throw new Error(`pg_dump failed with exit code ${r.status}.`);
      linkSync(partial, out);
    } finally {
      rmSync(partial, { force: true });
    }
  } else {
    secureDataDir(config.dataDir);
    const holder = dataDirHolder(config.dataDir);
    if (holder?.takesRequests) {
      console.log(`Asking the server (process ${holder.pid}) that owns ${config.dataDir} for a backup...`);
      // the server writes only into DATA_DIR/backups: a copy for elsewhere is moved there after
      const inBackups =
        path.dirname(out) === backupsDir(config.dataDir)
          ? out
          : path.join(backupsDir(config.dataDir), `hipws-${randomBytes(6).toString("hex")}.partial-copy`);
      await requestBackupFromServer(config.dataDir, holder.pid, inBackups);
      if (inBackups !== out) moveNewFile(inBackups, out);
    } else if (holder) {
      throw new DataDirLockedError(
        `DATA_DIR ${config.dataDir} is in use by process ${holder.pid} (${holder.command}), which does not take backup requests; run the backup when it has finished.`,
      );
    } else {
      // nobody owns the folder: open it ourselves (this takes the lock, so no server can start meanwhile)
      const database = await openDatabase({ dataDir: config.dataDir });
      try {
        writeFileAtomically(out, await dumpPglite(database.pglite!));
      } finally {
        await database.close();
      }
    }
  }
  const size = statSync(out).size;
  console.log(`Backup written: ${out} (${(size / 1024).toFixed(0)} KB, ${Date.now() - started} ms)`);
}

/** Moves a finished backup to where it was asked for, never over an existing file or through a link. */
function moveNewFile(from: string, to: string) {
  try {
    linkSync(from, to);
  } catch (err) {
    // another file system: copy it (COPYFILE_EXCL refuses an existing file or link)
    if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
    copyFileSync(from, to, constants.COPYFILE_EXCL);
  }
  rmSync(from);
}

main().catch((err: unknown) => {
  const known = err instanceof ConfigError || err instanceof DataDirLockedError;
  console.error(known || err instanceof Error ? (err as Error).message : err);
  process.exit(1);
});
