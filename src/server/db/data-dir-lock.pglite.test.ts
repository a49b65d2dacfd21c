import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "./data-dir-lock.ts";

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), "hipws-lock-"));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("DATA_DIR lock", () => {
  it("a second opener in another process fails fast, naming the holder", () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir, "test holder");
    try {
      const started = Date.now();
      const r = spawnSync(process.execPath, ["--import", "tsx", "src/server/cli/seed-demo.ts"], {
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
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    release();
    acquireDataDirLock(dir)();
  });

  it("a lock left by a dead process is taken over", () => {
    const dir = tempDir();
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
});
