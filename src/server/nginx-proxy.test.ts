import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  accessSync,
  chmodSync,
  constants,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import http, { type IncomingHttpHeaders } from "node:http";
import https from "node:https";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import tls from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase, type ScratchDatabase } from "../../tests/support/global-setup.ts";
import { freePort, type ServerProcess, startServer } from "../../tests/support/server-process.ts";

/**
 * The nginx block of docs/deployment.md, run as written: only the listen addresses, the
 * upstream ports and the certificate paths are replaced, so the page cannot promise a
 * configuration that does not work. Behind it, the production server: two processes on one
 * PostgreSQL database in the `postgres` project (as in production), one on a fresh PGlite
 * folder when TEST_DATABASE_URL is unset.
 */
const root = path.resolve(import.meta.dirname, "../..");
const HOST_NAME = "warranty.example.in";
const ORIGIN = `https://${HOST_NAME}`;
// per client address and per process (the counters live in each process's memory):
// src/server/modules/auth/auth.routes.ts, perMinute(10) at RATE_LIMIT_FACTOR=1
const LOGIN_PER_MINUTE = 10;

function findNginx(): string | undefined {
  const dirs = [...(process.env.PATH ?? "").split(path.delimiter).filter(Boolean), "/usr/sbin"];
  for (const dir of dirs) {
    const file = path.join(dir, "nginx");
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not in this directory
    }
  }
  return undefined;
}

const nginxBinary = findNginx();
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

/** The one ```nginx block of the page, exactly as a reader copies it. */
function documentedConfig(): string {
  const page = readFileSync(path.join(root, "docs/deployment.md"), "utf8");
  const blocks = [...page.matchAll(/^```nginx\n([\s\S]*?)^```$/gm)];
  if (blocks.length !== 1) {
    throw new Error(`docs/deployment.md should hold exactly one \`\`\`nginx block, found ${blocks.length}`);
  }
  return blocks[0][1];
}

/** Replaces exactly one match, or fails naming what the page no longer says. */
function substitute(config: string, pattern: RegExp, replacement: string, what: string): string {
  const found = config.match(new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`))?.length ?? 0;
  if (found !== 1) {
    throw new Error(
      `The nginx block in docs/deployment.md no longer has exactly one ${what} (found ${found}): ` +
        "update the substitutions in src/server/nginx-proxy.test.ts with the page",
    );
  }
  return config.replace(pattern, replacement);
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

let nginx: ChildProcess | undefined;
let nginxOutput = "";
let prefix: string | undefined;
let dataDir: string | undefined;
let database: ScratchDatabase | undefined;
const servers: ServerProcess[] = [];
let httpPort: number;
let httpsPort: number;
let certificate: string;

/** A request as a browser at https://warranty.example.in sends it, trusting only the test certificate. */
function send(
  method: string,
  urlPath: string,
  {
    headers = {},
    body,
    tls: secure = true,
    localAddress,
  }: {
    headers?: Record<string, string>;
    body?: unknown;
    tls?: boolean;
    localAddress?: string;
  } = {},
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const options: https.RequestOptions = {
    host: "127.0.0.1",
    port: secure ? httpsPort : httpPort,
    method,
    path: urlPath,
    agent: false,
    localAddress,
    headers: {
      host: HOST_NAME,
      ...(payload === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    ...(secure ? { ca: certificate, servername: HOST_NAME } : {}),
  };
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(options, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (s: string) => {
        text += s;
      });
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(payload);
  });
}

// a name of its own each time: sign-in attempts are also limited per account, and these
// tests are about the limit per client address
let loginAttempts = 0;
const failedLogin = (headers: Record<string, string> = {}, localAddress?: string) =>
  send("POST", "/api/login", {
    headers: { origin: ORIGIN, ...headers },
    body: { username: `nobody-here-${++loginAttempts}`, password: "not-the-password" },
    localAddress,
  });

async function startNginx(upstreamPorts: [number, number]): Promise<void> {
  prefix = mkdtempSync(path.join(tmpdir(), "hipws-nginx-"));
  // run as root, nginx's workers drop to nobody and must still reach their temp folders here
  chmodSync(prefix, 0o755);
  const cert = path.join(prefix, "cert.pem");
  const key = path.join(prefix, "key.pem");
  const openssl = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-subj",
      `/CN=${HOST_NAME}`,
      "-days",
      "1",
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { encoding: "utf8" },
  );
  if (openssl.status !== 0) throw new Error(`openssl could not make a certificate:\n${openssl.stderr}`);
  certificate = readFileSync(cert, "utf8");

  [httpPort, httpsPort] = await Promise.all([freePort(), freePort()]);
  let site = documentedConfig();
  site = substitute(site, /^(\s*listen\s+)80(\s*;)/m, `$1127.0.0.1:${httpPort}$2`, "`listen 80;`");
  site = substitute(
    site,
    /^(\s*listen\s+)443(\s+ssl\b[^;]*;)/m,
    `$1127.0.0.1:${httpsPort}$2`,
    "`listen 443 ssl …;`",
  );
  site = substitute(
    site,
    /^(\s*server\s+)127\.0\.0\.1:5121(\s*;)/m,
    `$1127.0.0.1:${upstreamPorts[0]}$2`,
    "upstream `server 127.0.0.1:5121;`",
  );
  site = substitute(
    site,
    /^(\s*server\s+)127\.0\.0\.1:5122(\s*;)/m,
    `$1127.0.0.1:${upstreamPorts[1]}$2`,
    "upstream `server 127.0.0.1:5122;`",
  );
  site = substitute(site, /^(\s*ssl_certificate\s+)\S+;/m, `$1${cert};`, "`ssl_certificate`");
  site = substitute(site, /^(\s*ssl_certificate_key\s+)\S+;/m, `$1${key};`, "`ssl_certificate_key`");

  const conf = path.join(prefix, "nginx.conf");
  const temp = (name: string) => path.join(prefix!, name);
  writeFileSync(
    conf,
    [
      `pid ${temp("nginx.pid")};`,
      "error_log stderr warn;",
      // one worker: nginx's round robin is per worker, and the assertions below count on it alternating
      "worker_processes 1;",
      "events {}",
      "http {",
      "    access_log off;",
      `    client_body_temp_path ${temp("client_body")};`,
      `    proxy_temp_path ${temp("proxy")};`,
      `    fastcgi_temp_path ${temp("fastcgi")};`,
      `    uwsgi_temp_path ${temp("uwsgi")};`,
      `    scgi_temp_path ${temp("scgi")};`,
      "",
      site,
      "}",
      "",
    ].join("\n"),
  );
  const args = ["-p", prefix, "-c", conf];
  const numbered = () =>
    readFileSync(conf, "utf8")
      .split("\n")
      .map((line, i) => `${String(i + 1).padStart(3)} ${line}`)
      .join("\n");
  // -t names the offending line of a broken configuration, where a failed start would only time out
  const check = spawnSync(nginxBinary!, ["-t", ...args], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx refuses the configuration:\n${check.stderr}\n${numbered()}`);

  nginx = spawn(nginxBinary!, [...args, "-g", "daemon off;"], { stdio: ["ignore", "pipe", "pipe"] });
  nginx.stdout!.setEncoding("utf8").on("data", (s: string) => {
    nginxOutput += s;
  });
  nginx.stderr!.setEncoding("utf8").on("data", (s: string) => {
    nginxOutput += s;
  });
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited with ${nginx.exitCode}:\n${nginxOutput}`);
    const listening = await new Promise<boolean>((resolve) => {
      const socket = net.connect(httpsPort, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (listening) return;
    if (Date.now() > deadline) throw new Error(`nginx did not listen within 10 s:\n${nginxOutput}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function stopNginx(): Promise<void> {
  const child = nginx;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

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
      await startNginx([ports[0], ports[1] ?? ports[0]]);
    }, 60_000);

    afterAll(async () => {
      await stopNginx();
      await Promise.all(servers.map((s) => s.stop()));
      await database?.drop();
      for (const dir of [prefix, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
    });

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
          port: httpsPort,
          servername: HOST_NAME,
          ca: certificate,
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
