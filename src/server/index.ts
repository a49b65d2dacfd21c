import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { listenForBackupRequests } from "./db/backup.ts";
import { openDatabase } from "./db/client.ts";
import { DataDirLockedError, DataDirUnsafeError } from "./db/data-dir-lock.ts";
import { seedBaseContent } from "./db/seed/base-content.ts";
import { safeErrorMessage } from "./lib/log-redaction.ts";
import { drainAndClose, JOBS_GRACE_MS, REQUESTS_GRACE_MS } from "./modules/operations/shutdown.ts";
import { startEnquiryRetention } from "./modules/privacy/retention.ts";

/** Boot: config → database (lock, migrations, base content) → app → listen; clean shutdown on signals. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let app: FastifyInstance | undefined;
  let stopBackups: (() => void) | undefined;
  let stopRetention: (() => void) | undefined;
  let stopping = false;
  // SIGTERM (a supervisor, a rolling restart): stop accepting, answer what is in flight, let
  // the jobs in hand finish or give them back, close the database, exit 0 (operations/shutdown.ts)
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app?.log.info(`${signal} received, shutting down`);
    // a last resort when something hangs: the requests' and the jobs' grace and a little more
    const force = setTimeout(() => process.exit(1), REQUESTS_GRACE_MS + JOBS_GRACE_MS + 5_000);
    force.unref();
    let code = 0;
    try {
      stopBackups?.();
      stopRetention?.();
      if (app) await drainAndClose(app, app.lifecycle);
    } catch (err) {
      code = 1;
      app?.log.error({ err }, "shutdown failed");
    } finally {
      await database.close().catch(() => {
        code = 1;
      });
      app?.log.info("shut down");
      process.exit(code);
    }
  };
  process.once("SIGINT", () => void stop("SIGINT"));
  process.once("SIGTERM", () => void stop("SIGTERM"));

  try {
    await database.migrate();
    await database.exclusive(() => seedBaseContent(database.db));
    app = await buildApp({ config, database });
    await app.listen({ port: config.port, host: config.host });
    // e-mails and scheduled work: every process of a deployment runs its share
    await app.jobs.start();
    // enquiries past their retention period lose their details: now, then daily
    stopRetention = startEnquiryRetention({
      db: database.db,
      months: config.enquiryRetentionMonths,
      log: app.log,
    });
    // `npm run backup` beside a running server: the embedded database is copied by its owner
    if (database.pglite) stopBackups = listenForBackupRequests(config.dataDir, database.pglite, app.log);
  } catch (err) {
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    throw err;
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof DataDirUnsafeError) {
    console.error(err.message);
  } else {
    console.error("Could not start:", safeErrorMessage(err));
  }
  process.exit(1);
});
