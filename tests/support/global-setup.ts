import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createPglite, openDatabase } from "../../src/server/db/client.ts";
import { seedBaseContent } from "../../src/server/db/seed/base-content.ts";
import { seedDemo } from "../../src/server/db/seed/demo.ts";
import { buildProgramsIfStale } from "./server-process.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteImage: string;
    pgliteDemoImage: string;
    postgresTemplate: string | null;
    postgresDemoTemplate: string | null;
  }
}

/** the demo accounts' password in every test database made from the demo image or template */
export const DEMO_PASSWORD = "demo-password-1";

/**
 * Migrate and seed one database once; every test file then starts from a copy of it:
 * a PGlite loaded from a dumped image, or a PostgreSQL database cloned from a template.
 * Each comes twice: with the base content only, and with the demo accounts and data too,
 * which half the test files need and which costs a second or more of password hashing
 * and inserts each time it is made.
 */
export default async function setup(project: TestProject) {
  // Vitest calls a global setup for the root project and again for each project it inherits
  // into (pglite, postgres, web): four times the same images and templates, one after the
  // other before any test starts. Every project reads what the root project provides.
  if (!project.isRootProject()) return;
  // the tests that start the server or a command as a process run the bundles in dist/bin
  buildProgramsIfStale();
  const dir = mkdtempSync(path.join(tmpdir(), "hipws-test-"));
  const client = await createPglite();
  const database = await openDatabase({ pglite: client });
  await database.migrate();
  await seedBaseContent(database.db);
  const dump = async (name: string) => {
    const image = await client.dumpDataDir("none");
    const imagePath = path.join(dir, name);
    writeFileSync(imagePath, Buffer.from(await image.arrayBuffer()));
    return imagePath;
  };
  project.provide("pgliteImage", await dump("base.tar"));
  await seedDemo(database.db, DEMO_PASSWORD);
  project.provide("pgliteDemoImage", await dump("demo.tar"));
  await client.close();

  let templateName: string | null = null;
  let demoTemplateName: string | null = null;
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    templateName = `hipws_tpl_${process.pid}`;
    demoTemplateName = `hipws_tpl_demo_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${templateName}`);
    await admin.query(`drop database if exists ${demoTemplateName}`);
    await admin.query(`create database ${templateName}`);
    const tpl = await openDatabase({ databaseUrl: withDatabaseName(url, templateName) });
    await tpl.migrate();
    await seedBaseContent(tpl.db);
    await tpl.close();
    await admin.query(`create database ${demoTemplateName} template ${templateName}`);
    const demoTpl = await openDatabase({ databaseUrl: withDatabaseName(url, demoTemplateName) });
    await seedDemo(demoTpl.db, DEMO_PASSWORD);
    await demoTpl.close();
    await admin.end();
  } else {
    console.warn(
      "\n*** PostgreSQL integration tests SKIPPED: TEST_DATABASE_URL is not set (only PGlite was tested). ***\n",
    );
  }
  project.provide("postgresTemplate", templateName);
  project.provide("postgresDemoTemplate", demoTemplateName);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (url && templateName) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like $1",
        [`hipws_t_${process.pid}_%`],
      );
      for (const r of rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
      await admin.query(`drop database if exists ${templateName} with (force)`);
      await admin.query(`drop database if exists ${demoTemplateName} with (force)`);
      await admin.end();
    }
  };
}

/** Runs one statement on TEST_DATABASE_URL's server, such as creating or dropping a test's own database. */
export function onTestServer(statement: string): Promise<void> {
  return onServer(process.env.TEST_DATABASE_URL!, statement);
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

export interface ScratchDatabase {
  name: string;
  /** `serverUrl` with this database's name */
  url: string;
  /** removes it, even while a connection someone forgot to close still holds it */
  drop(): Promise<void>;
}

/**
 * A new, empty database on the PostgreSQL server of `serverUrl`, for one test file, bench or
 * soak run. Its name holds `label`, this process and a random part, so runs side by side on
 * one server never meet.
 */
export async function createScratchDatabase(serverUrl: string, label: string): Promise<ScratchDatabase> {
  const name = `hipws_${label}_${process.pid}_${randomBytes(3).toString("hex")}`;
  await onServer(serverUrl, `create database ${name}`);
  return {
    name,
    url: withDatabaseName(serverUrl, name),
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
