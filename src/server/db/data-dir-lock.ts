import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

/**
 * PGlite takes no lock of its own and two processes on one folder silently lose data,
 * so whoever opens DATA_DIR writes its pid into a lock file first.
 */
export class DataDirLockedError extends Error {}

interface LockInfo {
  pid: number;
  command: string;
  startedAt: string;
}

export function acquireDataDirLock(dataDir: string, command = process.argv.slice(1).join(" ")): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "server.lock");
  const info: LockInfo = { pid: process.pid, command, startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, JSON.stringify(info));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = readLock(file);
      if (holder && isAlive(holder.pid)) {
        throw new DataDirLockedError(
          `DATA_DIR ${dataDir} is in use by process ${holder.pid} (${holder.command}, since ${holder.startedAt}); stop that process first, or set DATA_DIR to another folder.`,
        );
      }
      // the holder died without cleaning up: the lock is stale
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(
    `Could not take the lock on DATA_DIR ${dataDir}; another process keeps taking it.`,
  );
}

function readLock(file: string): LockInfo | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as LockInfo;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
