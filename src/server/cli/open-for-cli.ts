import { loadConfig } from "../config.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { seedBaseContent } from "../db/seed/base-content.ts";
import { safeErrorMessage } from "../lib/log-redaction.ts";

/**
 * Commands open the same database the server would (and take the DATA_DIR lock, so they
 * refuse to run beside a server that owns it), bring it up to date, and close it after.
 */
export async function withDatabase(run: (database: Database) => Promise<void>) {
  let database: Database | undefined;
  try {
    const config = loadConfig();
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    await database.migrate();
    await database.exclusive(() => seedBaseContent(database!.db));
    await run(database);
  } catch (err) {
    console.error(safeErrorMessage(err));
    process.exitCode = 1;
  } finally {
    await database?.close();
  }
}
