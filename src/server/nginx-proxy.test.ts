import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import tls from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase, type ScratchDatabase } from "../../tests/support/global-setup.ts";
import { HOST_NAME, type NginxProxy, nginxBinary, ORIGIN, startNginx } from "../../tests/support/nginx.ts";
import { type ServerProcess, startServer } from "../../tests/support/server-process.ts";

/**
 * The nginx block of docs/deployment.md, run as written: only the listen addresses, the
 * upstream ports and the certificate paths are replaced, so the page cannot promise a
 * configuration that does not work. Behind it, the production server: two processes on one
 * PostgreSQL database in the `postgres` project (as in production), one on a fresh PGlite
 * folder when TEST_DATABASE_URL is unset.
 */
const root = path.resolve(import.meta.dirname, "../..");
// per client address and per process (the counters live in each process's memory):
// src/server/modules/auth/auth.routes.ts, perMinute(10) at RATE_LIMIT_FACTOR=1
const LOGIN_PER_MINUTE = 10;

const url = process.env.TEST_DATABASE_URL;
// with TEST_DATABASE_URL the postgres project runs it on two processes; the PGlite pass would only repeat it on one
const onPostgres = process.env.TEST_DB === "postgres" && !!url;
const runsHere = !!nginxBinary && (onPostgres || (process.env.TEST_DB === "pglite" && !url));
const built = existsSync(path.join(root, "dist/client/index.html"));
if (!nginxBinary) {
  console.warn(
    "\n*** nginx proxy test SKIPPED: no nginx on PATH or in /usr/sbin (apt-get install nginx). ***\n",
  );
}

let proxy: NginxProxy | undefined;
let dataDir: string | undefined;
let database: ScratchDatabase | undefined;
const servers: ServerProcess[] = [];

const send: NginxProxy["send"] = (method, urlPath, options) => proxy!.send(method, urlPath, options);

// a name of its own each time: sign-in attempts are also limited per account, and these
// tests are about the limit per client address
let loginAttempts = 0;
const failedLogin = (headers: Record<string, string> = {}, localAddress?: string) =>
  send("POST", "/api/login", {
    headers: { origin: ORIGIN, ...headers },
    body: { username: `nobody-here-${++loginAttempts}`, password: "not-the-password" },
    localAddress,
  });

describe.runIf(runsHere)(
  `nginx from docs/deployment.md in front of ${onPostgres ? "two app processes on PostgreSQL" : "one app process on PGlite"}`,
  () => {
    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), "hipws-nginx-data-"));
      const env: Record<string, string> = {
        NODE_ENV: "production",
        SESSION_SECRET: "nginx-proxy-test-secret-0123456789abcdef",
        PUBLIC_ORIGIN: ORIGIN,
        TRUST_PROXY: "127.0.0.1",
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        RATE_LIMIT_FACTOR: "1",
        // a line per request, so each process shows which requests reached it
        LOG_LEVEL: "debug",
      };
      // kept as each one starts, so afterAll stops it even when its sibling fails to start
      const start = async () => {
        servers.push(await startServer(env));
      };
      if (onPostgres) {
        database = await createScratchDatabase(url!, "nginx");
        env.DATABASE_URL = database.url;
        await Promise.all([start(), start()]);
      } else {
        await start();
      }
      const ports = servers.map((s) => s.port);
      proxy = await startNginx([ports[0], ports[1] ?? ports[0]]);
    }, 60_000);

    afterAll(async () => {
      await proxy?.stop();
      await Promise.all(servers.map((s) => s.stop()));
      await database?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      // each process finishes what it holds before it exits (up to 15 s), on a busy machine longer
    }, 120_000);

    it("answers the API over TLS with the configured certificate, and speaks HTTP/2", async () => {
      const res = await send("GET", "/api/plans/B2C");
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(Array.isArray(JSON.parse(res.body))).toBe(true);
      expect(res.headers.server).toMatch(/^nginx/);
      expect(res.headers["strict-transport-security"]).toContain("max-age=31536000");

      const alpn = await new Promise<string | false | null>((resolve, reject) => {
        const socket = tls.connect({
          host: "127.0.0.1",
          port: proxy!.httpsPort,
          servername: HOST_NAME,
          ca: proxy!.certificate,
          ALPNProtocols: ["h2", "http/1.1"],
        });
        socket.once("secureConnect", () => {
          resolve(socket.alpnProtocol);
          socket.destroy();
        });
        socket.once("error", reject);
      });
      expect(alpn).toBe("h2");
    });

    it.skipIf(!built)("renders the home page through the proxy (needs `npm run build`)", async () => {
      const res = await send("GET", "/");
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.body).toMatch(/^<!doctype html>/i);
    });

    it("passes the public host through, and the app answers no other", async () => {
      const res = await send("GET", "/robots.txt");
      expect(res.status).toBe(200);
      expect(res.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
      const forged = await send("GET", "/robots.txt", { headers: { host: "evil.example" } });
      expect(forged.status).toBe(400);
    });

    it("redirects plain HTTP to HTTPS on the public host name", async () => {
      const res = await send("GET", "/plans?city=chennai", { tls: false });
      expect(res.status).toBe(301);
      expect(res.headers.location).toBe(`${ORIGIN}/plans?city=chennai`);
    });

    it("lets a same-origin write through and refuses a cross-site one", async () => {
      const same = await failedLogin();
      expect(same.status).toBe(401);
      const cross = await failedLogin({ origin: "https://evil.example" });
      expect(cross.status).toBe(403);
    });

    it(`keeps a session made through nginx valid on ${onPostgres ? "both upstreams" : "the upstream"}`, async () => {
      const username = `nginx-${randomBytes(4).toString("hex")}`;
      const created = await send("POST", "/api/register", {
        headers: { origin: ORIGIN },
        body: {
          firstName: "Meena",
          lastName: "Raghavan",
          username,
          email: `${username}@example.in`,
          password: "modular-kitchen-1",
        },
      });
      expect(created.status).toBe(201);
      const setCookie = String(created.headers["set-cookie"]);
      expect(setCookie).toMatch(/; Secure/i);
      const cookie = setCookie.split(";")[0];
      for (let i = 0; i < 2 * servers.length; i++) {
        const me = await send("GET", "/api/user", { headers: { cookie } });
        expect(me.status).toBe(200);
        expect(JSON.parse(me.body).username).toBe(username);
      }
      // nginx's round robin spread them: every process answered at least one with 200
      for (const server of servers) {
        expect(server.output()).toMatch(/"url":"\/api\/user"/);
      }
    });

    it("rate-limits logins per client address, which a forged X-Forwarded-For cannot change", async () => {
      const budget = LOGIN_PER_MINUTE * servers.length;
      const statuses: number[] = [];
      const allRefuse = () =>
        statuses.length >= servers.length && statuses.slice(-servers.length).every((s) => s === 429);
      while (!allRefuse() && statuses.length <= budget + servers.length) {
        const res = await failedLogin();
        if (res.status === 429) expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
        statuses.push(res.status);
      }
      expect(statuses.filter((s) => s !== 429 && s !== 401)).toEqual([]);
      expect(allRefuse()).toBe(true);
      // never more than every process's limit together (on PostgreSQL they share one count)
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(budget);

      // nginx sets X-Forwarded-For to the address it sees, dropping the client's claim
      for (let i = 0; i < 2 * servers.length; i++) {
        expect((await failedLogin({ "x-forwarded-for": "203.0.113.9" })).status).toBe(429);
      }
      // and that address is the client's, not nginx's own: another client still gets its own budget
      expect((await failedLogin({}, "127.0.0.2")).status).toBe(401);
    });
  },
);

describe.skipIf(runsHere)("nginx from docs/deployment.md in front of the app", () => {
  it.skip(
    !nginxBinary
      ? "SKIPPED: nginx is not installed (apt-get install nginx)"
      : "runs in the postgres project, on two app processes",
    () => {},
  );
});
