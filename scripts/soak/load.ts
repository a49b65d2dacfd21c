/**
 * Load: 100 connections for 60 s of mixed traffic against the production server on a
 * fresh seeded database: public pages and public API reads 80%, signed-in reads 15%,
 * writes 5% (rate limits raised for the run). Passes with zero 5xx, zero connection
 * errors and zero timeouts; reports p50/p99 and the server's peak RSS.
 *
 *   node --import tsx scripts/soak/load.ts [--seconds 60] [--connections 100] [--backend pglite|postgres]
 */
import autocannon from "autocannon";
import { commandOptions } from "../../src/server/cli/args.ts";
import { SAMPLE_PUBLIC_PAGES } from "../../src/web/routes.tsx";
import { startServer } from "../../tests/support/server-process.ts";
import { loginCookie, peakRssMb, prepareDatabase } from "./prepare.ts";

export interface LoadResult {
  backend: string;
  seconds: number;
  connections: number;
  requests: number;
  rps: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  status: Record<string, number>;
  errors: number;
  timeouts: number;
  mix: { public: number; signedIn: number; writes: number };
  publicPaths: string[];
  peakRssMb: number | null;
  ok: boolean;
}

export async function runLoad(
  opts: { seconds?: number; connections?: number; backend?: "pglite" | "postgres" } = {},
  log = console.log,
): Promise<LoadResult> {
  const seconds = opts.seconds ?? 60;
  const connections = opts.connections ?? 100;
  const backend = opts.backend ?? "pglite";
  const prepared = await prepareDatabase(backend, { RATE_LIMIT_FACTOR: "100000" });
  const server = await startServer({ ...prepared.env, NODE_ENV: "production", LOG_LEVEL: "info" });
  try {
    const base = server.url;
    const customers = [await loginCookie(base, "demo-customer"), await loginCookie(base, "demo-customer-2")];
    const tickets = (await (
      await fetch(`${base}/api/tickets`, { headers: { cookie: customers[0] } })
    ).json()) as {
      id: number;
    }[];
    const candidates = [
      ...SAMPLE_PUBLIC_PAGES,
      "/city/bengaluru",
      "/api/plans/B2C",
      "/api/faqs",
      "/api/cities",
      "/api/blog",
    ];
    // only what this build serves: pages of a site under construction may not exist yet
    const publicPaths: string[] = [];
    for (const p of candidates) if ((await fetch(base + p)).status === 200) publicPaths.push(p);
    if (!publicPaths.length) throw new Error("no public path answers 200");
    const signedInPaths = ["/api/user", "/api/tickets", "/api/purchases", `/api/tickets/${tickets[0].id}`];
    log(
      `  load: ${connections} connections, ${seconds} s, ${publicPaths.length} public paths: ${publicPaths.join(" ")}`,
    );

    const mix = { public: 0, signedIn: 0, writes: 0 };
    let n = 0;
    const result = await autocannon({
      url: base,
      connections,
      duration: seconds,
      timeout: 10,
      requests: [
        {
          setupRequest: (req) => {
            const r = Math.random();
            n++;
            if (r < 0.8) {
              mix.public++;
              return {
                ...req,
                method: "GET",
                path: publicPaths[n % publicPaths.length],
                headers: { "accept-encoding": "gzip, br" },
                body: undefined,
              };
            }
            if (r < 0.95) {
              mix.signedIn++;
              return {
                ...req,
                method: "GET",
                path: signedInPaths[n % signedInPaths.length],
                headers: { cookie: customers[0] },
                body: undefined,
              };
            }
            mix.writes++;
            if (n % 2) {
              return {
                ...req,
                method: "POST",
                path: "/api/inquiries",
                headers: { "content-type": "application/json" },
                body: JSON.stringify({
                  name: "Load Test",
                  email: "load@example.in",
                  phone: "9840055555",
                  interest: "custom",
                  message: `Load test enquiry ${n}`,
                }),
              };
            }
            return {
              ...req,
              method: "POST",
              path: `/api/tickets/${tickets[0].id}/messages`,
              headers: { "content-type": "application/json", cookie: customers[0] },
              body: JSON.stringify({ body: `Load test message ${n}` }),
            };
          },
        },
      ],
    });
    const status: Record<string, number> = {};
    for (const k of ["1xx", "2xx", "3xx", "4xx", "5xx"] as const) status[k] = result[k];
    const out: LoadResult = {
      backend,
      seconds,
      connections,
      requests: result.requests.total,
      rps: Math.round(result.requests.average),
      latencyMs: {
        p50: result.latency.p50,
        p90: result.latency.p90,
        p99: result.latency.p99,
        max: result.latency.max,
      },
      status,
      errors: result.errors,
      timeouts: result.timeouts,
      mix,
      publicPaths,
      peakRssMb: peakRssMb(server.pid),
      ok: result["5xx"] === 0 && result.errors === 0 && result.timeouts === 0 && result["4xx"] === 0,
    };
    return out;
  } finally {
    const code = await server.stop();
    if (code !== 0) log(`  load: server exited with ${code}:\n${server.output().slice(-2000)}`);
    await prepared.cleanup();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const options = commandOptions(
    { seconds: { type: "string" }, connections: { type: "string" }, backend: { type: "string" } },
    "Usage: node --import tsx scripts/soak/load.ts [--seconds N] [--connections N] [--backend pglite|postgres]",
  );
  const result = await runLoad({
    seconds: Number(options.seconds ?? 60),
    connections: Number(options.connections ?? 100),
    backend: (options.backend ?? "pglite") as "pglite" | "postgres",
  });
  console.log(JSON.stringify(result, null, 2));
  process.exit(result.ok ? 0 : 1);
}
