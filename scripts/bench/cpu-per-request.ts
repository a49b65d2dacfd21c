/**
 * CPU time one request costs, rather than requests a second: the figure that stays
 * readable when other work shares the machine (requests a second then swing several-fold
 * from run to run). Starts the production server on a fresh seeded database, signs in as
 * demo-customer, warms up, then sends REQUESTS requests to PATH (10 connections) and
 * divides the CPU the server process used by the requests answered; on PostgreSQL also
 * the CPU of the database's backends serving this database.
 *   node --import tsx scripts/bench/cpu-per-request.ts [pglite|postgres] [requests] [path]
 * (postgres: a fresh database on the server of TEST_DATABASE_URL or DATABASE_URL)
 * Prints one JSON line: {backend, path, requests, serverUsPerRequest, databaseUsPerRequest}.
 */
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import pg from "pg";
import { startServer } from "../../tests/support/server-process.ts";
import { loginCookie, prepareDatabase } from "../soak/prepare.ts";

const backend = process.argv[2] === "postgres" ? "postgres" : "pglite";
const requests = Number(process.argv[3] ?? 15_000);
const target = process.argv[4] ?? "/api/tickets";

/** user + system CPU a process has used so far, µs (Linux: /proc/PID/stat, in clock ticks of 10 ms) */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

const prepared = await prepareDatabase(backend, { RATE_LIMIT_FACTOR: "100000" });
const server = await startServer({ ...prepared.env, NODE_ENV: "production" });
try {
  const cookie = await loginCookie(server.url, "demo-customer");
  const load = (amount: number) =>
    autocannon({ url: server.url + target, connections: 10, amount, headers: { cookie } });
  await load(3_000);
  let backends: number[] = [];
  if (prepared.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: prepared.env.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    backends = rows.map((r) => r.pid);
    await client.end();
  }
  const databaseCpu = () => backends.reduce((sum, pid) => sum + cpuMicros(pid), 0);
  const server0 = cpuMicros(server.pid);
  const database0 = databaseCpu();
  const result = await load(requests);
  const answered = result["2xx"];
  console.log(
    JSON.stringify({
      backend,
      path: target,
      requests: answered,
      failed: result.non2xx + result.errors,
      serverUsPerRequest: Math.round((cpuMicros(server.pid) - server0) / answered),
      databaseUsPerRequest: backends.length ? Math.round((databaseCpu() - database0) / answered) : undefined,
    }),
  );
} finally {
  await server.stop();
  await prepared.cleanup();
}
