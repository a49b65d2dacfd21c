import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import net from "node:net";
import path from "node:path";

/**
 * The real server, as `npm start` runs it (the bundle in dist/bin), as a child process, for the
 * tests and soak runs that need more than app.inject(): signals, crashes, two processes,
 * backups through the owner of DATA_DIR. PORT=0 by default: the port is read from the log.
 */
export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  child: ChildProcess;
  /** everything the process wrote so far */
  output(): string;
  /** SIGTERM and wait for the exit code */
  stop(): Promise<number | null>;
  /** SIGKILL and wait */
  kill(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Bundles the server and the commands again (scripts/build.mjs) if a source is newer than
 * them: 0.1 s when none is, and once per process and checkout. The Vitest run calls it
 * before its workers start (tests/support/global-setup.ts), so they never build at once.
 */
export function buildProgramsIfStale(checkout = root) {
  if (built.has(checkout)) return;
  const build = spawnSync(process.execPath, ["scripts/build-if-missing.mjs", "bin"], {
    cwd: checkout,
    stdio: "inherit",
  });
  if (build.status !== 0) throw new Error("Could not bundle the server and the commands (scripts/build.mjs)");
  built.add(checkout);
}
const built = new Set<string>();

/**
 * Node's arguments for a program as `npm start` and the npm commands run it: its bundle in
 * dist/bin, with stack traces mapped back to the sources, never older than the sources (the
 * tests, benches and soak runs never start yesterday's server). `name` is "server" or a
 * command by its file name in src/server/cli ("seed-demo").
 */
export function program(name: string, checkout = root): string[] {
  buildProgramsIfStale(checkout);
  return ["--enable-source-maps", path.join(checkout, "dist/bin", `${name}.js`)];
}

export async function startServer(
  env: Record<string, string | undefined>,
  { timeoutMs = 60_000, nodeArgs = [] as string[], cwd = root } = {},
): Promise<ServerProcess> {
  // production answers only the Host of PUBLIC_ORIGIN: the port must be known before it starts
  const publicOrigin: Record<string, string> = {};
  if (env.NODE_ENV === "production" && !env.PUBLIC_ORIGIN) {
    const port = env.PORT && env.PORT !== "0" ? Number(env.PORT) : await freePort();
    Object.assign(publicOrigin, { PORT: String(port), PUBLIC_ORIGIN: `http://127.0.0.1:${port}` });
  }
  const child = spawn(process.execPath, [...nodeArgs, ...program("server", cwd)], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: "development",
      LOG_LEVEL: "info",
      PORT: "0",
      HOST: "127.0.0.1",
      ...env,
      ...publicOrigin,
      // the test runner's own settings must not leak into the server
      TEST_DB: undefined,
      VITEST: undefined,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.setEncoding("utf8").on("data", (s: string) => {
    out += s;
  });
  child.stderr!.setEncoding("utf8").on("data", (s: string) => {
    out += s;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not start within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const check = () => {
      const m = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        child.stdout!.off("data", check);
        resolve(Number(m[1]));
      }
    };
    child.stdout!.on("data", check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${out}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    child,
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}

/** a TCP port on 127.0.0.1 that nothing listens on at the moment, for a process the test starts next */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Runs one of the npm commands (by its file name in src/server/cli) and collects its output. */
export function runCli(
  script: string,
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...program(script), ...args], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "development", ...env, TEST_DB: undefined, VITEST: undefined },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (s: string) => {
      stdout += s;
    });
    child.stderr.setEncoding("utf8").on("data", (s: string) => {
      stderr += s;
    });
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
  });
}
