import { randomBytes } from "node:crypto";
import {
  chmodSync,
  closeSync,
  fstatSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { isMainThread } from "node:worker_threads";

/**
 * DATA_DIR holds the embedded database (its WAL included: password hashes, customers'
 * details) and the session secret. It belongs to the user the server runs as, and nobody
 * else on the machine may read it.
 */
export class DataDirUnsafeError extends Error {}

/**
 * Creates DATA_DIR readable by its owner alone (0700), sets a umask of 077 so that what
 * this process creates from now on (backups, the folders and files the database makes as
 * it runs) is owner-only too, and refuses a folder that others can read, such as one made
 * by an older version of the site. (PGlite unpacks a new cluster with modes of its own:
 * createPglite narrows those with restrictToOwner.)
 */
export function secureDataDir(dataDir: string) {
  // the umask belongs to the process: worker threads may not change it (their parent has)
  if (isMainThread) process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Windows has no such permission bits
  if (process.platform === "win32") return;
  const mode = statSync(dataDir).mode & 0o777;
  if (mode & 0o077) {
    throw new DataDirUnsafeError(
      `DATA_DIR ${dataDir} can be read by other users of this machine (mode ${mode.toString(8)}; older versions created it so); run \`chmod -R go= ${dataDir}\` and start again.`,
    );
  }
}

/** Takes group and others' permissions off `dir` and everything under it. */
export function restrictToOwner(dir: string) {
  if (process.platform === "win32") return;
  const walk = (p: string) => {
    const stat = lstatSync(p);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & 0o077) chmodSync(p, stat.mode & 0o700);
    if (stat.isDirectory()) for (const name of readdirSync(p)) walk(path.join(p, name));
  };
  walk(dir);
}

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

const ATTEMPTS = 50;
const RETRY_MS = 20;

export function acquireDataDirLock(dataDir: string, command = process.argv.slice(1).join(" ")): () => void {
  secureDataDir(dataDir);
  const file = path.join(dataDir, "server.lock");
  const info = JSON.stringify({ pid: process.pid, command, startedAt: new Date().toISOString() });
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const ino = createExclusive(file, info);
    if (ino !== null) {
      let released = false;
      return () => {
        if (released) return;
        released = true;
        // only our own lock: never one another process holds
        if (inodeOf(file) === ino) rmSync(file, { force: true });
      };
    }
    const holder = readLock(file);
    if (!holder) continue; // released between our two looks: try again
    if (holder.info && isAlive(holder.info.pid)) {
      throw new DataDirLockedError(
        `DATA_DIR ${dataDir} is in use by process ${holder.info.pid} (${holder.info.command}, since ${holder.info.startedAt}); stop that process first, or set DATA_DIR to another folder.`,
      );
    }
    // the holder died without cleaning up: the lock is stale
    if (!removeStaleLock(file, holder, info)) sleep(RETRY_MS);
  }
  throw new DataDirLockedError(
    `Could not take the lock on DATA_DIR ${dataDir}; another process keeps taking it.`,
  );
}

/**
 * Creates `file` holding `content` only if it does not exist, and returns its inode (null
 * when it exists). The content is written to a file of our own first and then linked into
 * place, so nobody ever reads a half-written lock and takes it for a stale one.
 */
function createExclusive(file: string, content: string): number | null {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(temp, content, { mode: 0o600, flag: "wx" });
  try {
    linkSync(temp, file);
    return inodeOf(temp);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return null;
    throw err;
  } finally {
    rmSync(temp, { force: true });
  }
}

/**
 * Removes the stale lock we read and nothing else. Two processes that found the same stale
 * lock must not both remove "the lock": the second would delete the one the first has just
 * made, and both would open the database. So removal happens only while holding a second
 * lock, `server.lock.takeover`, and only if the lock file is still the very one that was
 * read: the same inode and the same content (a new lock may reuse the inode number of the
 * one just deleted, but carries another pid). A lock is only ever removed under it (or by
 * its live owner), so the check cannot go stale before the removal. Returns false when
 * another process is taking over right now.
 */
function removeStaleLock(file: string, stale: ReadLock, info: string): boolean {
  const takeover = `${file}.takeover`;
  if (createExclusive(takeover, info) === null) {
    const other = readLock(takeover);
    if (!other || (other.info && isAlive(other.info.pid))) return false;
    throw new DataDirLockedError(
      `A process that was taking over the stale lock ${file} ended half-way; remove ${file} and ${takeover}, then start again.`,
    );
  }
  try {
    const now = readLock(file);
    if (now && now.ino === stale.ino && now.raw === stale.raw) rmSync(file);
    return true;
  } finally {
    rmSync(takeover, { force: true });
  }
}

interface ReadLock {
  /** null for a lock in no known format */
  info: LockInfo | null;
  raw: string;
  ino: number;
}

/** the lock as read, and its file's inode; null when there is no file */
function readLock(file: string): ReadLock | null {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return null;
  }
  try {
    const ino = fstatSync(fd).ino;
    const raw = readFileSync(fd, "utf8");
    try {
      return { info: JSON.parse(raw) as LockInfo, raw, ino };
    } catch {
      return { info: null, raw, ino };
    }
  } finally {
    closeSync(fd);
  }
}

function inodeOf(file: string): number | null {
  try {
    return statSync(file).ino;
  } catch {
    return null;
  }
}

/** whether process `pid` still runs (EPERM: it does, as another user) */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
