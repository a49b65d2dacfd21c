import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { program, startServer as startServerIn } from "../../tests/support/server-process.ts";

/**
 * The real server as `npm start` runs it: a separate process on a data folder, stopped by
 * signals. Proves a restart keeps what was written and that shutdown releases the folder.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), "hipws-proc-"));
const port = 5300 + Math.floor(Math.random() * 200);
const base = `http://127.0.0.1:${port}`;
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

async function startServer(): Promise<ChildProcess> {
  const proc = spawn(process.execPath, program("server"), {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      NODE_ENV: "development",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    try {
      if ((await fetch(`${base}/api/faqs`)).ok) return proc;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("server did not start in 45 s");
}

const stop = (proc: ChildProcess, signal: NodeJS.Signals) =>
  new Promise<number | null>((resolve) => {
    proc.once("exit", (code) => resolve(code));
    proc.kill(signal);
  });

describe("server process", () => {
  it("keeps every write across a restart and shuts down cleanly on SIGTERM and SIGINT", async () => {
    child = await startServer();
    const register = await fetch(`${base}/api/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        firstName: "Lakshmi",
        lastName: "Iyer",
        username: "lakshmi",
        email: "lakshmi@example.in",
        password: "kitchen-2026",
      }),
    });
    expect(register.status).toBe(201);
    const inquiry = await fetch(`${base}/api/inquiries`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Lakshmi Iyer",
        email: "lakshmi@example.in",
        phone: "9840098400",
        interest: "b2c-elite",
        message: "Please share the Elite plan brochure.",
      }),
    });
    expect(inquiry.status).toBe(201);

    expect(await stop(child, "SIGTERM")).toBe(0);
    expect(existsSync(path.join(dataDir, "server.lock"))).toBe(false);

    child = await startServer();
    const login = await fetch(`${base}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "lakshmi", password: "kitchen-2026" }),
    });
    expect(login.status).toBe(200);
    expect((await login.json()).email).toBe("lakshmi@example.in");
    const cities = await (await fetch(`${base}/api/cities`)).json();
    expect(cities).toHaveLength(39);

    expect(await stop(child, "SIGINT")).toBe(0);
    expect(existsSync(path.join(dataDir, "server.lock"))).toBe(false);
    child = undefined;
  }, 120_000);
});

describe("npm start", () => {
  it("serves a build made for production after a start in development on the same checkout", async () => {
    // a checkout of its own: this one's dist/ is shared with the other tests
    const root = path.resolve(import.meta.dirname, "../..");
    const checkout = mkdtempSync(path.join(tmpdir(), "hipws-checkout-"));
    const files = ["index.html", "vite.config.ts", "tsconfig.json", "package.json", "package-lock.json"];
    try {
      for (const entry of [...files, ".gitignore", "public", "src", "scripts"]) {
        cpSync(path.join(root, entry), path.join(checkout, entry), { recursive: true });
      }
      symlinkSync(path.join(root, "node_modules"), path.join(checkout, "node_modules"), "dir");
      // what `npm start` does: build when needed, then run the server
      const npmStart = async (nodeEnv: string) => {
        const build = spawnSync(process.execPath, ["scripts/build-if-missing.mjs"], {
          cwd: checkout,
          env: { ...process.env, NODE_ENV: nodeEnv },
          encoding: "utf8",
        });
        expect(build.status, build.stderr).toBe(0);
        return startServerIn(
          {
            NODE_ENV: nodeEnv,
            // one data folder, as one checkout has: the second start finds its database made
            DATA_DIR: path.join(checkout, "data"),
            SESSION_SECRET: "a-session-secret-of-forty-characters-0001",
          },
          { cwd: checkout },
        );
      };
      const development = await npmStart("development");
      expect((await fetch(`${development.url}/`)).status).toBe(200);
      expect(await development.stop()).toBe(0);

      const production = await npmStart("production");
      try {
        const home = await fetch(`${production.url}/`);
        expect(home.status).toBe(200);
        expect(await home.text()).toContain("Home Interior Project Warranty Solutions");
      } finally {
        await production.stop();
      }
    } finally {
      rmSync(checkout, { recursive: true, force: true });
    }
  }, 240_000);
});
