import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { program } from "../../../tests/support/server-process.ts";
import { tempDirsForThisFile } from "../../../tests/support/temp-dirs.ts";
import { openDatabase } from "./client.ts";
import { acquireDataDirLock, DataDirLockedError, DataDirUnsafeError } from "./data-dir-lock.ts";

const tempDir = tempDirsForThisFile();

describe("DATA_DIR lock", () => {
  it("a second opener in another process fails fast, naming the holder", () => {
    const dir = tempDir("lock");
    const release = acquireDataDirLock(dir, "test holder");
    try {
      const started = Date.now();
      const r = spawnSync(process.execPath, [...program("seed-demo")], {
        env: { ...process.env, DATA_DIR: dir, DEMO_PASSWORD: "whatever-1", NODE_ENV: "development" },
        encoding: "utf8",
        timeout: 30_000,
      });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(`is in use by process ${process.pid} (test holder`);
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      release();
    }
  });

  it("the same process cannot take it twice, and can again once released", () => {
    const dir = tempDir("lock");
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    release();
    acquireDataDirLock(dir)();
  });

  it("a lock left by a dead process is taken over", () => {
    const dir = tempDir("lock");
    writeFileSync(
      path.join(dir, "server.lock"),
      JSON.stringify({ pid: 2_147_483_000, command: "gone", startedAt: "x" }),
    );
    const release = acquireDataDirLock(dir, "taker");
    const lock = JSON.parse(readFileSync(path.join(dir, "server.lock"), "utf8"));
    expect(lock).toMatchObject({ pid: process.pid, command: "taker" });
    release();
    expect(existsSync(path.join(dir, "server.lock"))).toBe(false);
  });

  it("of several processes finding the same stale lock at once, exactly one takes it over", async () => {
    const lockModule = path.resolve(import.meta.dirname, "data-dir-lock.ts");
    // each racer waits for the start signal, then takes the lock and holds it for a while
    const racer = `
      import { existsSync } from "node:fs";
      import { acquireDataDirLock } from ${JSON.stringify(lockModule)};
      const [dir, go] = process.argv.slice(-2);
      console.log("ready");
      while (!existsSync(go)) {}
      try {
        const release = acquireDataDirLock(dir, "racer");
        console.log("took");
        setTimeout(() => { release(); process.exit(0); }, 1000);
      } catch (err) {
        console.log(err.constructor.name + ": " + err.message);
      }`;
    const RACERS = 4;
    for (let round = 0; round < 5; round++) {
      const dir = tempDir("lock");
      const go = path.join(dir, "go");
      writeFileSync(
        path.join(dir, "server.lock"),
        JSON.stringify({ pid: 2_147_483_000, command: "gone", startedAt: "x" }),
      );
      const children = Array.from({ length: RACERS }, () =>
        spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", racer, dir, go], {
          stdio: ["ignore", "pipe", "inherit"],
        }),
      );
      const outputs = children.map(
        (child) =>
          new Promise<string>((resolve) => {
            let out = "";
            child.stdout!.setEncoding("utf8").on("data", (s: string) => {
              out += s;
            });
            child.once("exit", () => resolve(out));
          }),
      );
      const ready = children.map(
        (child) => new Promise<void>((resolve) => child.stdout!.once("data", () => resolve())),
      );
      await Promise.all(ready);
      writeFileSync(go, "");
      const results = (await Promise.all(outputs)).map((o) => o.replace("ready\n", "").trim());
      expect(
        results.filter((r) => r === "took"),
        results.join("\n"),
      ).toHaveLength(1);
      for (const r of results.filter((x) => x !== "took")) expect(r).toMatch(/^DataDirLockedError: /);
    }
  }, 120_000);
});

/** every file and folder under dir whose mode lets group or others in */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (p: string) => {
    const st = statSync(p);
    if (st.mode & 0o077) found.push(`${p} (${(st.mode & 0o777).toString(8)})`);
    if (st.isDirectory()) for (const name of readdirSync(p)) walk(path.join(p, name));
  };
  walk(dir);
  return found;
}

describe("DATA_DIR is readable by its owner alone", () => {
  it("a new DATA_DIR and every database file in it, the WAL included, are owner-only", async () => {
    const dataDir = path.join(tempDir("lock"), "data");
    const database = await openDatabase({ dataDir });
    await database.migrate();
    await database.close();
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(readdirSync(path.join(dataDir, "pg"))).toContain("pg_wal");
    expect(openToOthers(dataDir)).toEqual([]);
  }, 60_000);

  it("refuses a DATA_DIR that others can read, in one line naming the fix", () => {
    const dataDir = tempDir("lock");
    // what older versions made: a folder every local user can list and read
    chmodSync(dataDir, 0o755);
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirUnsafeError);
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "development", PORT: "0" };
    for (const [script, extra] of [
      ["server", {}],
      ["server", { SESSION_SECRET: "s".repeat(40) }],
      ["seed-demo", { DEMO_PASSWORD: "whatever-1" }],
    ] as const) {
      const r = spawnSync(process.execPath, [...program(script)], {
        env: { ...env, ...extra },
        encoding: "utf8",
        timeout: 30_000,
      });
      expect(r.status, r.stderr).toBe(1);
      expect(r.stderr.trim().split("\n"), script).toEqual([
        `DATA_DIR ${dataDir} can be read by other users of this machine (mode 755; older versions created it so); run \`chmod -R go= ${dataDir}\` and start again.`,
      ]);
    }
    expect(readdirSync(dataDir)).toEqual([]);
    // the fix it names works
    chmodSync(dataDir, 0o700);
    acquireDataDirLock(dataDir)();
  }, 60_000);
});
