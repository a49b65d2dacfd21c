// The app and a bare node:http control answering the same recorded responses, each loaded in turn.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import autocannon, { type Result } from "autocannon";
import { median } from "../lib/median.ts";
import { CONNECTIONS, OUT_DIR, ROUNDS, SECONDS } from "./options.ts";

export interface Recorded {
  path: string;
  status: number;
  headers: Record<string, string>;
  bodyBase64: string;
  etag?: string;
  headers304?: Record<string, string>;
}

/** one raw response, headers as sent (less the per-connection ones node sets itself) */
export function record(base: string, p: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
    http
      .get(base + p, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const out: Record<string, string> = {};
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            const k = res.rawHeaders[i].toLowerCase();
            if (!["date", "connection", "keep-alive", "transfer-encoding", "content-length"].includes(k)) {
              out[k] = res.rawHeaders[i + 1];
            }
          }
          resolve({ status: res.statusCode ?? 0, headers: out, body: Buffer.concat(chunks) });
        });
      })
      .on("error", reject);
  });
}

export async function startControl(routes: Recorded[]): Promise<{ url: string; stop(): void; pid: number }> {
  mkdirSync(OUT_DIR, { recursive: true });
  const file = path.join(OUT_DIR, "control-responses.json");
  writeFileSync(file, JSON.stringify(routes));
  const child = spawn(process.execPath, ["scripts/bench/control-server.mjs", file], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve) => {
    child.stdout!.setEncoding("utf8").on("data", (s: string) => {
      const m = /listening (\d+)/.exec(s);
      if (m) resolve(Number(m[1]));
    });
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => child.kill("SIGTERM") };
}

export interface Arm {
  name: string;
  path: string;
  headers?: Record<string, string>;
}

async function cannon(url: string, arm: Arm, seconds: number): Promise<Result> {
  return autocannon({
    url: url + arm.path,
    connections: CONNECTIONS,
    duration: seconds,
    headers: arm.headers,
    timeout: 10,
  });
}

export interface ArmFigures {
  app: { rps: number; p99: number; errors: number; non2xx: number };
  control: { rps: number; p99: number };
  ratio: number;
}

/** lets the requests a finished arm left queued drain, so they do not slow the next arm */
async function settle(url: string) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const t0 = performance.now();
    try {
      await (await fetch(`${url}/api/plans/B2C`)).arrayBuffer();
    } catch {}
    if (performance.now() - t0 < 20) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** app and control in turn, `ROUNDS` times; medians of each */
export async function measure(
  app: string,
  control: string,
  arms: Arm[],
): Promise<Record<string, ArmFigures>> {
  const runs: Record<string, { app: Result[]; control: Result[] }> = {};
  for (const arm of arms) {
    runs[arm.name] = { app: [], control: [] };
    // warm-up: JIT, caches, connection pools
    await cannon(app, arm, 2);
    await settle(app);
    await cannon(control, arm, 1);
  }
  for (let round = 1; round <= ROUNDS; round++) {
    for (const arm of arms) {
      // alternate which side goes first, so drift in the machine's load hits both
      const order = round % 2 ? (["app", "control"] as const) : (["control", "app"] as const);
      for (const side of order)
        runs[arm.name][side].push(await cannon(side === "app" ? app : control, arm, SECONDS));
      const a = runs[arm.name].app.at(-1)!;
      const c = runs[arm.name].control.at(-1)!;
      console.log(
        `  round ${round} ${arm.name}: app ${Math.round(a.requests.average)} req/s p99 ${a.latency.p99} ms${a.errors + a.timeouts + a.non2xx ? ` (${a.errors} errors, ${a.timeouts} timeouts, ${a.non2xx} non-2xx)` : ""} | control ${Math.round(c.requests.average)} req/s p99 ${c.latency.p99} ms`,
      );
    }
  }
  const out: Record<string, ArmFigures> = {};
  for (const arm of arms) {
    const r = runs[arm.name];
    const appRps = median(
      r.app.map((x) => x.requests.average),
      0,
    );
    const controlRps = median(
      r.control.map((x) => x.requests.average),
      0,
    );
    out[arm.name] = {
      app: {
        rps: Math.round(appRps),
        p99: median(
          r.app.map((x) => x.latency.p99),
          0,
        ),
        errors: r.app.reduce((n, x) => n + x.errors + x.timeouts, 0),
        non2xx: r.app.reduce((n, x) => n + x["4xx"] + x["5xx"], 0),
      },
      control: {
        rps: Math.round(controlRps),
        p99: median(
          r.control.map((x) => x.latency.p99),
          0,
        ),
      },
      ratio: controlRps ? appRps / controlRps : 0,
    };
  }
  return out;
}

export async function firstOk(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`no 200 from ${url}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
