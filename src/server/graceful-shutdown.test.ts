import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { queryRows } from "../../tests/support/db-rows.ts";
import { createScratchDatabase, type ScratchDatabase } from "../../tests/support/global-setup.ts";
import { type ServerProcess, startServer } from "../../tests/support/server-process.ts";
import { SAMPLE_ENQUIRY } from "../../tests/support/test-app.ts";
import { openDatabase } from "./db/client.ts";

/**
 * SIGTERM to the real server (`node dist/bin/server.js`, so the signal reaches it): it stops
 * accepting connections, says it is not ready on the ones still open, finishes the request
 * in flight, and exits 0 with the database closed (on PGlite, the folder's lock released).
 */
const onPostgres = process.env.TEST_DB === "postgres";
const dataDir = mkdtempSync(path.join(tmpdir(), "hipws-shutdown-"));
let database: ScratchDatabase | undefined;
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.kill();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function collect(req: http.ClientRequest): Promise<Reply> {
  return new Promise((resolve, reject) => {
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8").on("data", (s: string) => {
        body += s;
      });
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
  });
}

describe(`SIGTERM (${onPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("refuses new connections, answers the open ones, finishes the request in flight and exits 0", async () => {
    const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: "info" };
    if (onPostgres) {
      database = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "shutdown");
      env.DATABASE_URL = database.url;
    }
    server = await startServer(env);
    const { port } = server;
    await expect
      .poll(async () => (await fetch(`${server!.url}/readyz`)).status, { timeout: 20_000 })
      .toBe(200);

    // a keep-alive connection, idle after one answer (as a proxy keeps them)
    const idle = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const first = await collect(http.get({ host: "127.0.0.1", port, path: "/healthz", agent: idle }));
    expect(first.status).toBe(200);

    // a request in flight: its headers and half its body are sent
    const body = JSON.stringify({ ...SAMPLE_ENQUIRY, message: `In flight at shutdown ${port}` });
    const inFlight = http.request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/api/inquiries",
      agent: false,
      headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
    });
    const answered = collect(inFlight);
    inFlight.write(body.slice(0, 20));
    await new Promise((r) => setTimeout(r, 200));

    const exited = new Promise<number | null>((resolve) => server!.child.once("exit", resolve));
    process.kill(server.pid, "SIGTERM");
    await new Promise((r) => setTimeout(r, 200));

    // no new connection is accepted: a proxy sends the request to another process instead
    const refused = await new Promise<string>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve("connected");
      });
      socket.once("error", (err: NodeJS.ErrnoException) => resolve(err.code ?? "error"));
    });
    expect(refused).toBe("ECONNREFUSED");

    // the open connection is still answered: not ready, and closed after this answer
    const ready = await collect(http.get({ host: "127.0.0.1", port, path: "/readyz", agent: idle }));
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toMatchObject({ checks: { shutdown: "shutting down" } });
    expect(ready.headers.connection).toBe("close");

    // the request in flight finishes, a second and more after the signal
    await new Promise((r) => setTimeout(r, 1_200));
    inFlight.end(body.slice(20));
    const result = await answered;
    expect(result.status).toBe(201);

    expect(await exited).toBe(0);
    expect(server.output()).toMatch(/"msg":"shut down"/);
    idle.destroy();

    // the write is there, and (PGlite) the folder is free for the next process
    if (!onPostgres) expect(existsSync(path.join(dataDir, "server.lock"))).toBe(false);
    const db = await openDatabase(onPostgres ? { databaseUrl: database!.url } : { dataDir });
    try {
      const rows = await queryRows<{ n: number }>(
        db.db,
        sql`select count(*)::int as n from inquiries where message = ${`In flight at shutdown ${port}`}`,
      );
      expect(rows[0].n).toBe(1);
    } finally {
      await db.close();
    }
  }, 120_000);
});
