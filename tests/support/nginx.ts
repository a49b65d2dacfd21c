import { spawn, spawnSync } from "node:child_process";
import { accessSync, chmodSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http, { type IncomingHttpHeaders } from "node:http";
import https from "node:https";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./server-process.ts";

/**
 * nginx configured by the one ```nginx block of docs/deployment.md, for the tests that run
 * the app behind it (src/server/nginx-proxy.test.ts, src/server/rolling-restart.test.ts), so
 * the page cannot promise a configuration that does not work.
 */
const root = path.resolve(import.meta.dirname, "../..");
export const HOST_NAME = "warranty.example.in";
export const ORIGIN = `https://${HOST_NAME}`;

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

export const nginxBinary = findNginx();

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
        "update the substitutions in tests/support/nginx.ts with the page",
    );
  }
  return config.replace(pattern, replacement);
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

type SendOptions = Parameters<typeof sendThrough>[3];

export interface NginxProxy {
  httpPort: number;
  httpsPort: number;
  /** the self-signed certificate it serves, for clients to trust */
  certificate: string;
  output(): string;
  send(method: string, urlPath: string, options?: SendOptions): Promise<Answer>;
  stop(): Promise<void>;
}

/** A request as a browser at https://warranty.example.in sends it, trusting only the test certificate. */
function sendThrough(
  proxy: Pick<NginxProxy, "httpPort" | "httpsPort" | "certificate">,
  method: string,
  urlPath: string,
  {
    headers = {},
    body,
    tls: secure = true,
    localAddress,
    agent = false,
  }: {
    headers?: Record<string, string>;
    body?: unknown;
    tls?: boolean;
    localAddress?: string;
    /** a keep-alive agent to reuse connections; none: a connection per request */
    agent?: https.Agent | http.Agent | false;
  } = {},
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const options: https.RequestOptions = {
    host: "127.0.0.1",
    port: secure ? proxy.httpsPort : proxy.httpPort,
    method,
    path: urlPath,
    agent,
    localAddress,
    headers: {
      host: HOST_NAME,
      ...(payload === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    ...(secure ? { ca: proxy.certificate, servername: HOST_NAME } : {}),
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

/**
 * Runs the nginx block of docs/deployment.md, as written but for its listen addresses, the
 * upstream ports and the certificate paths, in front of the given app ports.
 */
export async function startNginx(upstreamPorts: [number, number]): Promise<NginxProxy> {
  const prefix = mkdtempSync(path.join(tmpdir(), "hipws-nginx-"));
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
  const certificate = readFileSync(cert, "utf8");

  const [httpPort, httpsPort] = await Promise.all([freePort(), freePort()]);
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
  const temp = (name: string) => path.join(prefix, name);
  writeFileSync(
    conf,
    [
      `pid ${temp("nginx.pid")};`,
      "error_log stderr warn;",
      // one worker: nginx's round robin is per worker, and the tests count on it alternating
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

  let nginxOutput = "";
  const nginx = spawn(nginxBinary!, [...args, "-g", "daemon off;"], { stdio: ["ignore", "pipe", "pipe"] });
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
    if (listening) break;
    if (Date.now() > deadline) throw new Error(`nginx did not listen within 10 s:\n${nginxOutput}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const proxy: NginxProxy = {
    httpPort,
    httpsPort,
    certificate,
    output: () => nginxOutput,
    send: (method, urlPath, options) => sendThrough(proxy, method, urlPath, options),
    async stop() {
      if (nginx.exitCode === null && nginx.signalCode === null) {
        const exited = new Promise((resolve) => nginx.once("exit", resolve));
        nginx.kill("SIGTERM");
        const timer = setTimeout(() => nginx.kill("SIGKILL"), 5_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
  return proxy;
}
