import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../../src/server/db/client.ts";
import { seedDemo } from "../../src/server/db/seed/demo.ts";
import { createScratchDatabase } from "./global-setup.ts";
import { type ServerProcess, startServer } from "./server-process.ts";
import { DEMO_PASSWORD } from "./test-app.ts";

export interface TwoServers {
  a: ServerProcess;
  b: ServerProcess;
  /** stops both processes and removes their database and DATA_DIR */
  stop(): Promise<void>;
}

/**
 * Two real server processes on one fresh database of TEST_DATABASE_URL's server, as production
 * runs them, with the demo data: for the tests of what the processes must share (sessions,
 * rate limits). `name` tells the database and folder apart; `env` is added to the processes'
 * settings. With `together`, both start on the empty database at the same moment.
 */
export async function startTwoServersOnPostgres(
  name: string,
  env: Record<string, string>,
  { together = false } = {},
): Promise<TwoServers> {
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, name);
  const dataDir = mkdtempSync(path.join(tmpdir(), `hipws-${name}-`));
  const started: ServerProcess[] = [];
  const stop = async () => {
    await Promise.all(started.map((s) => s.stop()));
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const serverEnv = {
      DATABASE_URL: scratch.url,
      DATA_DIR: dataDir,
      SESSION_SECRET: randomBytes(24).toString("hex"),
      ...env,
    };
    const start = async () => {
      const server = await startServer(serverEnv);
      started.push(server);
      return server;
    };
    const [a, b] = together ? await Promise.all([start(), start()]) : [await start(), await start()];
    const database = await openDatabase({ databaseUrl: scratch.url });
    await seedDemo(database.db, DEMO_PASSWORD);
    await database.close();
    return { a, b, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
