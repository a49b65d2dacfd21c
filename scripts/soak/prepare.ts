import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../../src/server/db/client.ts";
import { seedBaseContent } from "../../src/server/db/seed/base-content.ts";
import { seedDemo } from "../../src/server/db/seed/demo.ts";
import { createScratchDatabase } from "../../tests/support/global-setup.ts";

export const DEMO_PASSWORD = "soak-password-1";

export interface Prepared {
  /** environment for startServer */
  env: Record<string, string | undefined>;
  dataDir: string;
  cleanup(): Promise<void>;
}

/**
 * A fresh, migrated database with the base content and the demo accounts: a new DATA_DIR
 * under /tmp, or a new database on the PostgreSQL server of TEST_DATABASE_URL / DATABASE_URL.
 */
export async function prepareDatabase(
  backend: "pglite" | "postgres",
  extraEnv: Record<string, string> = {},
): Promise<Prepared> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `hipws-${backend}-`));
  const env: Record<string, string | undefined> = {
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
    SESSION_SECRET: randomBytes(24).toString("hex"),
    ...extraEnv,
  };
  let dropDb: (() => Promise<void>) | undefined;
  if (backend === "postgres") {
    const base = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
    if (!base) throw new Error("PostgreSQL runs need TEST_DATABASE_URL or DATABASE_URL");
    const scratch = await createScratchDatabase(base, "soak");
    env.DATABASE_URL = scratch.url;
    dropDb = scratch.drop;
  }
  const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir });
  await database.migrate();
  await seedBaseContent(database.db);
  await seedDemo(database.db, DEMO_PASSWORD);
  await database.close();
  return {
    env,
    dataDir,
    async cleanup() {
      rmSync(dataDir, { recursive: true, force: true });
      await dropDb?.();
    },
  };
}

/** signs in through the API and returns the cookie to send back */
export async function loginCookie(
  baseUrl: string,
  username: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  const cookie = res.headers.get("set-cookie")?.split(";")[0];
  if (res.status !== 200 || !cookie) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return cookie;
}

/** peak resident set size of a process so far (VmHWM), in MB */
export function peakRssMb(pid: number): number | null {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}
