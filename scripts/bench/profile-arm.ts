/**
 * Profile one request under load: starts the production server with --cpu-prof on a fresh
 * seeded PGlite, signs in, runs autocannon on PATH for SECONDS, stops the server (which
 * writes the profile) and prints where the time went.
 *   node --import tsx scripts/bench/profile-arm.ts /api/tickets [seconds] [connections] [pglite|postgres]
 * (postgres: a fresh database on the server of TEST_DATABASE_URL or DATABASE_URL)
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { startServer } from "../../tests/support/server-process.ts";
import { loginCookie, prepareDatabase } from "../soak/prepare.ts";

const target = process.argv[2] ?? "/api/tickets";
const seconds = Number(process.argv[3] ?? 10);
const connections = Number(process.argv[4] ?? 20);
const dir = path.resolve(".tmp/bench/profiles", String(Date.now()));
const backend = process.argv[5] === "postgres" ? "postgres" : "pglite";
const prepared = await prepareDatabase(backend, { RATE_LIMIT_FACTOR: "100000" });
const server = await startServer(
  { ...prepared.env, NODE_ENV: "production" },
  { nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${dir}`] },
);
const cookie = await loginCookie(server.url, "demo-customer");
const r = await autocannon({ url: server.url + target, connections, duration: seconds, headers: { cookie } });
console.log(
  `${target}: ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms, ${r.non2xx} non-2xx`,
);
await server.stop();
await prepared.cleanup();
const file = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
console.log(`profile: ${path.join(dir, file ?? "?")}`);
