import { randomBytes } from "node:crypto";
import {
  closeSync,
  constants,
  existsSync,
  fsyncSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { isAlive } from "./data-dir-lock.ts";

/**
 * Backups of the embedded database. PGlite lives inside the one process that owns
 * DATA_DIR, so `npm run backup` cannot open the folder beside a running server: it drops
 * a request file into DATA_DIR/backups/.requests and sends SIGUSR2 to the server, which
 * writes the copy itself (between queries, so the copy is consistent) and removes the
 * request. It writes only into DATA_DIR/backups (backupTarget). The server advertises that
 * it takes requests in DATA_DIR/backups/.control.json;
 * a lock holder that does not (a command such as seed:demo) is never signalled, because
 * SIGUSR2 would end it.
 */

export const backupsDir = (dataDir: string) => path.join(dataDir, "backups");
const requestsDir = (dataDir: string) => path.join(backupsDir(dataDir), ".requests");
const controlFile = (dataDir: string) => path.join(backupsDir(dataDir), ".control.json");

export function defaultBackupPath(dataDir: string, kind: "pglite" | "postgres", now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return path.join(backupsDir(dataDir), `hipws-${stamp}${kind === "pglite" ? ".tar.gz" : ".dump"}`);
}

/** A gzipped tar of the whole cluster, taken after a checkpoint while no query runs. */
export async function dumpPglite(client: PGlite): Promise<Buffer> {
  // a checkpoint first, so a restore replays little WAL; dumpDataDir itself waits for running queries
  await client.exec("CHECKPOINT");
  const blob = await client.dumpDataDir("gzip");
  return Buffer.from(await blob.arrayBuffer());
}

/**
 * Opens a new file for writing, owner-only. It must not exist yet, and a symbolic link in
 * its place is refused rather than followed: a link planted there could otherwise point
 * the write at any file the process may change.
 */
export function createNewFile(file: string): number {
  return openSync(
    file,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    0o600,
  );
}

/**
 * Written to FILE.partial, flushed, then linked into place: a reader never sees half a
 * backup, and an existing file (or a link) at FILE is never replaced.
 */
export function writeFileAtomically(file: string, bytes: Uint8Array) {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.partial`;
  const fd = createNewFile(partial);
  try {
    writeSync(fd, bytes);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
}

/**
 * Where a backup request may write: a plain file name directly inside DATA_DIR/backups.
 * Anyone who can drop a request file could otherwise have the server write a copy of the
 * whole database (password hashes included) anywhere it may write.
 */
function backupTarget(dataDir: string, out: string): string {
  const dir = backupsDir(path.resolve(dataDir));
  const target = path.resolve(dir, out);
  const name = path.basename(target);
  if (path.dirname(target) !== dir || !/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name)) {
    throw new Error(`A backup is written only into ${dir}, under a plain file name; refused ${out}.`);
  }
  if (!lstatSync(dir).isDirectory()) throw new Error(`${dir} is not a folder; refused ${out}.`);
  return target;
}

/** Bytes of a backup file as PGlite's loadDataDir wants them (it reads compression from the type). */
export function backupBlob(bytes: Uint8Array): Blob {
  const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
  return new Blob([bytes as Uint8Array<ArrayBuffer>], {
    type: gzip ? "application/x-gzip" : "application/x-tar",
  });
}

interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Server side: answer backup requests on SIGUSR2. Returns a function that stops listening. */
export function listenForBackupRequests(dataDir: string, client: PGlite, log: Log): () => void {
  const dir = requestsDir(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  let running: Promise<void> = Promise.resolve();
  const serve = async () => {
    for (const name of readdirSync(dir).filter((n) => n.endsWith(".json"))) {
      const requestFile = path.join(dir, name);
      try {
        const { out: asked } = JSON.parse(readFileSync(requestFile, "utf8")) as { out: string };
        const out = backupTarget(dataDir, String(asked));
        const started = Date.now();
        writeFileAtomically(out, await dumpPglite(client));
        log.info({ out, ms: Date.now() - started }, "backup written");
      } catch (err) {
        log.error({ err }, "backup failed");
        writeFileSync(`${requestFile}.error`, err instanceof Error ? err.message : String(err));
      } finally {
        rmSync(requestFile, { force: true });
      }
    }
  };
  // requests are served one after another, however many signals arrive
  const onSignal = () => {
    running = running.then(serve, serve);
  };
  process.on("SIGUSR2", onSignal);
  writeFileSync(controlFile(dataDir), JSON.stringify({ pid: process.pid }));
  // a request that arrived while the server was starting
  onSignal();
  return () => {
    process.off("SIGUSR2", onSignal);
    rmSync(controlFile(dataDir), { force: true });
  };
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return null;
  }
}

/** The live process that owns DATA_DIR, if any, and whether it takes backup requests. */
export function dataDirHolder(
  dataDir: string,
): { pid: number; command: string; takesRequests: boolean } | null {
  const lock = readJson<{ pid: number; command: string }>(path.join(dataDir, "server.lock"));
  if (!lock || !isAlive(lock.pid)) return null;
  const control = readJson<{ pid: number }>(controlFile(dataDir));
  return { pid: lock.pid, command: lock.command, takesRequests: control?.pid === lock.pid };
}

/** Client side: ask the server that owns DATA_DIR for a backup into `out` and wait for it. */
export async function requestBackupFromServer(
  dataDir: string,
  pid: number,
  out: string,
  timeoutMs = 300_000,
): Promise<void> {
  const dir = requestsDir(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const requestFile = path.join(dir, `${Date.now()}-${randomBytes(4).toString("hex")}.json`);
  writeFileSync(`${requestFile}.tmp`, JSON.stringify({ out }));
  renameSync(`${requestFile}.tmp`, requestFile);
  process.kill(pid, "SIGUSR2");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (existsSync(`${requestFile}.error`)) {
      const message = readFileSync(`${requestFile}.error`, "utf8");
      rmSync(`${requestFile}.error`, { force: true });
      throw new Error(`The server (process ${pid}) could not write the backup: ${message}`);
    }
    if (!existsSync(requestFile) && existsSync(out)) return;
    if (!isAlive(pid)) {
      rmSync(requestFile, { force: true });
      throw new Error(`The server (process ${pid}) ended before writing the backup.`);
    }
    if (Date.now() > deadline) {
      rmSync(requestFile, { force: true });
      throw new Error(`The server (process ${pid}) did not write the backup within ${timeoutMs / 1000} s.`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
