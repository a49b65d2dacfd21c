// One database's run: the arms on a fresh seeded database, start times, bundle sizes and PDFs.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { type ServerProcess, startServer } from "../../tests/support/server-process.ts";
import { loginCookie, type Prepared, peakRssMb, prepareDatabase } from "../soak/prepare.ts";
import { type Arm, type ArmFigures, firstOk, measure, type Recorded, record, startControl } from "./arms.ts";
import { CONNECTIONS, ONLY_ARMS, OUT_DIR, PROFILE, pin, ROUNDS, SECONDS } from "./options.ts";
import { ticketQueryFloor } from "./query-floor.ts";
import { measureSessionCache } from "./session-cache.ts";

/** spawn to first 200 of GET / on an empty DATA_DIR, then again on the same (warm) folder */
export async function startTimes(): Promise<{ coldMs: number; warmMs: number }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "hipws-bench-start-"));
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
    NODE_ENV: "production",
    SESSION_SECRET: "b".repeat(40),
  };
  const time = async () => {
    const t0 = performance.now();
    const s = await startServer(env, { timeoutMs: 300_000 });
    await firstOk(`${s.url}/`);
    const ms = Math.round(performance.now() - t0);
    await s.stop();
    return ms;
  };
  try {
    const coldMs = await time();
    const warmMs = await time();
    return { coldMs, warmMs };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** gzipped JavaScript and CSS that GET / asks for (scripts, module preloads, stylesheets) */
async function bundleSizes(
  base: string,
  html: string,
): Promise<{ jsKb: number; cssKb: number; files: string[] }> {
  const refs = new Set<string>();
  for (const m of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="(\/[^"]+\.(?:js|mjs|css))"[^>]*>/g))
    refs.add(m[1]);
  let js = 0;
  let css = 0;
  for (const ref of refs) {
    const body = Buffer.from(await (await fetch(base + ref)).arrayBuffer());
    const gz = gzipSync(body, { level: 9 }).length;
    if (ref.endsWith(".css")) css += gz;
    else js += gz;
  }
  // inline <script> and <style> count too
  for (const m of html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    if (!/type="application\/(ld\+)?json"/.test(m[0])) js += gzipSync(m[1], { level: 9 }).length;
  }
  for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g))
    css += gzipSync(m[1], { level: 9 }).length;
  return { jsKb: +(js / 1024).toFixed(1), cssKb: +(css / 1024).toFixed(1), files: [...refs] };
}

/** the arms on a fresh seeded database, then the floor under the signed-in read and the session cache's saving on that same database */
export async function benchBackend(backend: "pglite" | "postgres", only = ONLY_ARMS) {
  const prepared = await prepareDatabase(backend, { RATE_LIMIT_FACTOR: "100000" });
  try {
    const result = await measureBackend(backend, prepared, only);
    const floor = result.figures.tickets ? await ticketQueryFloor(prepared.env) : undefined;
    // the signed-in read in process with the session cache and without it, side by side
    const sessionCache = result.figures.tickets ? await measureSessionCache(prepared.env) : undefined;
    return { ...result, floor, sessionCache };
  } finally {
    await prepared.cleanup();
  }
}

async function measureBackend(backend: "pglite" | "postgres", prepared: Prepared, only?: string[]) {
  let server: ServerProcess | undefined;
  let control: Awaited<ReturnType<typeof startControl>> | undefined;
  try {
    server = await startServer(
      { ...prepared.env, NODE_ENV: "production", LOG_LEVEL: "info" },
      { nodeArgs: PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(OUT_DIR, "profiles")}`] : [] },
    );
    pin(server.pid, 0);
    const base = server.url;
    const cookie = await loginCookie(base, "demo-customer");
    const plans = await record(base, "/api/plans/B2C");
    const etag = plans.headers.etag;
    const notModified = await record(base, "/api/plans/B2C", { "if-none-match": etag });
    const ticketsRes = await record(base, "/api/tickets", { cookie });
    const home = await record(base, "/");
    // a certificate's verification page, as a stranger scanning its QR code sees it; and
    // the certificate PDF itself, made the first time and served from the cache after that
    const certificate = await certificateTimes(base, cookie);
    const verify = await record(base, certificate.verifyPath);
    const routes: Recorded[] = [
      {
        path: "/api/plans/B2C",
        status: plans.status,
        headers: plans.headers,
        bodyBase64: plans.body.toString("base64"),
        etag,
        headers304: notModified.headers,
      },
      {
        path: "/api/tickets",
        status: ticketsRes.status,
        headers: ticketsRes.headers,
        bodyBase64: ticketsRes.body.toString("base64"),
      },
      { path: "/", status: home.status, headers: home.headers, bodyBase64: home.body.toString("base64") },
      {
        path: certificate.verifyPath,
        status: verify.status,
        headers: verify.headers,
        bodyBase64: verify.body.toString("base64"),
      },
    ];
    if (plans.status !== 200 || notModified.status !== 304 || ticketsRes.status !== 200) {
      throw new Error(
        `unexpected answers: plans ${plans.status}, 304 ${notModified.status}, tickets ${ticketsRes.status}`,
      );
    }
    control = await startControl(routes);
    pin(control.pid, 0);
    const allArms: Arm[] =
      backend === "pglite"
        ? [
            { name: "plans", path: "/api/plans/B2C" },
            { name: "plans304", path: "/api/plans/B2C", headers: { "if-none-match": etag } },
            { name: "tickets", path: "/api/tickets", headers: { cookie } },
            ...(home.status === 200 ? [{ name: "home", path: "/" }] : []),
            ...(verify.status === 200 ? [{ name: "verify", path: certificate.verifyPath }] : []),
          ]
        : [{ name: "tickets", path: "/api/tickets", headers: { cookie } }];
    const arms = allArms.filter((a) => !only || only.includes(a.name));
    console.log(
      `\n${backend}: ${arms.map((a) => a.name).join(", ")}; ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections`,
    );
    const figures: Partial<Record<string, ArmFigures>> = await measure(base, control.url, arms);
    const rss = peakRssMb(server.pid);
    const bundle =
      backend === "pglite" && home.status === 200
        ? await bundleSizes(base, home.body.toString("utf8"))
        : undefined;
    return {
      figures,
      peakRssMb: rss,
      bundle,
      homeBytes: home.body.length,
      homeStatus: home.status,
      verifyStatus: verify.status,
      certificate,
    };
  } finally {
    control?.stop();
    const code = await server?.stop();
    if (code !== 0 && server) console.log(`server exited with ${code}:\n${server.output().slice(-2000)}`);
  }
}

/**
 * The demo customer's active policy: its certificate PDF and its tax invoice PDF, each timed
 * the first time (made) and the second (from the cache), and the address of its
 * verification page.
 */
async function certificateTimes(base: string, cookie: string) {
  const list = (await (await fetch(`${base}/api/purchases`, { headers: { cookie } })).json()) as {
    purchase: { id: number; status: string };
  }[];
  const id = list.find((p) => p.purchase.status === "active")!.purchase.id;
  const detail = (await (await fetch(`${base}/api/purchases/${id}`, { headers: { cookie } })).json()) as {
    verifyCode: string;
  };
  const timed = async (pdfPath: string, cacheHeader: string) => {
    const start = performance.now();
    const res = await fetch(`${base}${pdfPath}`, { headers: { cookie } });
    const bytes = (await res.arrayBuffer()).byteLength;
    return {
      ms: Math.round(performance.now() - start),
      status: res.status,
      cache: res.headers.get(cacheHeader),
      bytes,
    };
  };
  const first = await timed(`/api/purchases/${id}/certificate.pdf`, "x-certificate-cache");
  const cached = await timed(`/api/purchases/${id}/certificate.pdf`, "x-certificate-cache");
  // the policy's tax invoice, made and cached the same way
  const invoices = (await (
    await fetch(`${base}/api/purchases/${id}/invoices`, { headers: { cookie } })
  ).json()) as {
    url: string;
  }[];
  const invoiceFirst = await timed(invoices[0].url, "x-pdf-cache");
  const invoiceCached = await timed(invoices[0].url, "x-pdf-cache");
  return { first, cached, invoiceFirst, invoiceCached, verifyPath: `/verify/${detail.verifyCode}` };
}
